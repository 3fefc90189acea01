import { createContext } from "react-router";

/** The CSP nonce of this response, handed from the HTTP server to the document's inline scripts. */
export const cspNonceContext = createContext<string>("");
