import { createHmac, timingSafeEqual } from 'node:crypto';
import { isPlaced } from '~/commerce/order-states';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../../server/db/schema';
import type { OrderView } from './orders';
import { findOrderByReference, isOrderReference, orderView } from './orders.server';
import { setCookieLine } from '~/lib/cookies';

/**
 * Who may see an order on the confirmation page (/order-success). A reference is short and
 * shown to people, so it is never enough: an account's order is shown to its account (the
 * session), a guest's to the browser that paid it, which the pay answer hands an HttpOnly
 * cookie holding an HMAC of the order's id under the server secret. Nobody can make that
 * token without the secret, and scripts in the page cannot read it.
 */
export const ORDER_ACCESS_COOKIE = 'order_access';
/** The confirmation stays viewable for a day; the mailed confirmation has the details after. */
const MAX_AGE_SECONDS = 24 * 60 * 60;
/** The browser remembers its last few guest orders (one cookie, a few hundred bytes). */
const MAX_ORDERS = 5;

type Db = Kysely<DatabaseSchema>;

export function orderAccessToken(secret: string, orderId: string): string {
  return createHmac('sha256', secret).update(`order-access:${orderId}`).digest('base64url');
}

/** The `reference -> token` pairs of the cookie; anything malformed is skipped. */
function readEntries(cookieHeader: string | null | undefined): Map<string, string> {
  const entries = new Map<string, string>();
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name !== ORDER_ACCESS_COOKIE || !value) continue;
    for (const entry of value.split('.')) {
      const [reference, token] = entry.split(':', 2);
      if (reference && token && isOrderReference(reference)) entries.set(reference, token);
    }
  }
  return entries;
}

/** The Set-Cookie value that adds this order to the browser's cookie, newest first. */
export function orderAccessCookie(options: {
  cookieHeader: string | null | undefined;
  reference: string;
  orderId: string;
  secret: string;
  secure: boolean;
}): string {
  const previous = [...readEntries(options.cookieHeader)].filter(([ref]) => ref !== options.reference);
  const entries = [[options.reference, orderAccessToken(options.secret, options.orderId)], ...previous]
    .slice(0, MAX_ORDERS)
    .map(([ref, token]) => `${ref}:${token}`);
  return setCookieLine(ORDER_ACCESS_COOKIE, entries.join('.'), {
    maxAge: MAX_AGE_SECONDS,
    secure: options.secure,
    httpOnly: true,
  });
}

function tokenMatches(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The paid order with this reference if this request may see it: its account is signed in,
 * or (a guest's order) the browser holds its token. Anything else is undefined, exactly as
 * for a reference that does not exist.
 */
export async function findViewableOrder(
  db: Db,
  request: {
    reference: string;
    cookieHeader: string | null;
    secret: string;
    /** Asked only for an account's order: most visitors of the page never need a session read. */
    userId: () => Promise<string | null>;
  },
): Promise<OrderView | undefined> {
  if (!isOrderReference(request.reference)) return undefined;
  const row = await findOrderByReference(db, request.reference);
  if (!row || !isPlaced(row.status)) return undefined;
  const allowed = row.user_id
    ? row.user_id === (await request.userId())
    : tokenMatches(
        orderAccessToken(request.secret, row.id),
        readEntries(request.cookieHeader).get(row.reference),
      );
  return allowed ? orderView(db, row) : undefined;
}
