import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import type { BuyingContext } from './organisations';

type Db = Kysely<DatabaseSchema>;

/**
 * The approved organisation this account buys for, with the member's role and limits; undefined
 * for a consumer, or while the organisation waits for review or was refused. Read fresh on every
 * checkout and page (no cache): removing a member ends their access at once.
 */
export async function buyingContext(db: Db, userId: string): Promise<BuyingContext | undefined> {
  const row = await db
    .selectFrom('organisation_members as m')
    .innerJoin('organisations as o', 'o.id', 'm.organisation_id')
    .select([
      'o.id',
      'o.name',
      'o.po_required',
      'o.terms_days',
      'o.credit_limit',
      'm.role',
      'm.order_limit',
      'm.monthly_limit',
    ])
    .where('m.user_id', '=', userId)
    .where('o.status', '=', 'approved')
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    organisation: {
      id: row.id,
      name: row.name,
      poRequired: Boolean(row.po_required),
      termsDays: row.terms_days,
      creditLimit: row.credit_limit,
    },
    member: {
      userId,
      role: row.role,
      orderLimit: row.order_limit,
      monthlyLimit: row.monthly_limit,
    },
  };
}
