// The views the portal benchmarks ask for in rotation: filters and sorts an agent would use.

export const DEAL_VIEWS = [
  "",
  "sort=value",
  "sort=close",
  "sort=probability",
  "status=proposal",
  "q=bench customer 17",
  "q=fleet&sort=value",
  "mine=1",
];

export const DEVICE_VIEWS = [
  "",
  "sort=model",
  "carrier=verizon",
  "carrier=att&sort=os&dir=desc",
  "type=Router",
  "carrier=tmobile&type=Phone&sort=model",
  "q=galaxy",
  "q=cat-m1&sort=bands",
  "tech=5G NR&carrier=verizon",
  "q=sierra&type=Module",
  "sort=fiveGBands&dir=desc",
  "page=5&sort=deviceType",
];

/** `path` with each view as its query string. */
export const viewPaths = (path: string, views: readonly string[]) =>
  views.map((v) => `${path}${v ? `?${new URLSearchParams(v)}` : ""}`);
