// Who may reach what beyond any signed-in agent: read by the portal's guards, the API's guards,
// the services that write shared data, and the navigation that hides what one cannot open.

/**
 * `admin`: a company's administrator, over that company's people and messages only.
 * `operator`: a platform operator (decision 0011), over what every company shares: the catalog,
 * the waitlist and its mail. Neither implies the other; the demo admin is both.
 */
export type Access = "admin" | "operator";

/** As much of the signed-in person as the checks read. */
export type Viewer = { role: string; platformOperator: boolean };

export function holds(viewer: Viewer, access: Access): boolean {
  return access === "admin" ? viewer.role === "admin" : viewer.platformOperator;
}

/** True when the viewer holds any one of `anyOf`. */
export function holdsAny(viewer: Viewer, anyOf: readonly Access[]): boolean {
  return anyOf.some((access) => holds(viewer, access));
}
