import { z } from "zod";
import { returnAddress } from "./return-address.ts";
import { text } from "./text.ts";

/** The portal sign-in form; used by the form and by the action that checks it. */
export const loginSchema = z.object({
  username: text().trim().min(1, "Username is required").max(100, "Username is too long"),
  password: text().min(1, "Password is required").max(128, "Password is too long"),
  redirectTo: returnAddress,
});

export type LoginInput = z.infer<typeof loginSchema>;
