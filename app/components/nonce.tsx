import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of this response (server/http/security-headers.ts), given to
 * React Router's inline scripts. Empty in the browser, where it is no longer needed.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
