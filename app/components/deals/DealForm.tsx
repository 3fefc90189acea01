import { type ReactNode, useEffect, useMemo, useState } from "react";
import { Form, useFetcher } from "react-router";
import type { z } from "zod";
import { ErrorAlert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FormSection } from "#app/components/ui/form-section.tsx";
import { SelectField } from "#app/components/ui/select-field.tsx";
import { TextareaField, TextField } from "#app/components/ui/text-field.tsx";
import { CALENDAR_FIRST_DAY, CALENDAR_LAST_DAY } from "#app/lib/calendar-range.ts";
import {
  closedProbability,
  DEFAULT_CONTRACT_TERM,
  dealFigures,
  FIGURE_FIELDS,
} from "#app/lib/deal-figures.ts";
import {
  DEAL_CARRIER_LABELS,
  DEAL_CARRIERS,
  DEAL_STAGE_LABELS,
  DEAL_STAGES,
  DEAL_STATUS_LABELS,
  DEAL_STATUSES,
  type DealCarrier,
  HARDWARE_SOURCE_LABELS,
  HARDWARE_SOURCES,
} from "#app/lib/domain.ts";
import { formatCents } from "#app/lib/format.ts";
import { type OnFirstUse, submitWhenLoaded } from "#app/lib/on-first-use.ts";
import type { CustomerOption } from "#app/lib/schemas/customers.ts";
import type { DealFields } from "#app/lib/schemas/deals.ts";
import type { RatePlanOption } from "#app/lib/schemas/rate-plan.ts";
import { CustomerPicker } from "./CustomerPicker.tsx";

export type DealFormValues = Partial<Record<string, string>>;

/** A stored deal's fields as the edit form's text values (what Save Changes posts untouched). */
export function dealFormValues(deal: DealFields): Record<keyof DealFields, string> {
  const dollars = (cents: number) => (cents === 0 ? "" : (cents / 100).toFixed(2));
  return {
    title: deal.title,
    description: deal.description ?? "",
    status: deal.status,
    stage: deal.stage,
    carrier: deal.carrier,
    probability: String(deal.probability),
    closeDate: deal.closeDate ?? "",
    productType: deal.productType ?? "",
    voiceLines: String(deal.voiceLines),
    mobileInternetLines: String(deal.mobileInternetLines),
    fixedWirelessLines: String(deal.fixedWirelessLines),
    useCase: deal.useCase ?? "",
    hardwareSource: deal.hardwareSource,
    partnerSolution: deal.partnerSolution ?? "",
    ratePlanId: deal.ratePlanId ?? "",
    monthlyRate: dollars(deal.monthlyRate),
    contractTerm: deal.contractTerm === null ? "" : String(deal.contractTerm),
    oneTimeRevenue: dollars(deal.oneTimeRevenue),
    lostReason: deal.lostReason ?? "",
  };
}
type FieldErrors = Partial<Record<string, string>>;

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/** A number field as the spec reads it: a non-numeric entry counts as 0. */
const count = (value: string | undefined) => {
  const n = Number(value ?? "");
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
};
/** The contract term as the schema reads it: blank is unset (the default of 24 months). */
const term = (value: string) => (value.trim() === "" ? null : count(value));
/** A field a deal's figures come from, as the server stores it. */
const figureValue = (name: (typeof FIGURE_FIELDS)[number], value: string) =>
  name === "monthlyRate"
    ? cents(value)
    : name === "contractTerm"
      ? (term(value) ?? DEFAULT_CONTRACT_TERM)
      : count(value);
/** A plan's Price Per Line as the rate field holds it. */
const planPrice = (plan: RatePlanOption) => (plan.pricePerLineCents / 100).toFixed(2);
const cents = (value: string | undefined) => {
  const n = Number((value ?? "").replace(/[$,\s]/g, ""));
  return Number.isFinite(n) && n > 0 ? Math.round(n * 100) : 0;
};

/**
 * New Deal and the deal page's edit form: the spec's sections, checked in the browser by the
 * same schema the server applies, with the computed lines, value and monthly revenue shown as
 * the agent types (the server computes its own).
 */
export function DealForm(props: {
  /** The shared schema, loaded on the form's first focus or submit. */
  schema: OnFirstUse<z.ZodType>;
  values: DealFormValues;
  /** The rate plans the loader read, and for which carrier. */
  plans: { carrier: DealCarrier; plans: readonly RatePlanOption[] };
  /** New Deal: the Company Information section, with the customer picker. */
  withCustomer: boolean;
  fieldErrors?: FieldErrors | undefined;
  formError?: string | undefined;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  intent?: string;
  /** Shown beside the submit button (Cancel). */
  secondary?: ReactNode;
  /**
   * A converted quote's stored value and monthly revenue (decision 0021): shown instead of the
   * computation while the fields they come from are as opened, as the server keeps them on save.
   */
  quoted?: { valueCents: number; monthlyRevenueCents: number } | undefined;
}) {
  const { values } = props;
  const [clientErrors, setClientErrors] = useState<{ from: unknown; errors: FieldErrors }>();
  const errors =
    clientErrors && clientErrors.from === props.fieldErrors
      ? clientErrors.errors
      : (props.fieldErrors ?? {});
  const [live, setLive] = useState({
    voiceLines: values.voiceLines ?? "0",
    mobileInternetLines: values.mobileInternetLines ?? "0",
    fixedWirelessLines: values.fixedWirelessLines ?? "0",
    monthlyRate: values.monthlyRate ?? "",
    contractTerm: values.contractTerm ?? "24",
    oneTimeRevenue: values.oneTimeRevenue ?? "",
  });
  const [carrier, setCarrier] = useState<DealCarrier>(
    DEAL_CARRIERS.find((c) => c === values.carrier) ?? "ATT",
  );
  const [ratePlanId, setRatePlanId] = useState(values.ratePlanId ?? "");
  // The rate a chosen plan filled in, while the agent has not changed it: another carrier's plan
  // price must not stay behind when the carrier (and with it the plan) changes. A stored rate is
  // the plan's only when it is the plan's price (a rate the agent set is theirs).
  const [planRate, setPlanRate] = useState<string | null>(() => {
    const plan = props.plans.plans.find((p) => p.id === values.ratePlanId);
    return plan && planPrice(plan) === values.monthlyRate ? planPrice(plan) : null;
  });
  // The rate a plan's price replaced, when no plan had filled it in (the agent's own, or a
  // converted quote's, with its devices in it): said under the rate, and had back with a click,
  // so touching the plan select never drops part of the deal's value unseen.
  const [replacedRate, setReplacedRate] = useState<string | null>(null);
  const [status, setStatus] = useState(values.status ?? "lead");
  // Won or Lost settles the probability shown (100% or 0%); the agent's estimate is still sent,
  // and kept, for a deal that goes back to an open status.
  const chosenStatus = DEAL_STATUSES.find((s) => s === status);
  const settled = chosenStatus ? closedProbability(chosenStatus) : null;
  const [contactName, setContactName] = useState(values.contactName ?? "");
  const [website, setWebsite] = useState(values.companyWebsite ?? "");

  // The chosen carrier's plans: the loader's for the first carrier, then fetched on change.
  const plansFetcher = useFetcher<{ carrier: DealCarrier; plans: RatePlanOption[] }>();
  const plans =
    plansFetcher.data?.carrier === carrier
      ? plansFetcher.data.plans
      : props.plans.carrier === carrier
        ? props.plans.plans
        : [];
  const plansLoading = plansFetcher.state === "loading";
  const [loadedFor, setLoadedFor] = useState(props.plans.carrier);
  useEffect(() => {
    if (carrier === loadedFor) return;
    setLoadedFor(carrier);
    plansFetcher.load(`/dashboard/deals/rate-plans?carrier=${carrier}`);
  }, [carrier, loadedFor, plansFetcher]);

  const figures = useMemo(
    () =>
      dealFigures({
        voiceLines: count(live.voiceLines),
        mobileInternetLines: count(live.mobileInternetLines),
        fixedWirelessLines: count(live.fixedWirelessLines),
        monthlyRateCents: cents(live.monthlyRate),
        contractTerm: term(live.contractTerm),
        oneTimeRevenueCents: cents(live.oneTimeRevenue),
      }),
    [live],
  );
  // A quote's figures stay while the fields they come from read as they did when the form opened
  // (the server compares the same way on save); any other value shows the computation.
  const [opened] = useState(live);
  const { quoted } = props;
  const keepsQuoted =
    quoted !== undefined &&
    FIGURE_FIELDS.every(
      (name) => figureValue(name, live[name]) === figureValue(name, opened[name]),
    );
  const shown = keepsQuoted ? { ...figures, ...quoted } : figures;

  const setLiveField = (name: keyof typeof live) => ({
    name,
    value: live[name],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setLive((prev) => ({ ...prev, [name]: value }));
    },
  });

  const validate = (form: HTMLFormElement, schema: z.ZodType): string | undefined => {
    const fields: Record<string, string> = {};
    for (const [name, value] of new FormData(form)) {
      if (typeof value === "string") fields[name] = value;
    }
    const parsed = schema.safeParse(fields);
    const found: FieldErrors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path.map(String).join(".") || "form";
        found[key] ??= issue.message;
      }
    }
    setClientErrors({ from: props.fieldErrors, errors: found });
    // The first field to fix in the order the agent sees them, not the schema's.
    const named = [...form.elements].find(
      (el) =>
        el instanceof HTMLElement &&
        "name" in el &&
        typeof el.name === "string" &&
        el.name in found,
    );
    return named && "name" in named && typeof named.name === "string"
      ? named.name
      : Object.keys(found)[0];
  };

  const field = (name: string) => ({
    name,
    error: errors[name],
    defaultValue: values[name],
  });

  return (
    <Form
      method="post"
      noValidate
      aria-busy={props.busy || undefined}
      onFocus={() => void props.schema.load()}
      onSubmit={(e) =>
        submitWhenLoaded(props.schema, e, (schema) => {
          const invalid = validate(e.currentTarget, schema);
          if (!invalid) return;
          e.preventDefault();
          const control = e.currentTarget.elements.namedItem(invalid);
          if (control instanceof HTMLElement) control.focus();
        })
      }
      className="space-y-6"
    >
      {props.intent ? <input type="hidden" name="intent" value={props.intent} /> : null}

      {props.withCustomer ? (
        <FormSection title="Company Information">
          <div className="sm:col-span-2">
            <CustomerPicker
              defaultValue={values.companyName}
              defaultCustomerId={values.customerId}
              error={errors.companyName ?? errors.customerId}
              onPick={(customer: CustomerOption | null) => {
                if (!customer) return;
                setContactName(customer.name);
                setWebsite(customer.companyWebsite ?? "");
              }}
            />
          </div>
          <TextField
            label="Contact name *"
            name="contactName"
            autoComplete="name"
            required
            maxLength={200}
            error={errors.contactName}
            value={contactName}
            onChange={(e) => setContactName(e.currentTarget.value)}
          />
          <TextField
            label="Company website"
            name="companyWebsite"
            type="url"
            inputMode="url"
            placeholder="https://example.com"
            maxLength={300}
            error={errors.companyWebsite}
            value={website}
            onChange={(e) => setWebsite(e.currentTarget.value)}
          />
        </FormSection>
      ) : null}

      <FormSection title="Opportunity Information">
        <TextField
          label="Deal title *"
          required
          maxLength={200}
          className="sm:col-span-2"
          {...field("title")}
        />
        <TextareaField
          label="Description"
          rows={3}
          maxLength={5000}
          className="sm:col-span-2"
          {...field("description")}
        />
        <TextField
          label="Product type"
          maxLength={100}
          placeholder="Business Unlimited"
          {...field("productType")}
        />
        <SelectField
          label="Carrier"
          name="carrier"
          required
          value={carrier}
          onChange={(value) => {
            const next = DEAL_CARRIERS.find((c) => c === value);
            if (next) {
              setCarrier(next);
              setRatePlanId("");
              if (planRate !== null && live.monthlyRate === planRate) {
                setLive((prev) => ({ ...prev, monthlyRate: replacedRate ?? "" }));
              }
              setPlanRate(null);
              setReplacedRate(null);
            }
          }}
          options={options(DEAL_CARRIERS, DEAL_CARRIER_LABELS)}
          error={errors.carrier}
        />
      </FormSection>

      <FormSection title="Opportunity Details">
        <TextField
          label="Voice lines"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          error={errors.voiceLines}
          {...setLiveField("voiceLines")}
        />
        <TextField
          label="Mobile internet lines"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          error={errors.mobileInternetLines}
          {...setLiveField("mobileInternetLines")}
        />
        <TextField
          label="Fixed wireless lines"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          error={errors.fixedWirelessLines}
          {...setLiveField("fixedWirelessLines")}
        />
        <SelectField
          label="Hardware source"
          name="hardwareSource"
          defaultValue={values.hardwareSource ?? "carrier"}
          options={options(HARDWARE_SOURCES, HARDWARE_SOURCE_LABELS)}
          error={errors.hardwareSource}
        />
        <TextareaField
          label="Use case"
          rows={2}
          maxLength={2000}
          className="sm:col-span-2"
          {...field("useCase")}
        />
        <TextField
          label="Partner solution"
          maxLength={200}
          className="sm:col-span-2"
          {...field("partnerSolution")}
        />
      </FormSection>

      <FormSection title="Rate Plan Details (Optional)">
        <SelectField
          label={`Rate plan (${DEAL_CARRIER_LABELS[carrier]})`}
          name="ratePlanId"
          value={ratePlanId}
          busy={plansLoading}
          className="sm:col-span-2"
          onChange={(value) => {
            setRatePlanId(value);
            const plan = plans.find((p) => p.id === value);
            if (plan) {
              const rate = planPrice(plan);
              const own = live.monthlyRate.trim() !== "" && live.monthlyRate !== planRate;
              if (own && live.monthlyRate !== rate) setReplacedRate(live.monthlyRate);
              setLive((prev) => ({ ...prev, monthlyRate: rate }));
              setPlanRate(rate);
            }
          }}
          options={[
            { value: "", label: plansLoading ? "Loading plans..." : "No rate plan" },
            ...plans.map((p) => ({
              value: p.id,
              label: `${p.plan} · ${p.planType} · ${formatCents(p.pricePerLineCents)}/line`,
            })),
          ]}
          error={errors.ratePlanId}
        />
        <TextField
          label="Monthly rate per line ($)"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          placeholder="0.00"
          error={errors.monthlyRate}
          hint={
            replacedRate !== null && live.monthlyRate === planRate ? (
              <>
                {"Set to the plan's price. "}
                <button
                  type="button"
                  className="font-medium text-brand-600 underline hover:no-underline dark:text-brand-400"
                  onClick={() => {
                    setLive((prev) => ({ ...prev, monthlyRate: replacedRate }));
                    setPlanRate(null);
                    setReplacedRate(null);
                  }}
                >
                  {`Restore ${formatCents(cents(replacedRate))}`}
                </button>
              </>
            ) : undefined
          }
          {...setLiveField("monthlyRate")}
        />
        <TextField
          label="Contract term (months)"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          placeholder="24"
          error={errors.contractTerm}
          {...setLiveField("contractTerm")}
        />
        <TextField
          label="One-time revenue ($)"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          placeholder="0.00"
          error={errors.oneTimeRevenue}
          {...setLiveField("oneTimeRevenue")}
        />
        <div
          aria-live="polite"
          className="rounded-xl bg-slate-50 p-4 text-sm sm:col-span-2 dark:bg-slate-800/60"
        >
          <dl className="grid grid-cols-3 gap-3">
            <Figure label="Total lines" value={shown.totalLines.toLocaleString("en-US")} />
            <Figure label="Deal value" value={formatCents(shown.valueCents)} />
            <Figure label="Monthly revenue" value={formatCents(shown.monthlyRevenueCents)} />
          </dl>
          {keepsQuoted ? (
            <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">
              The quote's own figures, credits and devices included. Changing the lines, rate or
              term recalculates them.
            </p>
          ) : null}
        </div>
      </FormSection>

      <FormSection title="Deal Information">
        <SelectField
          label="Status"
          name="status"
          required
          value={status}
          onChange={setStatus}
          options={options(DEAL_STATUSES, DEAL_STATUS_LABELS)}
          error={errors.status}
        />
        <SelectField
          label="Stage"
          name="stage"
          required
          defaultValue={values.stage ?? "discovery"}
          options={options(DEAL_STAGES, DEAL_STAGE_LABELS)}
          error={errors.stage}
        />
        <TextField
          label="Probability (%) *"
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          step={1}
          required
          {...field("probability")}
          className={settled !== null && !errors.probability ? "hidden" : ""}
        />
        {settled !== null && !errors.probability ? (
          <TextField
            label="Probability (%)"
            name="settledProbability"
            value={String(settled)}
            disabled
            hint={
              status === "closed_won" ? "A won deal counts as 100%." : "A lost deal counts as 0%."
            }
          />
        ) : null}
        <TextField
          label="Close date"
          type="date"
          min={CALENDAR_FIRST_DAY}
          max={CALENDAR_LAST_DAY}
          {...field("closeDate")}
        />
        {status === "closed_lost" ? (
          <TextField
            label="Why was it lost? *"
            required
            maxLength={500}
            className="sm:col-span-2"
            {...field("lostReason")}
          />
        ) : null}
      </FormSection>

      {props.formError ? <ErrorAlert>{props.formError}</ErrorAlert> : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {props.secondary}
        <Button type="submit" disabled={props.busy}>
          {props.busy ? props.busyLabel : props.submitLabel}
        </Button>
      </div>
    </Form>
  );
}

function Figure(props: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-500 dark:text-slate-400">{props.label}</dt>
      <dd className="mt-0.5 font-semibold tabular-nums">{props.value}</dd>
    </div>
  );
}
