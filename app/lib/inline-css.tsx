import { createContext, useContext } from 'react';

/**
 * The app's stylesheet, written into the page instead of linked: a linked stylesheet blocks the
 * first paint for one more round trip (about 8 KB gzip, so inlining costs less than the request
 * on a slow phone connection). The server build reads the CSS text (entry.server.tsx) and hands
 * it down through this context; the browser reads it back from the page, so hydration matches
 * and a client re-render (after a hydration error) keeps the styles. Dev mode links the
 * stylesheet instead (hot reload) and renders no inline style.
 */
const InlineCssContext = createContext<string | undefined>(undefined);

export const InlineCssProvider = InlineCssContext.Provider;

export const INLINE_CSS_ID = 'app-css';

let cssOfPage: string | undefined;

export function useInlineCss(): string {
  const fromServer = useContext(InlineCssContext);
  if (fromServer !== undefined) return fromServer;
  if (typeof document === 'undefined') return '';
  cssOfPage ??= document.getElementById(INLINE_CSS_ID)?.textContent ?? '';
  return cssOfPage;
}
