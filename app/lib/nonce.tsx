import { createContext, type ReactNode, useContext } from "react";
import "./csp-client.ts";

const NonceContext = createContext("");

export function NonceProvider(props: { value: string; children: ReactNode }) {
  return <NonceContext.Provider value={props.value}>{props.children}</NonceContext.Provider>;
}

/** The CSP nonce for inline scripts; empty in the browser, where it is never needed again. */
export const useNonce = () => useContext(NonceContext);
