import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import type { OrderRow } from '~/commerce/orders/orders.server';
import type { OrderOrganisation } from './order-organisation';

/**
 * The organisation an order was placed for, who placed it, its PO and its certificate, as the
 * invoice states them; null for a consumer's order. The order's row (findVisibleOrder's, already
 * checked as visible to the account) holds all but the organisation's name: a consumer's order
 * costs no query, an organisation's one read of its name.
 */
export async function orderOrganisation(
  db: Kysely<DatabaseSchema>,
  order: Pick<OrderRow, 'organisation_id' | 'buyer_name' | 'po_number' | 'tax_certificate_number'>,
): Promise<OrderOrganisation | null> {
  if (order.organisation_id === null) return null;
  const organisation = await db
    .selectFrom('organisations')
    .select('name')
    .where('id', '=', order.organisation_id)
    .executeTakeFirst();
  if (!organisation) return null;
  return {
    name: organisation.name,
    buyerName: order.buyer_name,
    poNumber: order.po_number,
    taxCertificate: order.tax_certificate_number,
  };
}
