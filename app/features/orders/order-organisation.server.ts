import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import type { OrderOrganisation } from './order-organisation';

/**
 * The organisation an order was placed for, who placed it, its PO and its certificate, as the
 * invoice states them; null for a consumer's order. The caller has already found the order
 * visible to the account (findVisibleOrder).
 */
export async function orderOrganisation(
  db: Kysely<DatabaseSchema>,
  reference: string,
): Promise<OrderOrganisation | null> {
  const row = await db
    .selectFrom('orders')
    .innerJoin('organisations', 'organisations.id', 'orders.organisation_id')
    .select(['organisations.name', 'orders.buyer_name', 'orders.po_number', 'orders.tax_certificate_number'])
    .where('orders.reference', '=', reference)
    .executeTakeFirst();
  if (!row) return null;
  return {
    name: row.name,
    buyerName: row.buyer_name,
    poNumber: row.po_number,
    taxCertificate: row.tax_certificate_number,
  };
}
