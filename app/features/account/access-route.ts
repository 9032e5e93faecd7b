import type { ShouldRevalidateFunctionArgs } from 'react-router';

/**
 * What /login and /signup share besides their loader and action (which stay in the routes, so
 * the build keeps them out of the browser): the same headers and the same revalidation.
 */

/** Never cached; a refused attempt says how long to wait, as the API's 429 does. */
export function accessPageHeaders({ actionHeaders }: { actionHeaders: Headers }) {
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  const retryAfter = actionHeaders.get('Retry-After');
  if (retryAfter) headers.set('Retry-After', retryAfter);
  return headers;
}

/** After a form of these pages, nothing here changes (a signed-in visitor moves on by itself). */
export function accessShouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod !== 'GET' ? false : defaultShouldRevalidate;
}
