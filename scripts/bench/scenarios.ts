import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { SEED_PRODUCTS as PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { nextAddress, PASSWORD, type Shopper } from './shoppers';
import type { HttpRequest } from './wrk';

/** What wrk needs to drive one scenario, and the budget it is judged against. */
export interface Scenario {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  /** A path per connection, when each connection's shopper has a page of their own (an order). */
  pathFor?: (connection: number) => string;
  /** Headers per connection: connection i acts as shopper i (modulo their number). */
  headersFor?: (connection: number) => Record<string, string>;
  /** A body per request (built fresh each time: each request is another shopper's, say). */
  body?: () => string;
  /** Extra headers per request. */
  requestHeaders?: () => Record<string, string>;
  /** Distinct requests written per connection (default 1, or 64 when a body or header varies). */
  variants?: number;
  /** Connection i's requests for a run of `seconds`, when each request must be new (a payment). */
  requestsFor?: (connection: number, seconds: number) => HttpRequest[];
  /** Open connections (default 50). */
  connections?: number;
  /** Reports the server's event-loop delay while the scenario runs. */
  loopDelay?: boolean;
  /**
   * cpuMs: the server's CPU time per request (a page that must be rendered per shopper); ratio:
   * the least share of the cached home page's rate in the same run (issue 36).
   */
  budget?: { rps?: number; ratio?: number; p50?: number; p99?: number; loopP99?: number; cpuMs?: number };
}

// What a browser sends: our pages and assets are compressed when the client accepts it.
/** Where the benchmark's orders go (a real address: the session validates and taxes it). */
const BENCH_ADDRESS = {
  recipientName: 'Pat Bench',
  line1: '1200 Elm Street',
  city: 'Springfield',
  state: 'IL',
  zip: '62704',
  phone: '(217) 555-0142',
};

const BROWSER = { 'accept-encoding': 'gzip, br', accept: 'text/html,*/*' };
const inStock = PRODUCTS.filter((p) => p.stock !== 'Out of Stock');
const productPath = `/product/${inStock[0]?.id ?? 'none'}`;

/** The largest script of the browser build: the static asset a first visit waits for most. */
function largestScript(): string {
  const dir = path.resolve('build/client/assets');
  const files = readdirSync(dir).filter((f) => f.endsWith('.js'));
  const largest = files.sort(
    (a, b) => statSync(path.join(dir, b)).size - statSync(path.join(dir, a)).size,
  )[0];
  return `/assets/${largest}`;
}

/** The scenario whose rate the others are measured against. */
export const CACHED_HOME = 'SSR home, anonymous (cached)';

export function scenarios(
  engine: 'sqlite' | 'postgres',
  origin: string,
  shoppers: Shopper[],
  signInEmails: string[],
  /** Each shopper's own orders (placeShopperOrders), by shopper. */
  orderReferences: string[][] = [],
) {
  const cookieOf = (i: number) => shoppers[i % shoppers.length]?.cookie ?? '';
  const signedIn = (i: number) => ({ ...BROWSER, cookie: cookieOf(i) });
  const api = (i: number) => ({
    cookie: cookieOf(i),
    origin,
    'content-type': 'application/json',
  });
  // The cart's add form as the product page's script posts it (docs/decisions/0045).
  const cartForm = (i: number) => ({
    cookie: cookieOf(i),
    origin,
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  });
  // Issue 36: shares of the cached home page's rate measured in the same run, on the same machine.
  const addToCartBudget = engine === 'sqlite' ? { ratio: 0.8, p99: 20 } : { ratio: 0.5 };
  const checkoutBudget = { ratio: engine === 'sqlite' ? 0.4 : 0.25 };
  let signIns = 0;
  const list: Scenario[] = [
    // First: the cached page every other rate is a share of.
    { name: CACHED_HOME, path: '/', headersFor: () => BROWSER },
    {
      name: 'SSR category page 1, anonymous',
      path: '/category/mobility',
      headersFor: () => BROWSER,
    },
    {
      name: 'SSR category page 1, signed in (cached, name spliced in)',
      path: '/category/mobility',
      headersFor: signedIn,
      budget: { ratio: 0.3, p99: 30 },
    },
    {
      name: 'account page, signed in (rendered per request)',
      path: '/account',
      headersFor: signedIn,
      budget: { cpuMs: 3 },
    },
    {
      name: "a shopper's order page, signed in (rendered per request)",
      path: '/account/orders',
      // Connection i is shopper i: each asks for an order of their own.
      pathFor: (i) => `/account/orders/${orderReferences[i % shoppers.length]?.[0] ?? 'none'}`,
      headersFor: signedIn,
      budget: { cpuMs: 3 },
    },
    {
      name: 'SSR product page, anonymous',
      path: productPath,
      headersFor: () => BROWSER,
    },
    { name: 'SSR product page, signed in', path: productPath, headersFor: signedIn },
    { name: 'static asset (largest script)', path: largestScript(), headersFor: () => BROWSER },
    {
      name: 'add to cart, signed in',
      method: 'POST',
      path: '/cart',
      headersFor: cartForm,
      body: () =>
        new URLSearchParams({
          intent: 'add',
          productId: inStock[signIns++ % 8]?.id ?? '',
          quantity: '1',
        }).toString(),
      budget: addToCartBudget,
    },
    { name: 'cart read, signed in', path: '/api/cart', headersFor: api },
    {
      name: 'cart summary quote (shipping and tax), signed in',
      method: 'POST',
      path: '/api/checkout/quote',
      headersFor: api,
      body: () => JSON.stringify({ shipping: 'expedited', state: 'IL', promoCode: 'WELCOME10' }),
    },
    {
      name: 'checkout session creation, signed in',
      method: 'POST',
      path: '/api/checkout',
      headersFor: api,
      body: () => JSON.stringify({ paymentMethod: 'card', address: BENCH_ADDRESS }),
      budget: checkoutBudget,
    },
    {
      name: 'sign-in (password hashing)',
      method: 'POST',
      path: '/api/auth/sign-in/email',
      headersFor: () => ({ origin, 'content-type': 'application/json' }),
      requestHeaders: () => ({ 'x-forwarded-for': nextAddress() }),
      body: () =>
        JSON.stringify({ email: signInEmails[signIns++ % signInEmails.length], password: PASSWORD }),
      // Every request another address: each may try a password only a few times a minute.
      variants: 3000,
      loopDelay: true,
      budget: { loopP99: 20 },
    },
  ];
  return list;
}
