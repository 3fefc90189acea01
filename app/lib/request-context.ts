import { createContext } from "react-router";

/** The CSP nonce of this response, handed from the HTTP server to the document's inline scripts. */
export const cspNonceContext = createContext<string>("");

/** The client's network address as the HTTP server sees it (proxy-aware when TRUST_PROXY is on). */
export const clientAddressContext = createContext<string>("unknown");
