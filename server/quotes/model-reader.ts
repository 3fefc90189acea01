import { asSchema, generateText, type LanguageModel, Output } from "ai";
import {
  DEFAULT_QUOTE_TERM_MONTHS,
  MAX_QUOTE_ASSUMPTIONS,
  type QuoteNeeds,
  quoteNeedsSchema,
} from "#app/lib/schemas/quote.ts";
import type { ServiceContext } from "#server/platform/context.ts";
import type { Logger } from "#server/platform/logger.ts";
import { builtInNeedsReader, type NeedsReader } from "./generate.ts";

// What the model is told. It only reads: pricing stays with the engine and the catalog, which the
// model never sees (decision 0022). The schema's JSON form rides along for servers that honour
// only `json_object`; with `json_schema` support it is also sent as the response format.
const INSTRUCTIONS = `You read a telecom reseller's plain-words description of what a business customer needs and answer with one JSON object (no other text) that fits the JSON schema below. Read only; never price, never invent carriers, plans or devices.

- lines: how many lines of each kind. voice = phones; mobile_internet = tablets and data-only devices such as iPads; hotspot = mobile hotspots; fixed_wireless = home or office internet over the cellular network, one per site; wearable = smartwatches. People ("15 employees") mean one phone each unless other kinds were asked for them. When no count is given for a kind that is asked for, assume 1 and say so. When nothing at all is counted, 1 voice line.
- carriers: "att", "verizon", "tmobile". preferred only when the customer names carriers they want (otherwise empty: all three are compared); excluded for carriers they refuse.
- features: hotspotGb and premiumDataGb are GB per line per month, "unlimited", 0 when asked without an amount, null when not asked ("priority" data counts as premium data). international: calling or roaming abroad asked. fiveG: 5G asked. video: "sd", "hd" (720p), "fhd" (1080p) or "uhd" (4K) when streaming quality is asked, else null.
- budget in whole cents: perLineCents is the most per line per month for service ("$40 a line" = 4000); monthlyTotalCents the most for everything a month ("$1,500 a month" = 150000). What they pay today is not a budget. null when not said.
- devices: the devices they want to buy, with the kind of line each is for, the model as said ("iPhone 16 Pro") or null for any device of that kind, and the quantity. Empty when they bring their own devices.
- devicePayment: "outright" when they pay in full, else "installments". tradeIn: they trade devices in.
- termMonths: the contract term in months, ${DEFAULT_QUOTE_TERM_MONTHS} when not said.
- portInCount: how many existing numbers they keep (port in); 0 when not said.
- assumptions: each guess you made, as a short phrase ("no count for tablets: 1 assumed"). At most 10.

JSON schema:
`;

export type ModelReaderOptions = {
  /** The model's name as a quote's assumptions show it (AI_MODEL). */
  name: string;
  /** The longest the model may take; then the reader throws and the built-in reader answers. */
  timeoutMs: number;
  logger: Logger;
};

/**
 * A NeedsReader backed by a language model's structured output, checked by the same
 * `quoteNeedsSchema` as the built-in reader's. It throws when the model fails, is too slow or
 * answers something that does not fit; generateQuote then falls back to the built-in reader.
 */
export function createModelNeedsReader(
  model: LanguageModel,
  options: ModelReaderOptions,
): NeedsReader {
  const { name, timeoutMs, logger } = options;
  return {
    name: `the model ${name}`,
    async read(description: string): Promise<QuoteNeeds> {
      const started = Date.now();
      const result = await generateText({
        model,
        instructions: await instructionsWithSchema(),
        prompt: description,
        output: Output.object({
          schema: quoteNeedsSchema,
          name: "quote_needs",
          description: "What a business customer's description asks for",
        }),
        // One retry at most, inside the same time limit: a slow or failing model must not hold
        // the agent's Generate for long, since the built-in reader can answer at once.
        maxRetries: 1,
        abortSignal: AbortSignal.timeout(timeoutMs),
      });
      logger.debug(
        {
          reader: name,
          ms: Date.now() - started,
          inputTokens: result.usage.inputTokens,
          outputTokens: result.usage.outputTokens,
        },
        "the model read a quote description",
      );
      const needs = result.output;
      return {
        ...needs,
        assumptions: [`read by the model ${name}`, ...needs.assumptions].slice(
          0,
          MAX_QUOTE_ASSUMPTIONS,
        ),
      };
    },
  };
}

let instructions: Promise<string> | undefined;

/** The instructions with the schema's JSON form, built once per process. */
function instructionsWithSchema(): Promise<string> {
  instructions ??= Promise.resolve(asSchema(quoteNeedsSchema).jsonSchema).then(
    (schema) => INSTRUCTIONS + JSON.stringify(schema),
  );
  return instructions;
}

/** The reader a request's quote uses: the AI port's model when one is configured, else built-in. */
export function needsReaderOf(ctx: ServiceContext): NeedsReader {
  const ai = ctx.ports.ai;
  if (ai === null) return builtInNeedsReader;
  return createModelNeedsReader(ai.model, {
    name: ai.name,
    timeoutMs: ai.timeoutMs,
    logger: ctx.ports.logger,
  });
}
