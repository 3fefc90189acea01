import { searchedText } from "#app/lib/search-text.ts";
import type { FilterChanges } from "#app/lib/use-url-filters.ts";

// What a list screen's toolbar shows and what each control writes to the URL, as plain data and
// pure functions, so that a new list screen is configured rather than written again.

/** One choice of a select: `value` goes to the URL, `label` is what the agent reads. */
export type FilterOption = { readonly value: string; readonly label: string };

export type SortDirection = "asc" | "desc";

export type SearchField = {
  /** The URL key of the text; "q" when left out. */
  readonly key?: string;
  /** The box's accessible name (the box shows no visible label, only its placeholder). */
  readonly label: string;
  readonly placeholder: string;
};

export type SelectField = {
  readonly key: string;
  readonly label: string;
  readonly options: readonly FilterOption[];
  /** The value that means "not filtered", kept out of the URL; the first option's when left out. */
  readonly default?: string;
  /** The active filter's text (a chip, or a word of the sentence); the option's label if left out. */
  readonly chip?: (option: FilterOption) => string;
};

export type SortField = {
  readonly key: string;
  readonly label: string;
  readonly options: readonly FilterOption[];
  /** The first option's value when left out. */
  readonly default?: string;
  /** An ascending/descending toggle, kept under its own URL key. */
  readonly direction?: { readonly key: string; readonly default: SortDirection };
};

/** How the active filters are shown under the controls. */
export type ActiveFiltersStyle =
  /** A removable chip each. */
  | { readonly style: "chips" }
  /** One line such as "Filtered by: AT&T, Laptops". */
  | { readonly style: "sentence"; readonly prefix: string };

export type ListToolbarSpec = {
  readonly search?: SearchField;
  readonly filters?: readonly SelectField[];
  readonly sort?: SortField;
  /** Keys that any change removes, such as the page, which goes back to the first one. */
  readonly resets?: readonly string[];
  /** Leave out to show nothing of the active filters beyond the controls themselves. */
  readonly active?: ActiveFiltersStyle;
  /** Shows "Clear Filters"; `alsoClears` names keys it removes besides the search and filters. */
  readonly clear?: { readonly alsoClears?: readonly string[] };
};

/** An active filter: the key a chip's remove button clears, and the chip's text. */
export type ActiveFilter = { readonly key: string; readonly label: string };

export const searchKeyOf = (search: SearchField) => search.key ?? "q";

/**
 * The search box's text from the URL: the search as the list ran it (cut to SEARCH_MAX_LENGTH),
 * not the address's `q` whole, which would show characters that were never searched.
 */
export function searchBoxText(search: SearchField | undefined, params: URLSearchParams): string {
  return search ? searchedText(params.get(searchKeyOf(search))) : "";
}

export const defaultOf = (field: SelectField | SortField) =>
  field.default ?? field.options[0]?.value ?? "";

/** The field's value in the URL; a value it does not offer reads as its default. */
export function selectedValue(field: SelectField | SortField, params: URLSearchParams): string {
  const raw = params.get(field.key);
  return field.options.some((o) => o.value === raw) && raw !== null ? raw : defaultOf(field);
}

export function sortDirection(sort: SortField, params: URLSearchParams): SortDirection {
  if (!sort.direction) return "asc";
  const raw = params.get(sort.direction.key);
  return raw === "asc" || raw === "desc" ? raw : sort.direction.default;
}

/** The filters that narrow the list, in the order of the controls. */
export function activeFilters(spec: ListToolbarSpec, params: URLSearchParams): ActiveFilter[] {
  return (spec.filters ?? []).flatMap((field) => {
    const value = selectedValue(field, params);
    const option = field.options.find((o) => o.value === value);
    if (value === defaultOf(field) || !option) return [];
    return [{ key: field.key, label: field.chip ? field.chip(option) : option.label }];
  });
}

/** Choosing a value: the default leaves the URL, so a plain view keeps a plain address. */
export function selectChange(field: SelectField | SortField, value: string): FilterChanges {
  return { [field.key]: value === defaultOf(field) ? "" : value };
}

export function directionToggle(sort: SortField, params: URLSearchParams): FilterChanges {
  if (!sort.direction) return {};
  const next: SortDirection = sortDirection(sort, params) === "asc" ? "desc" : "asc";
  return { [sort.direction.key]: next === sort.direction.default ? "" : next };
}

/** Clear Filters: the search and every filter go; the sort is a view, not a filter, and stays. */
export function clearChanges(spec: ListToolbarSpec): FilterChanges {
  const keys = [
    ...(spec.search ? [searchKeyOf(spec.search)] : []),
    ...(spec.filters ?? []).map((f) => f.key),
    ...(spec.clear?.alsoClears ?? []),
  ];
  return Object.fromEntries(keys.map((key) => [key, ""]));
}
