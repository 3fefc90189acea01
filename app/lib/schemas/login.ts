import { z } from "zod";

/** The portal sign-in form; used by the form and by the action that checks it. */
export const loginSchema = z.object({
  username: z.string().trim().min(1, "Username is required").max(100, "Username is too long"),
  password: z.string().min(1, "Password is required").max(128, "Password is too long"),
  redirectTo: z.string().optional(),
});

export type LoginInput = z.infer<typeof loginSchema>;
