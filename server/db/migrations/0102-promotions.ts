import type { Kysely } from 'kysely';

/**
 * Promotions in the console (issue 33, point 2; docs/decisions/0052):
 * - `promotions`: one code (stored upper-case, so unique whatever the case typed), what it gives
 *   (percent, fixed cents or free shipping), its terms, its dates and limits, and `used`: paid
 *   orders holding a use, counted by a conditional update at payment;
 * - `promotion_uses`: the order holding a use (one code per order), for the per-customer limit
 *   and to give the use back when the charge fails.
 * The seven codes of the specification become rows that behave exactly as the old constant.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('promotions')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('code', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('min_subtotal', 'integer', (c) => c.notNull())
    .addColumn('min_items', 'integer', (c) => c.notNull())
    .addColumn('first_order', 'integer', (c) => c.notNull())
    .addColumn('scope', 'varchar(16)', (c) => c.notNull())
    .addColumn('scope_ids', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'bigint')
    .addColumn('ends_at', 'bigint')
    .addColumn('paused', 'integer', (c) => c.notNull())
    .addColumn('usage_limit', 'integer')
    .addColumn('per_customer_limit', 'integer')
    .addColumn('used', 'integer', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('promotion_uses')
    .addColumn('order_id', 'varchar(40)', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('promotion_id', 'varchar(40)', (c) =>
      c.notNull().references('promotions.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text')
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('promotion_uses_customer_idx')
    .on('promotion_uses')
    .columns(['promotion_id', 'email'])
    .execute();
  const now = Date.now();
  const row = (code: string, kind: string, value: number, label: string, terms: object = {}) => ({
    id: `seed-${code.toLowerCase()}`,
    code,
    kind,
    value,
    min_subtotal: 0,
    min_items: 0,
    first_order: 0,
    scope: 'all',
    scope_ids: '[]',
    starts_at: null,
    ends_at: null,
    paused: 0,
    usage_limit: null,
    per_customer_limit: null,
    used: 0,
    label,
    created_at: now,
    updated_at: now,
    ...terms,
  });
  await (db as Kysely<{ promotions: Record<string, unknown> }>)
    .insertInto('promotions')
    .values([
      row('WELCOME10', 'percent', 10, '10% off your order'),
      row('FREEBARNO', 'free_shipping', 0, 'Free shipping'),
      row('NEWARRIVE15', 'percent', 15, '15% off your first order', { first_order: 1 }),
      row('HEALTH15', 'percent', 15, '15% off your first order', { first_order: 1 }),
      row('BESTSAVE10', 'percent', 10, '10% off when you buy two or more', { min_items: 2 }),
      row('EXTRASAVE5', 'percent', 5, 'An extra 5% off'),
      row('SEASONSHIP', 'free_shipping', 0, 'Free shipping'),
    ])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('promotion_uses').execute();
  await db.schema.dropTable('promotions').execute();
}
