import { createContext, useContext } from 'react';

/**
 * The CSP nonce of the current request. Only the server knows it; in the browser it is
 * undefined, which is fine because scripts rendered after hydration are not inline.
 */
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
