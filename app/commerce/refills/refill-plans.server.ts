import { randomUUID } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import { isPostgres } from '#server/db/database';
import type { DatabaseSchema } from '#server/db/schema';
import type { RefillPlanTable } from '#server/db/schema-refills';
import type { CardDetails, CardVault } from '#server/payments/gateway';
import { parseRefillWeeks } from '~/commerce/catalogue/refill-weeks';
import type { Address } from '~/commerce/delivery/address.schema';
import { ADDRESS_NOT_FOUND } from '~/commerce/delivery/address-book';
import { findAddress } from '~/commerce/delivery/address-book.server';
import { shippingOffers } from '~/commerce/delivery/shipping-options';
import type { ShippingSettings } from '~/commerce/shipping';
import type { UsStateCode } from '~/commerce/delivery/us-states';
import { storeDate } from '~/lib/store-time';
import { OPEN_CYCLE_STATES } from './refill-cycle-rows.server';
import {
  firstDateRange,
  REFILL_PLANS_LIMIT,
  REFILL_TEXT,
  type RefillPlanInput,
  type RefillPlanView,
} from './refill-plans';

/**
 * Refill plans' own rows (docs/decisions/0064): creating a plan (its line at the product's
 * price now, its first cycle, the card saved at the gateway first) and reading a shopper's
 * plans. What happens to a plan later (skip, move, pause, resume, cancel, the cycles) is
 * refill-plan-changes.server.ts's and the scheduler's.
 */
type Db = Kysely<DatabaseSchema>;
type Trx = Transaction<DatabaseSchema>;

/** Why a plan was not created: the field to show it beside (none: the form's message), the HTTP status. */
export class RefillPlanError extends Error {
  constructor(
    message: string,
    readonly field?: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export interface CreatePlanDeps {
  db: Db;
  /** The gateway's saved cards; undefined where it cannot keep them (PAYMENT_PROVIDER=none). */
  vault: CardVault | undefined;
  shipping: ShippingSettings;
  now?: number;
}

export interface NewRefillPlan {
  plan: RefillPlanInput;
  /** A new address typed in the form, or undefined when plan.addressId names a saved one. */
  address?: Address;
  card: CardDetails;
}

/** The product as the plan will sell it: published, refillable every `weeks`, at today's price. */
async function refillableProduct(db: Db, productId: string, weeks: number) {
  const product = await db
    .selectFrom('products')
    .select(['id', 'name', 'price', 'refill_weeks', 'published', 'freight_only'])
    .where('id', '=', productId)
    .executeTakeFirst();
  const offered = parseRefillWeeks(product?.refill_weeks);
  if (!product || !product.published || offered.length === 0) {
    throw new RefillPlanError(REFILL_TEXT.notOffered, undefined, 404);
  }
  if (!offered.includes(weeks)) throw new RefillPlanError(REFILL_TEXT.weeks, 'weeks');
  return product;
}

/** The plans counted against the limit: all but the cancelled ones. */
async function livePlans(db: Db | Trx, userId: string): Promise<number> {
  const row = await db
    .selectFrom('refill_plans')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('status', '!=', 'cancelled')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Creates a shopper's plan: checks what the form cannot (the product, its intervals, the date,
 * the shipping option, the address being theirs, the limit), saves the card at the gateway, then
 * writes the plan, its line (the product's price now, never the client's) and its first cycle
 * in one transaction. A card saved for a plan that then could not be written is forgotten.
 */
export async function createRefillPlan(
  deps: CreatePlanDeps,
  user: { id: string; email: string },
  input: NewRefillPlan,
): Promise<{ planId: string; nextDate: string }> {
  const { db, vault } = deps;
  const now = deps.now ?? Date.now();
  if (!vault) throw new RefillPlanError(REFILL_TEXT.unavailable, undefined, 503);
  const { plan } = input;
  const product = await refillableProduct(db, plan.productId, plan.weeks);
  const { first, last } = firstDateRange(storeDate(now));
  if (plan.firstDate < first || plan.firstDate > last) {
    throw new RefillPlanError(REFILL_TEXT.firstDateRange, 'firstDate');
  }
  const offer = shippingOffers(
    {
      subtotal: product.price * plan.quantity,
      itemCount: plan.quantity,
      freeShippingCode: false,
      freight: Boolean(product.freight_only),
    },
    deps.shipping,
  ).find((o) => o.choice === plan.shipping);
  if (!offer) throw new RefillPlanError(REFILL_TEXT.shipping, 'shipping');
  const address = plan.addressId ? await findAddress(db, user.id, plan.addressId) : input.address;
  if (!address) throw new RefillPlanError(ADDRESS_NOT_FOUND, 'addressId', 404);
  if ((await livePlans(db, user.id)) >= REFILL_PLANS_LIMIT) {
    throw new RefillPlanError(REFILL_TEXT.limit, undefined, 409);
  }

  const saved = await vault.saveCard({ customerId: user.id, email: user.email, card: input.card });
  if (saved.status === 'declined') throw new RefillPlanError(saved.message, 'cardNumber', 402);
  if (saved.status === 'error') throw new RefillPlanError(saved.message, undefined, 502);

  const planId = randomUUID();
  try {
    await db.transaction().execute(async (trx) => {
      // Counted again where the plan is written: two forms sent at once both passed the count
      // above. SQLite's write transactions take turns; on PostgreSQL the shopper's row is locked.
      if (isPostgres<DatabaseSchema>(trx)) {
        await sql`select id from "user" where id = ${user.id} for update`.execute(trx);
      }
      if ((await livePlans(trx, user.id)) >= REFILL_PLANS_LIMIT) {
        throw new RefillPlanError(REFILL_TEXT.limit, undefined, 409);
      }
      await trx
        .insertInto('refill_plans')
        .values({
          id: planId,
          user_id: user.id,
          status: 'active',
          interval_weeks: plan.weeks,
          next_date: plan.firstDate,
          ship_name: address.recipientName,
          ship_line1: address.line1,
          ship_line2: address.line2,
          ship_city: address.city,
          ship_state: address.state,
          ship_zip: address.zip,
          ship_phone: address.phone,
          shipping_option: offer.option,
          card_token: saved.token,
          card_brand: saved.brand,
          card_last4: saved.last4,
          card_expiry: saved.expiry,
          reason: null,
          changed_by: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await trx
        .insertInto('refill_plan_lines')
        .values({
          id: randomUUID(),
          plan_id: planId,
          product_id: product.id,
          quantity: plan.quantity,
          unit_price: product.price,
        })
        .execute();
      await trx
        .insertInto('refill_cycles')
        .values({
          id: randomUUID(),
          plan_id: planId,
          due_date: plan.firstDate,
          status: 'scheduled',
          attempts: 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
    });
  } catch (error) {
    await vault.forgetCard(saved.token);
    throw error;
  }
  return { planId, nextDate: plan.firstDate };
}

/**
 * Saves another card for a plan (the shopper's), then forgets the one it replaces. Returns false
 * when the plan is not this user's, or is cancelled (nothing is saved then).
 */
export async function replacePlanCard(
  deps: Pick<CreatePlanDeps, 'db' | 'vault' | 'now'>,
  user: { id: string; email: string },
  planId: string,
  card: CardDetails,
): Promise<boolean> {
  const { db, vault } = deps;
  if (!vault) throw new RefillPlanError(REFILL_TEXT.unavailable, undefined, 503);
  const plan = await ownPlanRow(db, user.id, planId);
  if (!plan || plan.status === 'cancelled') return false;
  const saved = await vault.saveCard({ customerId: user.id, email: user.email, card });
  if (saved.status === 'declined') throw new RefillPlanError(saved.message, 'cardNumber', 402);
  if (saved.status === 'error') throw new RefillPlanError(saved.message, undefined, 502);
  const replaced = await db
    .updateTable('refill_plans')
    .set({
      card_token: saved.token,
      card_brand: saved.brand,
      card_last4: saved.last4,
      card_expiry: saved.expiry,
      updated_at: deps.now ?? Date.now(),
    })
    .where('id', '=', planId)
    .where('user_id', '=', user.id)
    .where('status', '!=', 'cancelled')
    // The card it had when read: two replacements at once keep one, and forget the other.
    .where((eb) =>
      plan.card_token === null ? eb('card_token', 'is', null) : eb('card_token', '=', plan.card_token),
    )
    .executeTakeFirst();
  if (Number(replaced.numUpdatedRows) !== 1) {
    // Cancelled or changed meanwhile: the new card is not kept.
    await vault.forgetCard(saved.token);
    return false;
  }
  if (plan.card_token) await vault.forgetCard(plan.card_token);
  return true;
}

/** One of this user's plans as stored; undefined for another user's or an id that is none. */
export async function ownPlanRow(db: Db, userId: string, planId: string) {
  if (!/^[0-9a-f-]{36}$/.test(planId)) return undefined;
  return db
    .selectFrom('refill_plans')
    .selectAll()
    .where('id', '=', planId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

function viewOf(
  row: RefillPlanTable,
  lines: RefillPlanView['lines'],
  nextCycleId: string | null,
): RefillPlanView {
  return {
    id: row.id,
    status: row.status,
    intervalWeeks: row.interval_weeks,
    nextDate: row.next_date,
    nextCycleId,
    address: {
      recipientName: row.ship_name,
      line1: row.ship_line1,
      line2: row.ship_line2,
      city: row.ship_city,
      state: row.ship_state as UsStateCode,
      zip: row.ship_zip,
      phone: row.ship_phone,
    },
    shippingOption: row.shipping_option,
    card: row.card_last4 ? { brand: row.card_brand, last4: row.card_last4, expiry: row.card_expiry } : null,
    reason: row.reason,
    changedBy: row.changed_by,
    createdAt: Number(row.created_at),
    lines,
  };
}

/** A user's plans, newest first, with their lines (the product's name as it is now). */
export async function listRefillPlans(db: Db, userId: string): Promise<RefillPlanView[]> {
  const rows = await db
    .selectFrom('refill_plans')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const cycles = await db
    .selectFrom('refill_cycles')
    .select(['id', 'plan_id', 'due_date'])
    .where('plan_id', 'in', ids)
    .where('status', 'in', OPEN_CYCLE_STATES)
    .execute();
  const lines = await db
    .selectFrom('refill_plan_lines')
    .leftJoin('products', 'products.id', 'refill_plan_lines.product_id')
    .select([
      'refill_plan_lines.plan_id',
      'refill_plan_lines.product_id',
      'refill_plan_lines.quantity',
      'refill_plan_lines.unit_price',
      'products.name',
    ])
    .where('refill_plan_lines.plan_id', 'in', ids)
    .orderBy('refill_plan_lines.product_id')
    .execute();
  return rows.map((row) =>
    viewOf(
      row,
      lines
        .filter((line) => line.plan_id === row.id)
        .map((line) => ({
          productId: line.product_id,
          name: line.name ?? line.product_id,
          quantity: line.quantity,
          unitPrice: line.unit_price,
          link: `/product/${line.product_id}`,
        })),
      cycles.find((cycle) => cycle.plan_id === row.id && cycle.due_date === row.next_date)?.id ?? null,
    ),
  );
}

/** One of this user's plans as pages show it; undefined for another user's. */
export async function readRefillPlan(
  db: Db,
  userId: string,
  planId: string,
): Promise<RefillPlanView | undefined> {
  const row = await ownPlanRow(db, userId, planId);
  if (!row) return undefined;
  return (await listRefillPlans(db, userId)).find((plan) => plan.id === row.id);
}

/**
 * After a plan is cancelled: the gateway forgets its card and the plan its token (the brand,
 * last four and expiry stay, for the shopper's history). Never throws for the gateway.
 */
export async function forgetPlanCard(
  db: Db,
  vault: CardVault | undefined,
  plan: Pick<RefillPlanTable, 'id' | 'card_token'>,
): Promise<void> {
  if (!plan.card_token) return;
  await vault?.forgetCard(plan.card_token);
  await db
    .updateTable('refill_plans')
    .set({ card_token: null })
    .where('id', '=', plan.id)
    .where('status', '=', 'cancelled')
    .execute();
}
