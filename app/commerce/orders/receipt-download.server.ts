import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import type { OrderView } from './orders';
import { findOrderByReference, isOrderReference, orderView } from './orders.server';
import { hasReceipt } from '~/commerce/order-states';
import { receiptPath } from './orders';
import { receiptFileName, receiptKey, receiptKeyMatches, receiptPdf } from './receipt.server';

type Db = Kysely<DatabaseSchema>;

/** The confirmation mail's link to the receipt: opens without signing in, for this order only. */
export function receiptLink(
  appUrl: string,
  secret: string,
  order: { id: string; reference: string },
): string {
  return `${appUrl}${receiptPath(order.reference)}?key=${receiptKey(secret, order.id)}`;
}

/** The order a mailed receipt link names, when its key is the order's (a guest has no account). */
export async function orderByReceiptKey(
  db: Db,
  secret: string,
  reference: string,
  key: string,
): Promise<OrderView | undefined> {
  if (!isOrderReference(reference)) return undefined;
  const row = await findOrderByReference(db, reference);
  return row && receiptKeyMatches(secret, row.id, key) ? orderView(db, row) : undefined;
}

/**
 * The PDF as a download (never shown inline from the store's origin), private and not kept by
 * caches; 404 for an order that is not the asker's, or that was never paid, exactly alike.
 */
export async function receiptResponse(order: OrderView | undefined): Promise<Response> {
  if (!order || !hasReceipt(order)) {
    return new Response('Not found', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  const pdf = await receiptPdf(order);
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${receiptFileName(order.reference)}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
