import type { PageCacheTally } from '../page-cache/page-cache';

/**
 * What the rest of the store sees of GET /metrics: counts to add to, never prom-client itself
 * (features count their events through these; server/metrics/metrics.ts makes them).
 */

/** One count of something the store did. */
export interface Tally {
  inc(): void;
}

/** One answered request, by route pattern (never the raw path: the labels stay few). */
export type RequestTally = (route: string, method: string, status: number, seconds: number) => void;

/** How someone tried to sign in, as the failed sign-ins are labelled. */
export type SignInMethod = 'password' | 'email-code' | 'email-link' | 'phone-code' | 'two-factor' | 'passkey';

export interface StoreMetrics {
  /** A pending order made by checkout (the payment form's order). */
  ordersCreated: Tally;
  /** A payment approved: paid, or authorised while its prescription is reviewed. */
  ordersPaid: Tally;
  /** A card or account the processor declined. */
  paymentsDeclined: Tally;
  /** A refund the processor made (whole or lines), from the console. */
  refunds: Tally;
  signInFailed(method: SignInMethod): void;
  /** A rate-limit counter over its limit: `scope` is its key's first part (auth, pay, contact...). */
  rateLimitRefused(scope: string): void;
  pageCache: PageCacheTally;
  requests: RequestTally;
  /** The exposition text for GET /metrics (collects the database's figures on the way). */
  scrape(): Promise<{ contentType: string; body: string }>;
}
