import { data } from "react-router";
import { CUSTOMER_NOT_FOUND } from "#app/lib/schemas/customers.ts";
import { recordId } from "#app/lib/schemas/fields.ts";
import { isDomainError } from "#server/platform/errors.ts";

const customerIdSchema = recordId(CUSTOMER_NOT_FOUND);

/** The customer id of the address; a malformed one is as unknown as another company's: 404. */
export function customerIdOf(param: string | undefined): string {
  const parsed = customerIdSchema.safeParse(param ?? "");
  if (!parsed.success) throw data(CUSTOMER_NOT_FOUND, { status: 404 });
  return parsed.data;
}

/** A loader's read of one customer: "not found" becomes the 404 the error boundary shows. */
export async function orNotFound<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isDomainError(error) && error.refusal.kind === "not_found") {
      throw data(error.message, { status: 404 });
    }
    throw error;
  }
}
