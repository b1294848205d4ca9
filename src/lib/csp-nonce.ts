import { createContext, useContext } from 'react';

/**
 * The Content-Security-Policy nonce of the document being rendered (docs/decisions/013): set by
 * the server entry around the render, read by components that write an inline script. In the
 * browser (and in development) there is none: scripts React creates after hydration never run.
 */
export const CspNonceContext = createContext<string | undefined>(undefined);

export function useCspNonce(): string | undefined {
  return useContext(CspNonceContext);
}
