// The customers area's door: other areas and the web layers import from here, never a file inside.
export * from "./customers.ts";
export * from "./import.ts";
export {
  alreadyACustomer,
  findSameCustomer,
  holdCustomerWrites,
  nameKey,
  type SameCustomer,
} from "./same-customer.ts";
export { customerScope } from "./scope.ts";
