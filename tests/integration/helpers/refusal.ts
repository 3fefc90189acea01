import { DomainError } from "#server/platform/errors.ts";

/** The DomainError a service call is refused with; any other outcome fails the test. */
export async function refusal(work: Promise<unknown>): Promise<DomainError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}
