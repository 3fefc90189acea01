import { useRef, useState } from "react";
import { data, Form, Link, useNavigation, useSubmit } from "react-router";
import { AdminErrorBoundary } from "#app/components/portal/AdminOnly.tsx";
import { EmptyState } from "#app/components/portal/Catalog.tsx";
import { PageBar } from "#app/components/portal/PageBar.tsx";
import { ErrorAlert, SuccessAlert } from "#app/components/ui/alert.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { Modal } from "#app/components/ui/modal.tsx";
import { SearchInput } from "#app/components/ui/search-input.tsx";
import { Select } from "#app/components/ui/select.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { readFilters } from "#app/lib/schemas/catalog-filters.ts";
import {
  ROLE_LABELS,
  USER_ROLES,
  type UserAction,
  userActionSchema,
  userListQuerySchema,
} from "#app/lib/schemas/users.ts";
import {
  type AdminActor,
  banCompanyUser,
  type CompanyUserRow,
  createCompanyUser,
  deleteCompanyUser,
  type GeneratedLink,
  generateUserLink,
  listCompanyUsers,
  revokeCompanyUserSessions,
  setCompanyUserRole,
  unbanCompanyUser,
} from "#server/accounts/admin-users.ts";
import { inviteUser } from "#server/accounts/invitations.ts";
import type { Outcome } from "#server/accounts/outcome.ts";
import { statusOf } from "#server/http/errors.ts";
import { portalOf, runtimeOf } from "#server/web/context.ts";
import { requireRole } from "#server/web/guard.ts";
import type { Route } from "./+types/users";

export const meta: Route.MetaFunction = () => [{ title: "Users | Carrierline" }];

export const middleware: Route.MiddlewareFunction[] = [requireRole("admin")];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = portalOf(context).ctx.user;
  const query = readFilters(userListQuerySchema, new URL(request.url).searchParams);
  const list = await listCompanyUsers(await runtimeOf(context), admin.companyId, query);
  return { ...list, query, me: admin.id };
}

type ActionData = {
  ok: boolean;
  message: string;
  intent: UserAction["intent"] | null;
  /** A link made for the admin to pass on; shown once, never stored or mailed. */
  link?: GeneratedLink & { username: string };
  fieldErrors?: Record<string, string | undefined>;
};

const SUCCESS: Record<UserAction["intent"], (username: string) => string> = {
  create: (u) => `Created ${u}.`,
  invite: () => "Invitation sent.",
  role: (u) => `Changed ${u}'s role.`,
  ban: (u) => `Banned ${u} and ended their sessions.`,
  unban: (u) => `Unbanned ${u}.`,
  delete: (u) => `Deleted ${u}.`,
  "revoke-sessions": (u) => `Ended every session of ${u}.`,
  link: (u) => `Made a link for ${u}.`,
};

async function run(actor: AdminActor, input: UserAction): Promise<Outcome<GeneratedLink | null>> {
  const nothing = <T,>(o: Outcome<T>): Outcome<null> => (o.ok ? { ok: true, value: null } : o);
  switch (input.intent) {
    case "create":
      return nothing(await createCompanyUser(actor, input));
    case "invite":
      return nothing(await inviteUser(actor.runtime, actor.admin, input));
    case "role":
      return nothing(await setCompanyUserRole(actor, input.userId, input.role));
    case "ban":
      return nothing(await banCompanyUser(actor, input.userId, input.reason));
    case "unban":
      return nothing(await unbanCompanyUser(actor, input.userId));
    case "delete":
      return nothing(await deleteCompanyUser(actor, input.userId));
    case "revoke-sessions":
      return nothing(await revokeCompanyUserSessions(actor, input.userId));
    case "link":
      return generateUserLink(actor, input.userId, input.kind);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = portalOf(context).ctx.user;
  const form = await request.formData();
  const fields = Object.fromEntries([...form].map(([k, v]) => [k, String(v)]));
  const parsed = userActionSchema.safeParse(fields);
  const intent = userActionSchema.options
    .map((o) => o.shape.intent.value)
    .find((i) => i === fields.intent);
  if (!parsed.success) {
    const errors = parsed.error.flatten().fieldErrors;
    const fieldErrors = Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v?.[0]]));
    return data<ActionData>(
      { ok: false, message: "Check the highlighted fields.", intent: intent ?? null, fieldErrors },
      { status: 400 },
    );
  }
  const input = parsed.data;
  const runtime = await runtimeOf(context);
  const username =
    input.intent === "create"
      ? input.username
      : input.intent === "invite"
        ? input.email
        : (fields.username ?? "the user");
  const outcome = await run({ runtime, admin, headers: request.headers }, input);
  if (!outcome.ok) {
    const fieldErrors =
      input.intent === "create" && outcome.reasons
        ? { password: outcome.message }
        : outcome.code === "USERNAME_IS_ALREADY_TAKEN"
          ? { username: outcome.message }
          : undefined;
    return data<ActionData>(
      {
        ok: false,
        message: outcome.message,
        intent: input.intent,
        ...(fieldErrors ? { fieldErrors } : {}),
      },
      { status: statusOf(outcome.kind) },
    );
  }
  return data<ActionData>(
    {
      ok: true,
      message: SUCCESS[input.intent](username),
      intent: input.intent,
      ...(outcome.value ? { link: { ...outcome.value, username } } : {}),
    },
    // A live sign-in link: never kept by a cache.
    { headers: { "Cache-Control": "no-store" } },
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary message="Failed to load users" />;
}

const ROLE_OPTIONS = USER_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

/** A form that opens on demand, and stays open when its last submit was refused. */
function FormPanel(props: { title: string; open: boolean; children: React.ReactNode }) {
  return (
    <details
      className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
      open={props.open}
    >
      <summary className="cursor-pointer font-semibold">{props.title}</summary>
      {props.children}
    </details>
  );
}

function Badge({ tone, children }: { tone: "good" | "bad" | "plain"; children: string }) {
  const tones = {
    good: "bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-300",
    bad: "bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-300",
    plain: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300",
  };
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${tones[tone]}`}>
      {children}
    </span>
  );
}

function ShownOnceLink({ link }: { link: NonNullable<ActionData["link"]> }) {
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin, a refusal): select the text for a manual copy instead.
      input.current?.select();
    }
  };
  const what = link.kind === "sign-in" ? "Sign-in link" : "Recovery link";
  return (
    <section
      aria-label={what}
      className="mb-6 rounded-2xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-800 dark:bg-amber-950/40"
    >
      <p className="text-sm font-semibold">
        {what} for {link.username}
      </p>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Shown only now and not emailed. It works once and expires in {link.expiresInMinutes}{" "}
        minutes; pass it on through a channel you trust.
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <input
          ref={input}
          readOnly
          aria-label={what}
          value={link.url}
          onFocus={(e) => e.currentTarget.select()}
          className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-xs dark:border-slate-700 dark:bg-slate-900"
        />
        <Button variant="secondary" onClick={copy}>
          {copied ? "Copied" : "Copy"}
        </Button>
      </div>
    </section>
  );
}

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

function UserActions({ user, self, busy }: { user: CompanyUserRow; self: boolean; busy: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const deleteForm = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
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
              className="min-w-48 flex-1 text-sm"
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
          {user.banned ? null : (
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
            <Form
              method="post"
              ref={deleteForm}
              onSubmit={(event) => {
                // With JavaScript, a dialog asks first; without it the browser's own form posts.
                event.preventDefault();
                setConfirming(true);
              }}
            >
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="userId" value={user.id} />
              <input type="hidden" name="username" value={user.username} />
              <Button
                type="submit"
                variant="secondary"
                className="text-red-700 dark:text-red-400"
                disabled={busy}
              >
                Delete
              </Button>
            </Form>
          )}
        </div>
      </div>
      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${user.username}?`}
        description="Their account, sessions and sign-in methods are removed for good. Records they created stay, without their name."
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button
            onClick={() => {
              setConfirming(false);
              if (deleteForm.current) submit(deleteForm.current);
            }}
          >
            Delete user
          </Button>
        </div>
      </Modal>
    </details>
  );
}

function Factors({ factors }: { factors: CompanyUserRow["factors"] }) {
  const names = [factors.totp ? "TOTP" : null, factors.phone ? "Phone" : null].filter(
    (n): n is string => n !== null,
  );
  return names.length === 0 ? (
    <span className="text-slate-500 dark:text-slate-400">None</span>
  ) : (
    <span className="flex gap-1">
      {names.map((n) => (
        <Badge key={n} tone="plain">
          {n}
        </Badge>
      ))}
    </span>
  );
}

export default function Users({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, pages, query, me } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const submitting = (intent: string) => busy && navigation.formData?.get("intent") === intent;
  const result: ActionData | undefined = actionData;
  const errors = result && !result.ok ? result.fieldErrors : undefined;
  const errorFor = (intent: UserAction["intent"], field: string) =>
    result?.intent === intent ? errors?.[field] : undefined;
  const pageLink = (page: number) => {
    const params = new URLSearchParams();
    if (query.q) params.set("q", query.q);
    if (page > 1) params.set("page", String(page));
    const search = params.toString();
    return search ? `?${search}` : ".";
  };

  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageBar title="Users">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Everyone with an account in your company. Changes apply at once, also to sessions already
          signed in.
        </p>
      </PageBar>

      {result ? (
        result.ok ? (
          <SuccessAlert className="mb-4">{result.message}</SuccessAlert>
        ) : (
          <ErrorAlert className="mb-4">{result.message}</ErrorAlert>
        )
      ) : null}
      {result?.link ? <ShownOnceLink link={result.link} /> : null}

      <div className="mb-6 grid gap-4 lg:grid-cols-2">
        <FormPanel title="Invite by email" open={result?.intent === "invite" && !result.ok}>
          <Form method="post" className="mt-4 space-y-4" noValidate>
            <input type="hidden" name="intent" value="invite" />
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="off"
              required
              error={errorFor("invite", "email")}
              disabled={busy}
            />
            <Select
              label="Role"
              name="role"
              options={ROLE_OPTIONS}
              defaultValue="agent"
              disabled={busy}
            />
            <Button type="submit" disabled={busy}>
              {submitting("invite") ? "Sending..." : "Send invitation"}
            </Button>
          </Form>
        </FormPanel>
        <FormPanel title="Create a user" open={result?.intent === "create" && !result.ok}>
          <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
            <input type="hidden" name="intent" value="create" />
            <TextField
              label="Username"
              name="username"
              autoComplete="off"
              autoCapitalize="none"
              required
              error={errorFor("create", "username")}
              disabled={busy}
            />
            <TextField
              label="Name"
              name="name"
              autoComplete="off"
              required
              error={errorFor("create", "name")}
              disabled={busy}
            />
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="off"
              required
              error={errorFor("create", "email")}
              disabled={busy}
            />
            <Select
              label="Role"
              name="role"
              options={ROLE_OPTIONS}
              defaultValue="agent"
              disabled={busy}
            />
            <TextField
              label="Password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              hint="At least 8 characters; not a common password, the username or the email"
              error={errorFor("create", "password")}
              disabled={busy}
              className="sm:col-span-2"
            />
            <Button type="submit" disabled={busy} className="sm:col-span-2 sm:justify-self-start">
              {submitting("create") ? "Creating..." : "Create user"}
            </Button>
          </Form>
        </FormPanel>
      </div>

      <Form method="get" role="search" className="mb-4 flex max-w-md gap-2">
        <SearchInput
          label="Search users"
          name="q"
          placeholder="Search by username, name or email..."
          defaultValue={query.q}
          className="flex-1"
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>

      {rows.length === 0 ? (
        <EmptyState>{query.q ? "No users match your search" : "No users yet"}</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
          <table className="w-full min-w-[900px] text-left text-sm">
            <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wider text-slate-500 dark:border-slate-800 dark:bg-slate-800/50 dark:text-slate-400">
              <tr>
                {["User", "Email", "Role", "Status", "Two-factor", "Last sign-in", "Actions"].map(
                  (h) => (
                    <th key={h} scope="col" className="px-4 py-2">
                      {h}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 align-top dark:divide-slate-800">
              {rows.map((u) => (
                <tr key={u.id}>
                  <td className="px-4 py-3">
                    <p className="font-medium">{u.username}</p>
                    <p className="text-xs text-slate-500 dark:text-slate-400">{u.name}</p>
                  </td>
                  <td className="px-4 py-3">{u.email}</td>
                  <td className="px-4 py-3">{ROLE_LABELS[u.role]}</td>
                  <td className="px-4 py-3">
                    {u.banned ? (
                      <span className="space-y-1">
                        <Badge tone="bad">Banned</Badge>
                        {u.banReason ? (
                          <span className="block text-xs text-slate-500 dark:text-slate-400">
                            {u.banReason}
                          </span>
                        ) : null}
                      </span>
                    ) : (
                      <Badge tone="good">Active</Badge>
                    )}
                  </td>
                  <td className="px-4 py-3">
                    <Factors factors={u.factors} />
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    {u.lastSignInAt ? (
                      <LocalTime date={u.lastSignInAt} />
                    ) : (
                      <span className="text-slate-500 dark:text-slate-400">-</span>
                    )}
                  </td>
                  <td className="px-4 py-3">
                    <UserActions user={u} self={u.id === me} busy={busy} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav
        aria-label="Pages"
        className="mt-3 flex flex-wrap items-center gap-3 text-sm text-slate-600 dark:text-slate-400"
      >
        <span>
          {total.toLocaleString("en-US")} {total === 1 ? "user" : "users"}
          {pages > 1 ? ` · page ${query.page} of ${pages}` : ""}
        </span>
        {query.page > 1 ? (
          <Link
            to={pageLink(query.page - 1)}
            className="font-medium text-brand-600 hover:underline dark:text-brand-400"
          >
            Previous page
          </Link>
        ) : null}
        {query.page < pages ? (
          <Link
            to={pageLink(query.page + 1)}
            className="font-medium text-brand-600 hover:underline dark:text-brand-400"
          >
            Next page
          </Link>
        ) : null}
      </nav>
    </main>
  );
}
