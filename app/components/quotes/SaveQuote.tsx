import { useEffect } from "react";
import { useFetcher, useNavigate } from "react-router";
import { OpenExistingCustomer } from "#app/components/customers/OpenExistingCustomer.tsx";
import { ErrorAlert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { clearQuoteDraft, type QuoteDraft } from "#app/lib/quote-draft.ts";
import { SAVE_FAILED } from "#app/lib/schemas/quote-constants.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";

/**
 * What the generator's Save answers; a refused email names the customer who has it, and its
 * field error (`contactEmail`) goes on the generator's email input.
 */
export type SaveQuoteAnswer =
  | { ok: true; id: string }
  | {
      ok: false;
      message: string;
      fieldErrors?: Partial<Record<string, string>>;
      existing?: { id: string; name: string };
    };

/** The fetcher Save Quote posts with: the generator reads its answer for its fields' errors. */
export const SAVE_QUOTE_FETCHER = "save-quote";

/**
 * Save Quote: posts the customer, the description and the needs the agent was shown (never a
 * price: the server prices them again), then drops the tab's draft and opens the saved quotes.
 */
export function SaveQuote({ quote, description }: { quote: QuoteDraft; description: string }) {
  const fetcher = useFetcher<SaveQuoteAnswer>({ key: SAVE_QUOTE_FETCHER });
  const navigate = useNavigate();
  const answer = fetcher.data;
  const saving = fetcher.state !== "idle";
  useEffect(() => {
    if (!answer?.ok) return;
    clearQuoteDraft();
    navigate("/dashboard/quotes");
  }, [answer, navigate]);
  const hydrated = useHydrated();
  const customer = quote.customerInfo;
  if (!customer) return null;
  return (
    <fetcher.Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value="save" />
      {/* Without JavaScript the action redirects to the list itself; with it, this page does. */}
      {hydrated ? <input type="hidden" name="answer" value="data" /> : null}
      <input type="hidden" name="companyName" value={customer.companyName} />
      <input type="hidden" name="companyWebsite" value={customer.companyWebsite} />
      <input type="hidden" name="contactName" value={customer.contactName} />
      <input type="hidden" name="contactEmail" value={customer.contactEmail} />
      <input type="hidden" name="description" value={description} />
      <input type="hidden" name="needs" value={JSON.stringify(quote.needs)} />
      {/* The spec's one message for any failed save; the details are in the server's log. An
          email another company's customer has is said too: the agent changes it (decision 0021). */}
      {answer && !answer.ok && !saving ? (
        <ErrorAlert>
          {SAVE_FAILED}
          {answer.existing ? (
            <>
              {" "}
              {answer.message}
              <OpenExistingCustomer existing={answer.existing} />
            </>
          ) : null}
        </ErrorAlert>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={saving || answer?.ok === true}>
          {saving ? "Saving..." : "Save Quote"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
