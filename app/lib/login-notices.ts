/** Why someone was sent back to /login; the query parameter and the words shown there. */
export const LOGIN_NOTICE_PARAM = "notice";

export const TWO_FACTOR_ENDED_MESSAGE = "Too many wrong codes. Sign in again.";
export const TWO_FACTOR_EXPIRED_MESSAGE = "Your sign-in has expired. Sign in again.";

export type LoginNotice = "two-factor-ended" | "two-factor-expired";

const NOTICES: Record<string, string> = {
  "two-factor-ended": TWO_FACTOR_ENDED_MESSAGE,
  "two-factor-expired": TWO_FACTOR_EXPIRED_MESSAGE,
} satisfies Record<LoginNotice, string>;

export function loginNotice(params: URLSearchParams): string | null {
  return NOTICES[params.get(LOGIN_NOTICE_PARAM) ?? ""] ?? null;
}
