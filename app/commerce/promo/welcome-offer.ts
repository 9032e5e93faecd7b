import { useRouteLoaderData } from 'react-router';

/**
 * Whether the pages may advertise the welcome code (the footer's line, the home page's banner,
 * the product page's offer after an add to cart): staff may pause or end it in the console
 * (docs/decisions/0052), and a page must not promise a code the cart then refuses. The root
 * loader sends it; a change to the code clears the page cache.
 */
export function useWelcomeOffer(): boolean {
  const root = useRouteLoaderData('root') as { welcomeOffer?: boolean } | undefined;
  return root?.welcomeOffer ?? false;
}
