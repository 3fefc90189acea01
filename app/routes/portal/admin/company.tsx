import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { AdminErrorBoundary } from "#app/components/portal/AdminOnly.tsx";
import { PageBar } from "#app/components/portal/PageBar.tsx";
import { ErrorAlert, SuccessAlert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FIELD_CONTROL, FIELD_HINT, TextField } from "#app/components/ui/text-field.tsx";
import {
  BRAND_COLOR_PATTERN,
  LOGO_CONTENT_TYPES,
  PRODUCT_BRAND_COLOR,
} from "#app/lib/schemas/company-constants.ts";
import {
  companyBrandingSchema,
  companySettingsIntentSchema,
  companySettingsSchema,
} from "#app/lib/schemas/company-settings.ts";
import {
  getCompanyBranding,
  getCompanySettings,
  removeCompanyLogo,
  setCompanyLogo,
  updateCompanyBranding,
  updateCompanySettings,
} from "#server/accounts/index.ts";
import { answerAction, invalidForm } from "#server/web/answers.ts";
import { userCtx } from "#server/web/context.ts";
import { formFields, parseFields, readForm } from "#server/web/forms.ts";
import { requireRole } from "#server/web/guard.ts";
import type { Route } from "./+types/company";

export const meta: Route.MetaFunction = () => [{ title: "Company Settings | Carrierline" }];

export const middleware: Route.MiddlewareFunction[] = [requireRole("admin")];

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = userCtx(context);
  const [settings, branding] = await Promise.all([
    getCompanySettings(ctx),
    getCompanyBranding(ctx),
  ]);
  // The preview's address changes with every load, so a replaced logo is fetched again.
  const logoUrl = branding.hasLogo
    ? `/dashboard/companies/${ctx.user.companyId}/logo?v=${Date.now()}`
    : null;
  return { settings, branding, logoUrl, company: ctx.user.company ?? "Your company" };
}

export async function action({ request, context }: Route.ActionArgs) {
  // Refuses anyone but an admin (403) before the upload is read.
  const ctx = userCtx(context);
  const form = await readForm(request);
  const fields = formFields(form);
  const intent = parseFields(fields, companySettingsIntentSchema);
  if (!intent.ok) return invalidForm(intent.fieldErrors);

  if (intent.data.intent === "remove-logo") {
    return answerAction(async () => {
      await removeCompanyLogo(ctx);
      return { ok: true as const, message: "Logo removed" };
    });
  }
  if (intent.data.intent === "branding") {
    const branding = parseFields(fields, companyBrandingSchema);
    if (!branding.ok) return invalidForm(branding.fieldErrors);
    const logo = form.get("logo");
    return answerAction(async () => {
      // The logo first: a refused file leaves every setting as it was.
      if (logo instanceof File && logo.size > 0) {
        await setCompanyLogo(ctx, new Uint8Array(await logo.arrayBuffer()));
      }
      await updateCompanyBranding(ctx, branding.data);
      return { ok: true as const, message: "Branding saved" };
    });
  }
  const access = parseFields(fields, companySettingsSchema);
  if (!access.ok) return invalidForm(access.fieldErrors);
  return answerAction(async () => {
    await updateCompanySettings(ctx, access.data);
    return { ok: true as const, message: "Settings saved" };
  });
}

export function ErrorBoundary() {
  return <AdminErrorBoundary message="Failed to load company settings" />;
}

const CARD =
  "rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900";

export default function CompanySettings({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const submitting = navigation.formData?.get("intent");
  const fieldErrors = actionData && !actionData.ok ? (actionData.fieldErrors ?? {}) : {};
  return (
    <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <PageBar title="Company Settings">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Settings for everyone in your company. They apply from each person's next page.
        </p>
      </PageBar>
      {actionData?.ok ? <SuccessAlert className="mb-4">{actionData.message}</SuccessAlert> : null}
      {actionData && !actionData.ok ? (
        <ErrorAlert className="mb-4">{actionData.message}</ErrorAlert>
      ) : null}
      <Form method="post" className={CARD}>
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
            {busy && !submitting ? "Saving..." : "Save Changes"}
          </Button>
        </div>
      </Form>

      <section className={`${CARD} mt-6`} aria-labelledby="proposals-heading">
        <h3 id="proposals-heading" className="text-lg font-semibold">
          Proposals
        </h3>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Your logo and brand color appear on every proposal your team sends.
        </p>
        <LogoPreview
          url={loaderData.logoUrl}
          company={loaderData.company}
          removing={busy && submitting === "remove-logo"}
        />
        <Form method="post" encType="multipart/form-data" className="mt-4 space-y-5">
          <input type="hidden" name="intent" value="branding" />
          <BrandColorField
            initial={loaderData.branding.brandColor ?? ""}
            error={fieldErrors.brandColor}
          />
          <TextField
            label="Quotes stay valid for (days)"
            name="quoteValidityDays"
            type="number"
            inputMode="numeric"
            min={1}
            max={365}
            step={1}
            required
            defaultValue={loaderData.branding.quoteValidityDays}
            hint="From 1 to 365 days. A quote expires after this unless it is renewed."
            error={fieldErrors.quoteValidityDays}
            className="max-w-xs"
          />
          <div>
            <label htmlFor="company-logo" className="mb-1.5 block text-sm font-medium">
              {loaderData.logoUrl ? "Replace logo" : "Logo"}
            </label>
            <input
              id="company-logo"
              type="file"
              name="logo"
              accept={LOGO_CONTENT_TYPES.join(",")}
              aria-describedby={
                fieldErrors.logo ? "company-logo-hint company-logo-error" : "company-logo-hint"
              }
              aria-invalid={fieldErrors.logo ? true : undefined}
              className="block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-600 file:px-3 file:py-2 file:font-semibold file:text-white hover:file:bg-brand-700"
            />
            <p id="company-logo-hint" className={FIELD_HINT}>
              PNG or JPEG, up to 1 MB. A wide logo on a white or clear background prints best.
            </p>
            {fieldErrors.logo ? (
              <p id="company-logo-error" className="mt-1.5 text-sm text-red-600 dark:text-red-400">
                {fieldErrors.logo}
              </p>
            ) : null}
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={busy}>
              {busy && submitting === "branding" ? "Saving..." : "Save Branding"}
            </Button>
          </div>
        </Form>
      </section>
    </main>
  );
}

/** A colour picker and the same colour as text, kept in step; the text is what is posted. */
function BrandColorField({ initial, error }: { initial: string; error: string | undefined }) {
  const [color, setColor] = useState(initial);
  const normalized = color.trim().toLowerCase();
  const valid = BRAND_COLOR_PATTERN.test(normalized);
  const describedBy = error ? "brand-color-hint brand-color-error" : "brand-color-hint";
  return (
    <div>
      <label htmlFor="brand-color" className="mb-1.5 block text-sm font-medium">
        Brand color
      </label>
      <div className="flex max-w-xs items-center gap-3">
        <input
          type="color"
          aria-label="Pick a brand color"
          value={valid ? normalized : PRODUCT_BRAND_COLOR}
          onChange={(event) => setColor(event.target.value)}
          className="h-10 w-14 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1 dark:border-slate-700 dark:bg-slate-900"
        />
        <input
          id="brand-color"
          name="brandColor"
          value={color}
          onChange={(event) => setColor(event.target.value)}
          placeholder={PRODUCT_BRAND_COLOR}
          spellCheck={false}
          autoComplete="off"
          maxLength={7}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          className={FIELD_CONTROL}
        />
      </div>
      <p id="brand-color-hint" className={FIELD_HINT}>
        As # and six hex digits. Leave empty for Carrierline blue.
      </p>
      {error ? (
        <p id="brand-color-error" className="mt-1.5 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function LogoPreview(props: { url: string | null; company: string; removing: boolean }) {
  if (!props.url) {
    return (
      <p className="mt-4 rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
        No logo yet. Proposals show your company name on its own.
      </p>
    );
  }
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      {/* A white tile in both themes: the logo is shown as it prints on paper. */}
      <div className="rounded-md bg-white p-3 ring-1 ring-slate-200 dark:ring-slate-600">
        <img
          src={props.url}
          alt={`${props.company} logo`}
          className="max-h-16 max-w-60 object-contain"
        />
      </div>
      <Form method="post">
        <input type="hidden" name="intent" value="remove-logo" />
        <Button type="submit" variant="secondary" disabled={props.removing}>
          {props.removing ? "Removing..." : "Remove Logo"}
        </Button>
      </Form>
    </div>
  );
}
