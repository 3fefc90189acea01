import { Form, useNavigation } from "react-router";
import { AdminErrorBoundary } from "#app/components/portal/AdminOnly.tsx";
import { PageBar } from "#app/components/portal/PageBar.tsx";
import { SuccessAlert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { companySettingsSchema } from "#app/lib/schemas/company-settings.ts";
import { getCompanySettings, updateCompanySettings } from "#server/accounts/index.ts";
import { answerAction, invalidForm } from "#server/web/answers.ts";
import { userCtx } from "#server/web/context.ts";
import { parseForm } from "#server/web/forms.ts";
import { requireRole } from "#server/web/guard.ts";
import type { Route } from "./+types/company";

export const meta: Route.MetaFunction = () => [{ title: "Company Settings | Carrierline" }];

export const middleware: Route.MiddlewareFunction[] = [requireRole("admin")];

export async function loader({ context }: Route.LoaderArgs) {
  return { settings: await getCompanySettings(userCtx(context)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = userCtx(context);
  const form = await parseForm(request, companySettingsSchema);
  if (!form.ok) return invalidForm(form.fieldErrors);
  return answerAction(async () => {
    await updateCompanySettings(ctx, form.data);
    return { ok: true as const, message: "Settings saved" };
  });
}

export function ErrorBoundary() {
  return <AdminErrorBoundary message="Failed to load company settings" />;
}

export default function CompanySettings({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <PageBar title="Company Settings">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Settings for everyone in your company. They apply from each person's next page.
        </p>
      </PageBar>
      {actionData && "ok" in actionData && actionData.ok ? (
        <SuccessAlert className="mb-4">{actionData.message}</SuccessAlert>
      ) : null}
      <Form
        method="post"
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <h3 className="text-lg font-semibold">Deals and customers</h3>
        <label className="mt-4 flex items-start gap-3">
          <input
            type="checkbox"
            name="agentsSeeOwnOnly"
            defaultChecked={loaderData.settings.agentsSeeOwnOnly}
            className="mt-1 size-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500 dark:border-slate-600"
          />
          <span>
            <span className="font-medium">Agents see only their own deals and customers</span>
            <span className="mt-1 block text-sm text-slate-600 dark:text-slate-400">
              Agents then see, search, export and change only what is assigned to them. Managers and
              admins always see the whole company.
            </span>
          </span>
        </label>
        <div className="mt-6 flex justify-end">
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Save Changes"}
          </Button>
        </div>
      </Form>
    </main>
  );
}
