// The accounts area's door: other areas and the web layers import from here, never a file inside.
export * from "./account.ts";
export * from "./address-limit.ts";
export * from "./admin-users.ts";
export * from "./auth-answer.ts";
export * from "./code-sign-in.ts";
export * from "./company-accounts.ts";
export * from "./company-branding.ts";
export * from "./company-settings.ts";
export * from "./invitations.ts";
export * from "./operators.ts";
export * from "./outcome.ts";
export * from "./password-reset.ts";
export * from "./reauth.ts";
export * from "./session.ts";
export * from "./sign-in-phone.ts";
export * from "./signup.ts";
export * from "./two-factor.ts";
