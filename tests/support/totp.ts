import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";

/**
 * The current authenticator code for a key as the enrollment shows it (base32, as in the
 * otpauth:// address), made with Better Auth's own OTP utility, as an authenticator app would.
 */
export function totpFor(key: string): Promise<string> {
  const secret = new TextDecoder().decode(base32.decode(key));
  return createOTP(secret, { digits: 6, period: 30 }).totp();
}

/** A 6-digit code that is not the current one (nor the ones either side the server accepts). */
export async function wrongTotpFor(key: string): Promise<string> {
  const right = Number(await totpFor(key));
  return String((right + 500_000) % 1_000_000).padStart(6, "0");
}
