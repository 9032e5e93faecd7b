import type { Kysely } from 'kysely';
import type { AppLoadContext } from 'react-router';
import type { DatabaseSchema } from '#server/db/schema';
import type { RefillCycleStatus } from '#server/db/schema-refills';
import { catalogueOf } from '~/commerce/catalogue/catalogue-store.server';
import { addDays, addWeeks } from '~/commerce/refills/refill-dates';
import { requireStaff } from '~/console/staff-access.server';
import { storeDate } from '~/lib/store-time';

/**
 * The console's refill pages (docs/decisions/0065): the deliveries of the next 30 days per day,
 * with the units of each product they take (for purchasing), and the cycles that need someone:
 * charges declined or failed, deliveries waiting for stock or a prescription.
 */
type Db = Kysely<DatabaseSchema>;

export const UPCOMING_DAYS = 30;
/** The most rows the attention list shows: oldest due first. */
const ATTENTION_LIMIT = 200;

export interface UpcomingDay {
  date: string;
  cycles: number;
  units: { name: string; quantity: number }[];
}

export interface AttentionRow {
  cycleId: string;
  status: RefillCycleStatus;
  dueDate: string;
  attempts: number;
  nextAttemptAt: number | null;
  message: string | null;
  orderReference: string | null;
  planId: string;
  planStatus: string;
  userId: string;
  email: string;
}

/** Better Auth's user table, for the customer's email (typed by Better Auth, not our schema). */
interface UserTable {
  user: { id: string; email: string };
}

/**
 * Each active plan's deliveries from today to UPCOMING_DAYS ahead: its next one (today when it
 * is overdue, waiting for stock) and those after it, every interval.
 */
async function upcomingDays(db: Db, today: string, nameOf: (id: string) => string): Promise<UpcomingDay[]> {
  const last = addDays(today, UPCOMING_DAYS);
  const plans = await db
    .selectFrom('refill_plans')
    .select(['id', 'next_date', 'interval_weeks'])
    .where('status', '=', 'active')
    .where('next_date', '<=', last)
    .execute();
  if (plans.length === 0) return [];
  const lines = await db
    .selectFrom('refill_plan_lines')
    .select(['plan_id', 'product_id', 'quantity'])
    .where(
      'plan_id',
      'in',
      plans.map((plan) => plan.id),
    )
    .execute();
  const days = new Map<string, { cycles: number; units: Map<string, number> }>();
  for (const plan of plans) {
    for (
      let date = plan.next_date < today ? today : plan.next_date;
      date <= last;
      date = addWeeks(date, plan.interval_weeks)
    ) {
      const day = days.get(date) ?? { cycles: 0, units: new Map<string, number>() };
      day.cycles++;
      for (const line of lines.filter((l) => l.plan_id === plan.id)) {
        day.units.set(line.product_id, (day.units.get(line.product_id) ?? 0) + line.quantity);
      }
      days.set(date, day);
    }
  }
  return [...days]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, day]) => ({
      date,
      cycles: day.cycles,
      units: [...day.units]
        .map(([productId, quantity]) => ({ name: nameOf(productId), quantity }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    }));
}

async function attention(db: Db): Promise<AttentionRow[]> {
  const rows = await db
    .selectFrom('refill_cycles as c')
    .innerJoin('refill_plans as p', 'p.id', 'c.plan_id')
    .leftJoin('orders as o', 'o.id', 'c.order_id')
    .select(['c.id', 'c.status', 'c.due_date', 'c.attempts', 'c.next_attempt_at', 'c.message'])
    .select(['o.reference', 'p.id as plan_id', 'p.status as plan_status', 'p.user_id'])
    .where('c.status', 'in', ['declined', 'failed', 'waiting_stock', 'waiting_prescription'])
    .orderBy('c.due_date')
    .limit(ATTENTION_LIMIT)
    .execute();
  const ids = [...new Set(rows.map((row) => row.user_id))];
  const users =
    ids.length === 0
      ? []
      : await (db as unknown as Kysely<UserTable>)
          .selectFrom('user')
          .select(['id', 'email'])
          .where('id', 'in', ids)
          .execute();
  const emails = new Map(users.map((user) => [user.id, user.email]));
  return rows.map((row) => ({
    cycleId: row.id,
    status: row.status,
    dueDate: row.due_date,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at === null ? null : Number(row.next_attempt_at),
    message: row.message,
    orderReference: row.reference,
    planId: row.plan_id,
    planStatus: row.plan_status,
    userId: row.user_id,
    email: emails.get(row.user_id) ?? '(account deleted)',
  }));
}

export async function refillConsoleData(context: AppLoadContext, request: Request) {
  await requireStaff(context, request);
  const { db } = context.services.database;
  const catalogue = catalogueOf(context.services);
  const today = storeDate(Date.now());
  const nameOf = (id: string) => catalogue.getProduct(id)?.name ?? id;
  const [upcoming, needing] = await Promise.all([upcomingDays(db, today, nameOf), attention(db)]);
  return {
    today,
    upcoming,
    declined: needing.filter((row) => row.status === 'declined' || row.status === 'failed'),
    waiting: needing.filter((row) => row.status === 'waiting_stock' || row.status === 'waiting_prescription'),
  };
}
