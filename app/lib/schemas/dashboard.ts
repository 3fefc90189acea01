import { z } from "zod";
import { calendarRangeMessage, inCalendarRange } from "#app/lib/calendar-range.ts";
import { isCalendarDate, optionalText, recordId } from "./fields.ts";
import { text } from "./text.ts";

export const CHECK_IN_DATE_MESSAGE = "Choose the day of the check-in";
export const CHECK_IN_NOTE_MAX = 500;

/**
 * The dashboard's buttons, posted to `/dashboard?index`: a check-in scheduled with a customer or
 * marked done, or the customer's latest quote sent as a proposal or requoted.
 */
export const quickActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("check-in"),
    customerId: recordId("Choose a customer"),
    dueOn: text({ error: CHECK_IN_DATE_MESSAGE })
      .trim()
      .refine(isCalendarDate, CHECK_IN_DATE_MESSAGE)
      .refine(inCalendarRange, calendarRangeMessage("The day")),
    note: optionalText("Note", CHECK_IN_NOTE_MAX, { multiline: true }),
  }),
  z.object({ intent: z.literal("check-in-done"), reminderId: recordId("Choose a check-in") }),
  z.object({ intent: z.literal("send-proposal"), quoteId: recordId("Choose a quote") }),
  z.object({ intent: z.literal("requote"), quoteId: recordId("Choose a quote") }),
]);
