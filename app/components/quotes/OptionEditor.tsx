import { Form } from "react-router";
import { ErrorAlert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { SelectField } from "#app/components/ui/select-field.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { LINE_KIND_LABELS, type LineKind } from "#app/lib/domain.ts";
import type { OptionSelection } from "#app/lib/schemas/quote.ts";

export type EditorChoice = { id: string; label: string; kind: LineKind };

/** One row's choices: those of its kind, and the current one even if the catalog dropped it. */
function choicesFor(all: readonly EditorChoice[], kind: LineKind | undefined, current: string) {
  const options = all
    .filter((c) => c.kind === kind || c.id === current)
    .map((c) => ({ value: c.id, label: c.label }));
  return options.some((o) => o.value === current)
    ? options
    : [{ value: current, label: "No longer in the catalog" }, ...options];
}

const REMOVE =
  "inline-flex items-center gap-2 pb-2 text-sm font-medium whitespace-nowrap text-slate-700 dark:text-slate-300";

/**
 * An option's editor: swap a plan or device for another of the carrier's of the same kind,
 * change how many, remove a plan line, a device or a credit, and Re-price. Fees are the
 * carrier's and stay. Closed until opened; works as a plain form before JavaScript loads.
 */
export function OptionEditor(props: {
  optionId: string;
  selection: OptionSelection;
  choices: { plans: readonly EditorChoice[]; devices: readonly EditorChoice[] };
  credits: readonly { promotionId: string; description: string }[];
  error?: string | undefined;
  busy: boolean;
}) {
  const { selection, choices } = props;
  const kindOfDevice = (id: string) => choices.devices.find((d) => d.id === id)?.kind;
  return (
    <details className="w-full" open={props.error !== undefined}>
      <summary className="cursor-pointer text-sm font-medium text-brand-600 hover:underline dark:text-brand-400">
        Edit and re-price
      </summary>
      <Form method="post" className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="reprice" />
        <input type="hidden" name="optionId" value={props.optionId} />
        <input type="hidden" name="carrier" value={selection.carrier} />
        <input type="hidden" name="label" value={selection.label} />
        {props.error ? <ErrorAlert>{props.error}</ErrorAlert> : null}
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold">Plans</legend>
          {selection.plans.map((plan, n) => (
            <div
              key={`${plan.lineKind}:${plan.ratePlanId}`}
              className="grid items-end gap-3 sm:grid-cols-[minmax(0,1fr)_7rem_auto]"
            >
              <input type="hidden" name={`plan.${n}.lineKind`} value={plan.lineKind} />
              <SelectField
                label={`${LINE_KIND_LABELS[plan.lineKind]} plan`}
                name={`plan.${n}.ratePlanId`}
                defaultValue={plan.ratePlanId}
                options={choicesFor(choices.plans, plan.lineKind, plan.ratePlanId)}
              />
              <TextField
                label="Lines"
                name={`plan.${n}.quantity`}
                type="number"
                inputMode="numeric"
                min={1}
                defaultValue={plan.quantity}
              />
              <label className={REMOVE}>
                <input type="checkbox" name={`plan.${n}.remove`} className="size-4" />
                Remove
              </label>
            </div>
          ))}
        </fieldset>
        {selection.devices.length > 0 ? (
          <fieldset className="space-y-3">
            <legend className="text-sm font-semibold">Devices</legend>
            {selection.devices.map((device, n) => (
              <div
                key={device.deviceOfferId}
                className="grid items-end gap-3 sm:grid-cols-[minmax(0,1fr)_7rem_auto]"
              >
                <SelectField
                  label="Device"
                  name={`device.${n}.deviceOfferId`}
                  defaultValue={device.deviceOfferId}
                  options={choicesFor(
                    choices.devices,
                    kindOfDevice(device.deviceOfferId),
                    device.deviceOfferId,
                  )}
                />
                <TextField
                  label="How many"
                  name={`device.${n}.quantity`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  defaultValue={device.quantity}
                />
                <label className={REMOVE}>
                  <input type="checkbox" name={`device.${n}.remove`} className="size-4" />
                  Remove
                </label>
              </div>
            ))}
            <SelectField
              label="Devices paid"
              name="devicePayment"
              defaultValue={selection.devicePayment}
              options={[
                { value: "installments", label: "In monthly installments" },
                { value: "outright", label: "Outright" },
              ]}
            />
          </fieldset>
        ) : (
          <input type="hidden" name="devicePayment" value={selection.devicePayment} />
        )}
        {props.credits.length > 0 ? (
          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold">Credits</legend>
            {props.credits.map((credit, n) => (
              <label key={credit.promotionId} className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  name={`exclude.${n}`}
                  value={credit.promotionId}
                  className="mt-0.5 size-4"
                />
                <span>Leave off {credit.description}</span>
              </label>
            ))}
          </fieldset>
        ) : null}
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Fees are the carrier&apos;s and stay. Re-price reads today&apos;s catalog.
        </p>
        <div className="flex justify-end">
          <Button type="submit" disabled={props.busy}>
            {props.busy ? "Re-pricing..." : "Re-price"}
          </Button>
        </div>
      </Form>
    </details>
  );
}
