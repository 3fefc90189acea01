import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";

const PERIOD_SECONDS = 30;

const otpFor = (key: string) =>
  createOTP(new TextDecoder().decode(base32.decode(key)), { digits: 6, period: PERIOD_SECONDS });

/**
 * The authenticator code for a key as the enrollment shows it (base32, as in the otpauth://
 * address), made with Better Auth's own OTP utility, as an authenticator app would. `stepsAhead`
 * 1 is the next 30-second step's code, which the server accepts too: a code works only once, so
 * a test that has just used the current one signs in again with the next.
 */
export function totpFor(key: string, stepsAhead = 0): Promise<string> {
  const step = Math.floor(Date.now() / (PERIOD_SECONDS * 1000)) + stepsAhead;
  return otpFor(key).hotp(step);
}

/** A 6-digit code that is not the current one (nor the ones either side the server accepts). */
export async function wrongTotpFor(key: string): Promise<string> {
  const right = Number(await totpFor(key));
  return String((right + 500_000) % 1_000_000).padStart(6, "0");
}
