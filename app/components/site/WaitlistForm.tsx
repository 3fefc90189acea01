import { type FormEvent, useEffect, useRef, useState } from "react";
import { ErrorAlert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { Check } from "#app/components/ui/icons.ts";
import { TextField } from "#app/components/ui/text-field.tsx";
import {
  type WaitlistField,
  type WaitlistSource,
  waitlistFieldError,
} from "#app/lib/schemas/waitlist.ts";
import { postSignup, signupErrorMessage, trackSignupEvent } from "#app/lib/waitlist-client.ts";
import type { SignupDraft } from "#app/stores/signup-modal.ts";

export type FieldErrors = Partial<Record<WaitlistField, string>>;

const FIELDS: ReadonlyArray<{
  name: WaitlistField;
  label: string;
  type: "text" | "email" | "tel";
  autoComplete: string;
  placeholder: string;
}> = [
  {
    name: "name",
    label: "Full Name",
    type: "text",
    autoComplete: "name",
    placeholder: "e.g. Jordan Rivera",
  },
  {
    name: "email",
    label: "Email",
    type: "email",
    autoComplete: "email",
    placeholder: "e.g. jordan@yourcompany.com",
  },
  {
    name: "company",
    label: "Company",
    type: "text",
    autoComplete: "organization",
    placeholder: "e.g. Rivera Wireless Solutions",
  },
  {
    name: "phone",
    label: "Phone (optional)",
    type: "tel",
    autoComplete: "tel",
    placeholder: "e.g. (555) 123-4567",
  },
];

/** Every field's message on a submit attempt (public-site spec §5: all four are checked). */
function validateAll(values: SignupDraft): FieldErrors {
  const errors: FieldErrors = {};
  for (const { name } of FIELDS) {
    const message = waitlistFieldError(name, values[name]);
    if (message) errors[name] = message;
  }
  return errors;
}

/**
 * The waitlist sign-up form, shared by the modal and the /join page. With JavaScript it validates
 * on blur and posts JSON; before hydration it is a plain form that the /join action handles.
 */
export function WaitlistForm(props: {
  source: WaitlistSource;
  initial: SignupDraft;
  onDraftChange?: (draft: SignupDraft) => void;
  onSuccess: () => void;
  /** What the /join action found wrong, when the form was posted without JavaScript. */
  serverErrors?: { fields?: FieldErrors; form?: string | undefined } | undefined;
}) {
  const [values, setValues] = useState(props.initial);
  const [errors, setErrors] = useState<FieldErrors>(props.serverErrors?.fields ?? {});
  const [touched, setTouched] = useState<Partial<Record<WaitlistField, boolean>>>(() =>
    props.serverErrors?.fields ? { name: true, email: true, company: true, phone: true } : {},
  );
  const [formError, setFormError] = useState(props.serverErrors?.form);
  const [submitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const change = (field: WaitlistField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    props.onDraftChange?.(next);
    // A shown error clears as soon as the value is fixed; new errors wait for blur or submit.
    if (errors[field])
      setErrors((current) => ({ ...current, [field]: waitlistFieldError(field, value) }));
  };

  const blur = (field: WaitlistField) => {
    setTouched((current) => ({ ...current, [field]: true }));
    setErrors((current) => ({ ...current, [field]: waitlistFieldError(field, values[field]) }));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const found = validateAll(values);
    setErrors(found);
    setTouched({ name: true, email: true, company: true, phone: true });
    const firstInvalid = FIELDS.find((field) => found[field.name]);
    if (firstInvalid) {
      formRef.current?.querySelector<HTMLInputElement>(`[name="${firstInvalid.name}"]`)?.focus();
      return;
    }
    const honeypot = new FormData(event.currentTarget).get("website");
    // Disabling the focused button would drop focus to the page behind the dialog; keep it here.
    formRef.current?.focus();
    setSubmitting(true);
    setFormError(undefined);
    trackSignupEvent({ name: "begin_waitlist_submission", source: props.source });
    try {
      await postSignup({
        name: values.name,
        email: values.email,
        company: values.company,
        phone: values.phone.trim() === "" ? undefined : values.phone,
        source: props.source,
        website: typeof honeypot === "string" && honeypot !== "" ? honeypot : undefined,
      });
      trackSignupEvent({ name: "complete_waitlist_submission", source: props.source });
      props.onSuccess();
    } catch (error) {
      const message = signupErrorMessage(error);
      // The spec logs failures to the console as well as to analytics.
      console.error("Waitlist sign-up failed:", error);
      trackSignupEvent({ name: "waitlist_submission_error", source: props.source, message });
      setFormError(message);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form
      ref={formRef}
      method="post"
      action="/join"
      noValidate
      onSubmit={submit}
      tabIndex={-1}
      aria-label="Waitlist sign-up"
      className="focus:outline-none"
    >
      <input type="hidden" name="source" value={props.source} />
      {/* Hidden from people and assistive technology; bots that fill every field fill this. */}
      <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
        <label>
          Website
          <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <fieldset disabled={submitting} className="space-y-4">
        {FIELDS.map((field) => (
          <TextField
            key={field.name}
            label={field.label}
            name={field.name}
            type={field.type}
            inputMode={field.type === "email" ? "email" : field.type === "tel" ? "tel" : undefined}
            autoComplete={field.autoComplete}
            placeholder={field.placeholder}
            value={values[field.name]}
            onChange={(event) => change(field.name, event.target.value)}
            onBlur={() => blur(field.name)}
            error={touched[field.name] ? errors[field.name] : undefined}
            required={field.name !== "phone"}
          />
        ))}
        {formError ? <ErrorAlert className="py-2">{formError}</ErrorAlert> : null}
        <Button type="submit" className="w-full py-2.5 text-base">
          {submitting ? "Submitting..." : "Join the Waitlist"}
        </Button>
      </fieldset>
    </form>
  );
}

/** The confirmation both the modal and the /join page show (texts from the spec). */
export function SignupSuccess() {
  const ref = useRef<HTMLDivElement>(null);
  // The form that had focus is gone; the confirmation takes it, so it is read out.
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      role="status"
      tabIndex={-1}
      className="flex flex-col items-center gap-3 py-6 text-center focus:outline-none"
    >
      <span className="grid size-12 place-items-center rounded-full bg-emerald-100 text-emerald-700 dark:bg-emerald-900/50 dark:text-emerald-300">
        <Icon icon={Check} className="size-6" />
      </span>
      <p className="text-xl font-semibold">You're All Set!</p>
      <p className="text-slate-600 dark:text-slate-300">
        Check your email for your access details.
      </p>
    </div>
  );
}
