/**
 * Plain checks of what the portal's shell reads from the network and from other tabs
 * (decision 0034). The shell runs on every portal page, and zod cost it 25 KB of script; these
 * few shapes need no more than this. Forms and server input keep the shared zod schemas.
 */

export type Shape<T> = (value: unknown) => value is T;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export const isString = (value: unknown): value is string => typeof value === "string";
export const isNumber = (value: unknown): value is number =>
  typeof value === "number" && Number.isFinite(value);
export const isBoolean = (value: unknown): value is boolean => typeof value === "boolean";

/** An object holding at least these fields, each of its shape (other fields are ignored). */
export function isObjectOf<T>(fields: { [K in keyof T]: Shape<T[K]> }): Shape<T> {
  return (value: unknown): value is T => {
    if (!isRecord(value)) return false;
    for (const key of Object.keys(fields) as (keyof T & string)[]) {
      if (!fields[key](value[key])) return false;
    }
    return true;
  };
}

export function isArrayOf<T>(item: Shape<T>): Shape<T[]> {
  return (value: unknown): value is T[] => Array.isArray(value) && value.every(item);
}

export function isNullable<T>(inner: Shape<T>): Shape<T | null> {
  return (value: unknown): value is T | null => value === null || inner(value);
}

export function isLiteral<const T extends string>(literal: T): Shape<T> {
  return (value: unknown): value is T => value === literal;
}

/** An ISO 8601 date-time with its zone, as the server writes them (`toISOString()`). */
export const isIsoDateTime = (value: unknown): value is string =>
  typeof value === "string" &&
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value) &&
  !Number.isNaN(Date.parse(value));
