import { Form } from "react-router";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { ConfirmForm } from "#app/components/ui/confirm-form.tsx";
import { Select } from "#app/components/ui/select.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { type CompanyUserRow, ROLE_OPTIONS } from "#app/lib/schemas/user-constants.ts";
import type { UserAction } from "#app/lib/schemas/users.ts";

/** One small form per action: plain POSTs, so every action works before JavaScript loads. */
function ActionForm({
  user,
  intent,
  children,
  busy,
  onSubmit,
}: {
  user: CompanyUserRow;
  intent: UserAction["intent"];
  children: React.ReactNode;
  busy: boolean;
  onSubmit?: (event: React.FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2" onSubmit={onSubmit}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="userId" value={user.id} />
      <input type="hidden" name="username" value={user.username} />
      <fieldset disabled={busy} className="contents">
        {children}
      </fieldset>
    </Form>
  );
}

/** The actions on one user (role, ban, sessions, links, delete), folded under Manage. */
export function UserActions({
  user,
  self,
  busy,
}: {
  user: CompanyUserRow;
  self: boolean;
  busy: boolean;
}) {
  return (
    <details className="group">
      <summary className={buttonClass("secondary", "cursor-pointer list-none py-1.5")}>
        Manage<span className="sr-only"> {user.username}</span>
      </summary>
      <div className="mt-3 space-y-3 rounded-xl border border-slate-200 p-3 dark:border-slate-800">
        <ActionForm user={user} intent="role" busy={busy}>
          <Select
            label={`Role of ${user.username}`}
            name="role"
            options={ROLE_OPTIONS}
            defaultValue={user.role}
            disabled={self}
          />
          <Button type="submit" variant="secondary" disabled={self}>
            Change role
          </Button>
        </ActionForm>
        {self ? (
          <p className="text-xs text-slate-500 dark:text-slate-400">
            You cannot change your own role, ban or delete yourself.
          </p>
        ) : user.banned ? (
          <ActionForm user={user} intent="unban" busy={busy}>
            <Button type="submit" variant="secondary">
              Unban
            </Button>
          </ActionForm>
        ) : (
          <ActionForm user={user} intent="ban" busy={busy}>
            <TextField
              label={`Reason for banning ${user.username}`}
              name="reason"
              maxLength={200}
              placeholder="Optional"
              className="w-full text-sm"
            />
            <Button type="submit" variant="secondary">
              Ban
            </Button>
          </ActionForm>
        )}
        <div className="flex flex-wrap gap-2">
          <ActionForm user={user} intent="revoke-sessions" busy={busy}>
            <Button type="submit" variant="secondary">
              End all sessions
            </Button>
          </ActionForm>
          {/* The server gives links for agents and managers alone (a link is the account). */}
          {user.banned || user.role === "admin" ? null : (
            <>
              <ActionForm user={user} intent="link" busy={busy}>
                <input type="hidden" name="kind" value="sign-in" />
                <Button type="submit" variant="secondary">
                  Sign-in link
                </Button>
              </ActionForm>
              <ActionForm user={user} intent="link" busy={busy}>
                <input type="hidden" name="kind" value="recovery" />
                <Button type="submit" variant="secondary">
                  Recovery link
                </Button>
              </ActionForm>
            </>
          )}
          {self ? null : (
            <ConfirmForm
              fields={{ intent: "delete", userId: user.id, username: user.username }}
              danger
              busy={busy}
              title={`Delete ${user.username}?`}
              description="Their account, sessions and sign-in methods are removed for good. Records they created stay, without their name."
              confirmLabel="Delete user"
            >
              Delete
            </ConfirmForm>
          )}
        </div>
      </div>
    </details>
  );
}
