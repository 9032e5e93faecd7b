import type { Scenario } from './scenarios';

const BROWSER = { 'accept-encoding': 'gzip, br', accept: 'text/html,*/*' };

/** The pages whose answer time must not grow with the store: p99 at most 50 ms each. */
export const GROWTH_BUDGET = { p99: 50 } as const;

/** Who asks: a signed-in shopper with an order history, and a member of staff. */
export interface GrowthVisitors {
  shopperCookie: string;
  shopperEmail: string;
  staffCookie: string;
}

/**
 * The growth bench's pages (scripts/bench-growth.ts), each rendered for the request: the bench
 * runs its servers with PAGE_CACHE=false (a new query string per request would fill the cache
 * instead, each one stored up to 48 MB, and time the making of templates). The catalogue pages
 * are asked for by a signed-in shopper, whose session costs one indexed query.
 */
export function growthScenarios(visitors: GrowthVisitors, connections: number): Scenario[] {
  const shopper = () => ({ ...BROWSER, cookie: visitors.shopperCookie });
  const staff = () => ({ ...BROWSER, cookie: visitors.staffCookie });
  const page = (name: string, path: string, headersFor: Scenario['headersFor']): Scenario => ({
    name,
    path,
    headersFor,
    connections,
    budget: GROWTH_BUDGET,
  });
  return [
    page('category page (/category/mobility)', '/category/mobility', shopper),
    page(
      'filtered and sorted listing (wheelchairs, 2 brands, $150-800, by price)',
      '/category/mobility/wheelchairs?brand=drive-medical&brand=invacare&min=150&max=800&sort=price-low',
      shopper,
    ),
    page('search (/search?q=wheelchair)', '/search?q=wheelchair', shopper),
    page('product page', '/product/cruiser-iii-lightweight-wheelchair', shopper),
    page("a customer's order history (/account)", '/account', shopper),
    page('console: order search by name ("maria garcia")', '/admin/orders?q=maria%20garcia', staff),
    page(
      'console: order search by a whole email',
      `/admin/orders?q=${encodeURIComponent(visitors.shopperEmail)}`,
      staff,
    ),
    page('console: dashboard (/admin)', '/admin', staff),
  ];
}
