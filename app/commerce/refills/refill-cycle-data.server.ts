import type { Kysely } from 'kysely';
import type { MailContent } from '#server/mail/layout';
import type { DatabaseSchema } from '#server/db/schema';
import type { RefillCycleTable, RefillPlanLineTable, RefillPlanTable } from '#server/db/schema-refills';
import type { AppServices } from '#server/types';
import { storeDate } from '~/lib/store-time';
import type { CycleMailFacts } from './refill-mail.server';
import { ACCOUNT_REFILLS_PATH } from './refill-paths';
import type { RefillPrice, RefillPricing } from './refill-pricing';
import { isUsStateCode } from '~/commerce/delivery/us-states';

/**
 * What one scheduler pass works with (docs/decisions/0065), and the reads and the mail every
 * step of it shares: the plan's lines named from the catalogue, the shopper, the mail's facts.
 */
type Db = Kysely<DatabaseSchema>;

export type RefillServices = Pick<
  AppServices,
  'database' | 'env' | 'mail' | 'logger' | 'payments' | 'metrics' | 'healthData'
>;

export interface RefillRun {
  services: RefillServices;
  pricing: RefillPricing;
  /** After committed stock changes: the catalogue reads these products again. */
  stockChanged(productIds: readonly string[]): void;
  /** The pass's clock (a test clock in tests and with --date); `today` is its store date. */
  now: number;
  today: string;
}

export function refillRun(
  services: RefillServices,
  pricing: RefillPricing,
  stockChanged: RefillRun['stockChanged'],
  now = Date.now(),
): RefillRun {
  return { services, pricing, stockChanged, now, today: storeDate(now) };
}

/** Better Auth's user columns read here (its table is typed by Better Auth, not our schema). */
interface UserTable {
  user: { id: string; email: string; firstName: string | null };
}

export interface Shopper {
  id: string;
  email: string;
  firstName: string | null;
}

export async function shopperOf(db: Db, userId: string): Promise<Shopper | undefined> {
  return (db as unknown as Kysely<UserTable>)
    .selectFrom('user')
    .select(['id', 'email', 'firstName'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export interface NamedLine extends RefillPlanLineTable {
  name: string;
  /** The catalogue's price now; undefined when the product is no longer sold. */
  currentPrice: number | undefined;
  prescriptionRequired: boolean;
}

export async function planLines(db: Db, pricing: RefillPricing, planId: string): Promise<NamedLine[]> {
  const lines = await db
    .selectFrom('refill_plan_lines')
    .selectAll()
    .where('plan_id', '=', planId)
    .orderBy('product_id')
    .execute();
  return lines.map((line) => {
    const product = pricing.product(line.product_id);
    return {
      ...line,
      name: product?.name ?? line.product_id,
      currentPrice: product?.price,
      prescriptionRequired: product?.prescriptionRequired ?? false,
    };
  });
}

export function mailFacts(
  run: RefillRun,
  plan: RefillPlanTable,
  cycle: Pick<RefillCycleTable, 'due_date'>,
  lines: readonly NamedLine[],
  shopper: Shopper,
): CycleMailFacts {
  return {
    firstName: shopper.firstName,
    dueDate: cycle.due_date,
    lines: lines.map((line) => ({ name: line.name, quantity: line.quantity, unitPrice: line.unit_price })),
    card: { brand: plan.card_brand, last4: plan.card_last4 },
    plansUrl: `${run.services.env.APP_URL}${ACCOUNT_REFILLS_PATH}`,
  };
}

/**
 * Queues one of the cycle's mails to the plan's shopper; with `trx`, it exists exactly when the
 * transaction that claimed it commits (a reminder's mark, a decline's record).
 */
export async function mailShopper(
  run: RefillRun,
  shopper: Shopper,
  kind: string,
  content: MailContent,
  trx?: Db,
): Promise<void> {
  await run.services.mail.send({ kind, to: shopper.email, ...content }, trx ? { trx } : undefined);
}

/** Everything a cycle's mail needs, read once. Undefined when the shopper's account is gone. */
export async function cycleContext(run: RefillRun, plan: RefillPlanTable) {
  const { db } = run.services.database;
  const shopper = await shopperOf(db, plan.user_id);
  if (!shopper) return undefined;
  return { shopper, lines: await planLines(db, run.pricing, plan.id) };
}

/** The cycle priced by the checkout's quote: the plan's lines, shipping option and state. */
export function priceOf(
  run: RefillRun,
  plan: RefillPlanTable,
  shopper: Shopper,
  lines: readonly NamedLine[],
): Promise<RefillPrice> {
  const state = plan.ship_state;
  if (!isUsStateCode(state)) {
    return Promise.resolve({
      ok: false,
      outOfStock: false,
      message: 'The delivery address has no state we ship to.',
    });
  }
  return run.pricing.price({
    user: { id: shopper.id, email: shopper.email },
    items: lines.map((line) => ({ productId: line.product_id, quantity: line.quantity })),
    shipping: plan.shipping_option === 'expedited' ? 'expedited' : 'standard',
    state,
  });
}
