import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { ConfirmForm } from "#app/components/ui/confirm-form.tsx";
import { CellText, type DataColumn, DataTable } from "#app/components/ui/data-table.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { formatDate } from "#app/lib/format.ts";
import { type PendingInvitationRow, ROLE_LABELS } from "#app/lib/schemas/user-constants.ts";

type InvitationColumn = "email" | "role" | "invitedBy" | "sent" | "expires" | "actions";

/** Email, role and Revoke always show; who sent it and when fold under the email when narrow. */
function invitationColumns(busy: boolean): DataColumn<PendingInvitationRow, InvitationColumn>[] {
  return [
    {
      key: "email",
      header: "Email",
      primary: true,
      cell: (i) => <CellText text={i.email} className="max-w-64" />,
    },
    { key: "role", header: "Role", cell: (i) => ROLE_LABELS[i.role] },
    {
      key: "invitedBy",
      header: "Invited by",
      priority: 3,
      className: "whitespace-nowrap",
      cell: (i) => i.invitedBy ?? <span className="text-slate-500 dark:text-slate-400">-</span>,
    },
    {
      key: "sent",
      header: "Sent",
      priority: 2,
      className: "whitespace-nowrap",
      // The day is enough for when it was sent; the hour matters for when the link stops working.
      cell: (i) => <LocalTime date={i.sentAt} format={formatDate} />,
    },
    {
      key: "expires",
      header: "Expires",
      priority: 2,
      className: "whitespace-nowrap",
      cell: (i) => <LocalTime date={i.expiresAt} />,
    },
    {
      key: "actions",
      header: "Actions",
      actions: true,
      cell: (i) => (
        <div className="flex gap-2">
          <Form method="post">
            <input type="hidden" name="intent" value="resend-invitation" />
            <input type="hidden" name="invitationId" value={i.id} />
            <input type="hidden" name="email" value={i.email} />
            <Button type="submit" variant="secondary" disabled={busy}>
              Resend<span className="sr-only"> the invitation to {i.email}</span>
            </Button>
          </Form>
          <ConfirmForm
            fields={{ intent: "revoke-invitation", invitationId: i.id, email: i.email }}
            danger
            busy={busy}
            title={`Revoke the invitation to ${i.email}?`}
            description="The link in their email stops working at once. You can invite them again later."
            confirmLabel="Revoke invitation"
          >
            Revoke<span className="sr-only"> the invitation to {i.email}</span>
          </ConfirmForm>
        </div>
      ),
    },
  ];
}

/** The invitations not yet accepted; the section is left out while there are none. */
export function PendingInvitations(props: { rows: PendingInvitationRow[]; busy: boolean }) {
  if (props.rows.length === 0) return null;
  return (
    <section aria-labelledby="pending-invitations" className="mb-8">
      <h2 id="pending-invitations" className="mb-1 text-lg font-semibold">
        Pending invitations
      </h2>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
        Sent and not yet accepted. Each link works once, until it expires.
      </p>
      <DataTable
        label="Pending invitations"
        columns={invitationColumns(props.busy)}
        rows={props.rows}
        rowKey={(i) => i.id}
      />
    </section>
  );
}
