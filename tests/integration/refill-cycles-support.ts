import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isPurchasable } from '../../app/commerce/catalogue/catalog';
import { SEED_PRODUCTS } from '../../app/commerce/catalogue/catalog-seed';
import { catalogueStore } from '../../app/commerce/catalogue/catalogue-store.server';
import { runRefillPass } from '../../app/commerce/refills/refill-cycles.server';
import { storeNoon } from '../../app/commerce/refills/refill-dates';
import { refillRunOf } from '../../app/commerce/refills/refill-jobs.server';
import { openCycleOf } from '../../app/commerce/refills/refill-plan-changes.server';
import { refillPricing } from '../../app/features/checkout/refill-pricing.server';
import type { DatabaseSchema } from '../../server/db/schema';
import type { AppServices } from '../../server/types';
import { signedInClient } from '../support/accounts';
import type { TestServer } from '../support/test-server';

/**
 * Refill plans for the scheduler's tests (docs/decisions/0065), made as the plans' side makes
 * them: a signed-up shopper, a card saved at the test gateway (its token only), a plan with its
 * lines at the catalogue's price and its first cycle. The gateway's ledger counts the charges.
 */
type Db = Kysely<DatabaseSchema>;

export const CARD_OK = '4242424242424242';
export const CARD_DECLINES = '4000000000000341';

/** Seeded products a plan can buy: in stock, parcel, no prescription (unless asked). */
export function refillProduct(index = 0, prescription = false) {
  const candidates = SEED_PRODUCTS.filter(
    (p) =>
      isPurchasable(p.stock) &&
      p.onHand >= 40 &&
      p.prescriptionRequired === prescription &&
      !p.freightOnly &&
      p.price < 20_000,
  );
  const product = candidates[index];
  if (!product) throw new Error('no such seeded product');
  return product;
}

export interface TestPlan {
  planId: string;
  userId: string;
  email: string;
  cycleId: string;
}

export async function userIdOf(db: Db, email: string): Promise<string> {
  const row = await (db as unknown as Kysely<{ user: { id: string; email: string } }>)
    .selectFrom('user')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A shopper and their plan: `lines` every `weeks` from `nextDate`, paid by `card`. */
export async function createPlan(
  t: TestServer,
  options: {
    nextDate: string;
    weeks?: number;
    lines: { productId: string; quantity: number; unitPrice?: number }[];
    card?: string;
    userId?: string;
    email?: string;
  },
): Promise<TestPlan> {
  const { services } = t.server;
  const db = services.database.db;
  let email = options.email;
  let userId = options.userId;
  if (!email || !userId) {
    email = (await signedInClient(t.url, 'Rita')).email;
    userId = await userIdOf(db, email);
  }
  const saved = await services.payments.vault!.saveCard({
    customerId: userId,
    email,
    card: {
      number: options.card ?? CARD_OK,
      expiryMonth: '12',
      expiryYear: '39',
      cvv: '123',
      holderName: 'Rita Tester',
    },
  });
  if (saved.status !== 'saved') throw new Error(`card not saved: ${saved.message}`);
  const planId = randomUUID();
  const now = Date.now();
  const plan = {
    id: planId,
    user_id: userId,
    status: 'active' as const,
    interval_weeks: options.weeks ?? 4,
    next_date: options.nextDate,
    ship_name: 'Rita Tester',
    ship_line1: '12 Elm Street',
    ship_line2: '',
    ship_city: 'Columbus',
    ship_state: 'OH',
    ship_zip: '43215',
    ship_phone: '614-555-0100',
    shipping_option: 'standard',
    card_token: saved.token,
    card_brand: saved.brand,
    card_last4: saved.last4,
    card_expiry: saved.expiry,
    reason: null,
    changed_by: null,
    created_at: now,
    updated_at: now,
  };
  await db.insertInto('refill_plans').values(plan).execute();
  const catalogue = catalogueStore(services).current();
  await db
    .insertInto('refill_plan_lines')
    .values(
      options.lines.map((line) => ({
        id: randomUUID(),
        plan_id: planId,
        product_id: line.productId,
        quantity: line.quantity,
        unit_price: line.unitPrice ?? catalogue.getProduct(line.productId)!.price,
      })),
    )
    .execute();
  const cycle = await openCycleOf(db, plan, now);
  return { planId, userId, email, cycleId: cycle.id };
}

/** One scheduler pass as of the store date `date` (the test clock). */
export function passOn(services: AppServices, date: string) {
  return runRefillPass(refillRunOf(services, refillPricing(services), storeNoon(date)));
}

/** Charges the processor approved for a plan's cycles: rows of the test gateway's ledger. */
export async function approvedCharges(db: Db, cycleIds?: string[]) {
  let query = db.selectFrom('test_gateway_charges').selectAll().where('transaction_id', 'is not', null);
  if (cycleIds) {
    query = query.where((eb) => eb.or(cycleIds.map((id) => eb('idempotency_key', 'like', `refill:${id}:%`))));
  }
  return query.execute();
}

export function cyclesOf(db: Db, planId: string) {
  return db
    .selectFrom('refill_cycles')
    .selectAll()
    .where('plan_id', '=', planId)
    .orderBy('due_date')
    .execute();
}

export function planOf(db: Db, planId: string) {
  return db.selectFrom('refill_plans').selectAll().where('id', '=', planId).executeTakeFirstOrThrow();
}

/** The plan's orders: each cycle's. */
export function ordersOfPlan(db: Db, planId: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where(
      'id',
      'in',
      db
        .selectFrom('refill_cycles')
        .select('order_id')
        .where('plan_id', '=', planId)
        .where('order_id', 'is not', null)
        .$narrowType<{ order_id: string }>(),
    )
    .execute();
}

/** Sets a product's units on hand (or its price) and has the catalogue read it again. */
export async function setProduct(
  services: AppServices,
  productId: string,
  change: { onHand?: number; price?: number },
) {
  const db = services.database.db;
  if (change.onHand !== undefined) {
    await db
      .updateTable('inventory')
      .set({ on_hand: change.onHand })
      .where('product_id', '=', productId)
      .execute();
  }
  if (change.price !== undefined) {
    await db.updateTable('products').set({ price: change.price }).where('id', '=', productId).execute();
  }
  await catalogueStore(services).changed([productId]);
}
