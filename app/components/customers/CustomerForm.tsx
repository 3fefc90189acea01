import { type ReactNode, useEffect, useRef, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { ErrorAlert, SuccessAlert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FormSection } from "#app/components/ui/form-section.tsx";
import { SelectField } from "#app/components/ui/select-field.tsx";
import { TextareaField, TextField } from "#app/components/ui/text-field.tsx";
import { COMPANY_SIZES } from "#app/lib/domain.ts";
import { firstErrorPerField } from "#app/lib/field-errors.ts";
import { onFirstUse, submitWhenLoaded } from "#app/lib/on-first-use.ts";
import { OpenExistingCustomer } from "./OpenExistingCustomer.tsx";

const customerSchema = onFirstUse(() =>
  import("#app/lib/schemas/customers.ts").then((schemas) => schemas.customerFieldsSchema),
);

/** A customer's fields as the form shows them (every value text; "" for none). */
export type CustomerFormValues = Record<CustomerFieldName, string>;

const FIELD_NAMES = [
  "name",
  "companyName",
  "email",
  "phone",
  "companyWebsite",
  "address",
  "city",
  "state",
  "postalCode",
  "industry",
  "size",
  "notes",
] as const;
type CustomerFieldName = (typeof FIELD_NAMES)[number];

export const EMPTY_CUSTOMER: CustomerFormValues = {
  name: "",
  companyName: "",
  email: "",
  phone: "",
  companyWebsite: "",
  address: "",
  city: "",
  state: "",
  postalCode: "",
  industry: "",
  size: "",
  notes: "",
};

/** Null values of a saved customer as the empty text the form shows. */
export function customerFormValues(
  record: {
    [K in CustomerFieldName]: string | null;
  },
): CustomerFormValues {
  const values = { ...EMPTY_CUSTOMER };
  for (const name of FIELD_NAMES) values[name] = record[name] ?? "";
  return values;
}

/** What the actions answer the form with (server/web/answers.ts, or a success). */
export type CustomerFormAnswer =
  | { ok: true; message: string }
  | {
      ok: false;
      message: string;
      fieldErrors?: Partial<Record<string, string>>;
      /** The customer already there (New Customer refuses a duplicate), to open instead. */
      existing?: { id: string; name: string };
    };

type Errors = Partial<Record<string, string>>;
type Checked = { from: CustomerFormAnswer | undefined; errors: Errors };

const SIZE_OPTIONS = [
  { value: "", label: "Select size" },
  ...COMPANY_SIZES.map((size) => ({ value: size, label: `${size} employees` })),
];

/**
 * New Customer and the customer page's details: the three sections of the spec, checked by the
 * shared schema in the browser before anything is sent and again by the server.
 */
export function CustomerForm(props: {
  values: CustomerFormValues;
  submitLabel: string;
  busyLabel: string;
  /** The banner when the server failed without a message of its own. */
  failure: string;
  /** Left of the submit button (Cancel). */
  secondary?: ReactNode;
  fetcherKey: string;
}) {
  const fetcher = useFetcher<CustomerFormAnswer>({ key: props.fetcherKey });
  const busy = fetcher.state !== "idle";
  // Before JavaScript runs the form posts as a document, and the answer comes as action data.
  const documentAnswer = useActionData<CustomerFormAnswer>();
  const answer = fetcher.data ?? documentAnswer;
  const [checked, setChecked] = useState<Checked>();
  const errors: Errors =
    checked && checked.from === answer
      ? checked.errors
      : answer && !answer.ok
        ? (answer.fieldErrors ?? {})
        : {};
  const field = (name: CustomerFieldName) => ({
    name,
    defaultValue: props.values[name],
    error: errors[name],
    disabled: busy,
  });
  // The server's refusal, until the browser's own check of the next try replaces it.
  const refused = answer && !answer.ok && !(checked && checked.from === answer) ? answer : null;
  // The server's refusal shows above the form, out of sight of the button just pressed at its foot.
  const bannerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refused) bannerRef.current?.scrollIntoView({ block: "start" });
  }, [refused]);
  return (
    <fetcher.Form
      method="post"
      noValidate
      className="space-y-6"
      onFocus={() => void customerSchema.load()}
      onSubmit={(event) =>
        submitWhenLoaded(customerSchema, event, (customerFieldsSchema) => {
          const form = event.currentTarget;
          const parsed = customerFieldsSchema.safeParse(Object.fromEntries(new FormData(form)));
          const found: Errors = firstErrorPerField(parsed.error?.issues ?? []);
          setChecked({ from: answer, errors: found });
          const first = FIELD_NAMES.find((name) => found[name]);
          if (!first) {
            setChecked(undefined);
            return;
          }
          // Nothing is sent; the keyboard goes to the first field to fix, which reads its error.
          event.preventDefault();
          const control = form.elements.namedItem(first);
          if (control instanceof HTMLElement) control.focus();
        })
      }
    >
      {refused ? (
        <div ref={bannerRef} className="scroll-mt-20">
          <ErrorAlert>
            {refused.message || props.failure}
            {refused.existing ? <OpenExistingCustomer existing={refused.existing} /> : null}
          </ErrorAlert>
        </div>
      ) : null}
      <FormSection title="Contact Information">
        <TextField label="Contact name *" required autoComplete="name" {...field("name")} />
        <TextField
          label="Company name *"
          required
          autoComplete="organization"
          {...field("companyName")}
        />
        <TextField label="Email" type="email" autoComplete="email" {...field("email")} />
        <TextField label="Phone" type="tel" autoComplete="tel" {...field("phone")} />
        <TextField
          label="Company website"
          type="url"
          inputMode="url"
          placeholder="https://example.com"
          className="sm:col-span-2"
          {...field("companyWebsite")}
        />
      </FormSection>
      <FormSection title="Address">
        <TextField
          label="Address"
          autoComplete="street-address"
          className="sm:col-span-2"
          {...field("address")}
        />
        <TextField label="City" autoComplete="address-level2" {...field("city")} />
        <TextField label="State" autoComplete="address-level1" {...field("state")} />
        <TextField label="Postal code" autoComplete="postal-code" {...field("postalCode")} />
      </FormSection>
      <FormSection title="Additional Information">
        <TextField label="Industry" {...field("industry")} />
        <SelectField
          label="Company size"
          name="size"
          options={SIZE_OPTIONS}
          defaultValue={props.values.size}
          error={errors.size}
          disabled={busy}
        />
        <TextareaField label="Notes" rows={4} className="sm:col-span-2" {...field("notes")} />
      </FormSection>
      <div className="flex flex-wrap items-center justify-end gap-3">
        {answer?.ok ? <SuccessAlert className="mr-auto py-2">{answer.message}</SuccessAlert> : null}
        {props.secondary}
        <Button type="submit" disabled={busy}>
          {busy ? props.busyLabel : props.submitLabel}
        </Button>
      </div>
    </fetcher.Form>
  );
}
