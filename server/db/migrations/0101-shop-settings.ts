import type { Kysely } from 'kysely';

/**
 * Shipping and tax as settings (issue 33, point 3; docs/decisions/0051):
 * - `shipping_settings`: one row per shipping option the checkout knows (standard, expedited,
 *   freight): its name, price, delivery time, the subtotal from which it ships free (or none)
 *   and which carts it is offered to (parcel, freight or all);
 * - `tax_rates`: each state's rate in thousandths of a percent (7.25 % is 7250).
 * Seeded with the values the code held until now, so nothing a shopper sees changes. The
 * values are written out here, not imported: a migration must not move when the code does.
 */
const SHIPPING = [
  {
    option: 'standard',
    name: 'Standard',
    price: 999,
    days: '5-7 business days',
    freeFrom: 49_900,
    carts: 'parcel',
  },
  {
    option: 'expedited',
    name: 'Expedited',
    price: 2499,
    days: '2-3 business days',
    freeFrom: null,
    carts: 'parcel',
  },
  {
    option: 'freight',
    name: 'Standard (freight)',
    price: 999,
    days: '7-10 business days',
    freeFrom: 49_900,
    carts: 'freight',
  },
] as const;

// Tax Foundation, "State and Local Sales Tax Rates, 2025": statewide base rates.
const RATES: Record<string, number> = {
  AL: 4000,
  AK: 0,
  AZ: 5600,
  AR: 6500,
  CA: 7250,
  CO: 2900,
  CT: 6350,
  DE: 0,
  DC: 6000,
  FL: 6000,
  GA: 4000,
  HI: 4000,
  ID: 6000,
  IL: 6250,
  IN: 7000,
  IA: 6000,
  KS: 6500,
  KY: 6000,
  LA: 5000,
  ME: 5500,
  MD: 6000,
  MA: 6250,
  MI: 6000,
  MN: 6875,
  MS: 7000,
  MO: 4225,
  MT: 0,
  NE: 5500,
  NV: 6850,
  NH: 0,
  NJ: 6625,
  NM: 4875,
  NY: 4000,
  NC: 4750,
  ND: 5000,
  OH: 5750,
  OK: 4500,
  OR: 0,
  PA: 6000,
  RI: 7000,
  SC: 6000,
  SD: 4200,
  TN: 7000,
  TX: 6250,
  UT: 6100,
  VT: 6000,
  VA: 5300,
  WA: 6500,
  WV: 6000,
  WI: 5000,
  WY: 4000,
  AS: 0,
  GU: 0,
  MP: 0,
  PR: 10500,
  VI: 0,
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shipping_settings')
    .addColumn('option', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('days', 'varchar(60)', (c) => c.notNull())
    .addColumn('free_from_cents', 'integer')
    .addColumn('carts', 'varchar(16)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('tax_rates')
    .addColumn('state', 'varchar(2)', (c) => c.primaryKey())
    .addColumn('rate', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  const now = Date.now();
  const seed = db as Kysely<{
    shipping_settings: Record<string, unknown>;
    tax_rates: Record<string, unknown>;
  }>;
  await seed
    .insertInto('shipping_settings')
    .values(
      SHIPPING.map((s) => ({
        option: s.option,
        name: s.name,
        price_cents: s.price,
        days: s.days,
        free_from_cents: s.freeFrom,
        carts: s.carts,
        updated_at: now,
      })),
    )
    .execute();
  await seed
    .insertInto('tax_rates')
    .values(Object.entries(RATES).map(([state, rate]) => ({ state, rate, updated_at: now })))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tax_rates').execute();
  await db.schema.dropTable('shipping_settings').execute();
}
