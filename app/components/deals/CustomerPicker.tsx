import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { FIELD_CONTROL, FIELD_HINT } from "#app/components/ui/text-field.tsx";
import type { CustomerOption } from "#app/lib/schemas/customers.ts";

/**
 * The Company name field of New Deal: type a new company, or pick one of the company's customers
 * from what the server finds as you type (an ARIA combobox: arrows move, Enter picks, Escape
 * closes). Picking one posts its id as `customerId`, and the contact name follows it.
 */
export function CustomerPicker(props: {
  defaultValue?: string | undefined;
  defaultCustomerId?: string | undefined;
  error?: string | undefined;
  onPick: (customer: CustomerOption | null) => void;
  /** Only an existing customer will do (filing a bill under one): no new company. */
  pickOnly?: boolean;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const fetcher = useFetcher<{ customers: CustomerOption[] }>();
  const [value, setValue] = useState(props.defaultValue ?? "");
  const [picked, setPicked] = useState<string>(props.defaultCustomerId ?? "");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const options = open && value.trim() !== "" ? (fetcher.data?.customers ?? []) : [];

  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (q: string) => {
    clearTimeout(timer.current);
    if (q.trim() === "") return;
    timer.current = setTimeout(() => {
      fetcher.load(`/dashboard/deals/customer-options?${new URLSearchParams({ q })}`);
    }, 200);
  };

  const pick = (customer: CustomerOption) => {
    setValue(customer.companyName);
    setPicked(customer.id);
    setOpen(false);
    setActive(-1);
    props.onPick(customer);
  };

  return (
    <div className="relative">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
        Company name *
      </label>
      <input type="hidden" name="customerId" value={picked} />
      <input
        id={id}
        name="companyName"
        role="combobox"
        aria-expanded={options.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${hintId} ${errorId}` : hintId}
        autoComplete="off"
        required
        maxLength={200}
        className={FIELD_CONTROL}
        value={value}
        onChange={(e) => {
          const next = e.currentTarget.value;
          setValue(next);
          setOpen(true);
          setActive(-1);
          if (picked) {
            setPicked("");
            props.onPick(null);
          }
          search(next);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" && options.length > 0) {
            e.preventDefault();
            setActive((i) => (i + 1) % options.length);
          } else if (e.key === "ArrowUp" && options.length > 0) {
            e.preventDefault();
            setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
          } else if (e.key === "Enter" && active >= 0) {
            const option = options[active];
            if (option) {
              e.preventDefault();
              pick(option);
            }
          } else if (e.key === "Escape") {
            setOpen(false);
            setActive(-1);
          }
        }}
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Your customers"
        hidden={options.length === 0}
        className="absolute z-20 mt-1 max-h-64 w-full overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        {options.map((option, i) => (
          <div
            key={option.id}
            id={`${listId}-${i}`}
            role="option"
            tabIndex={-1}
            aria-selected={i === active}
            className={`cursor-pointer px-3 py-2 text-sm ${i === active ? "bg-brand-50 dark:bg-brand-700/30" : "hover:bg-slate-50 dark:hover:bg-slate-800"}`}
            onMouseDown={(e) => {
              // Before the input's blur closes the list.
              e.preventDefault();
              pick(option);
            }}
          >
            <span className="font-medium">{option.companyName}</span>
            <span className="text-slate-500 dark:text-slate-400"> · {option.name}</span>
          </div>
        ))}
      </div>
      <p id={hintId} className={FIELD_HINT}>
        {props.pickOnly
          ? "Pick one of your customers as you type."
          : picked
            ? "An existing customer of yours. Type another name to add a new customer."
            : "Pick one of your customers as you type, or enter a new company."}
      </p>
      {props.error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-600 dark:text-red-400">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
