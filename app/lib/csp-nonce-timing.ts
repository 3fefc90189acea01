/**
 * The Server-Timing entry that hands a cached public page its response's CSP nonce (decision
 * 0032): the page's bytes are shared, so the nonce travels in a header the browser exposes to
 * the page's script (PerformanceNavigationTiming.serverTiming).
 */
export const CSP_NONCE_TIMING = "csp-nonce";
