import { z } from "zod";
import { flag } from "./fields.ts";

/** The Company Settings form: one switch for now. */
export const companySettingsSchema = z.object({ agentsSeeOwnOnly: flag });
