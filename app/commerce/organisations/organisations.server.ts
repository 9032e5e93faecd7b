import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import { storeDate } from '~/lib/store-time';
import type { BuyingContext } from './organisations';
import { stillValid } from './tax-exemption';

type Db = Kysely<DatabaseSchema>;

/**
 * The approved organisation this account buys for, with the member's role and limits; undefined
 * for a consumer, or while the organisation waits for review or was refused. Read fresh on every
 * checkout and page (no cache): removing a member ends their access at once. Given the
 * order's state, the same query reads the certificate exempting it (docs/decisions/0057): a
 * checkout asks both, and one statement is cheaper than two (issue 34's 10 % figure).
 */
export async function buyingContext(
  db: Db,
  userId: string,
  state?: string,
): Promise<BuyingContext | undefined> {
  const row = await db
    .selectFrom('organisation_members as m')
    .innerJoin('organisations as o', 'o.id', 'm.organisation_id')
    .leftJoin('tax_certificates as c', (join) =>
      join
        .onRef('c.organisation_id', '=', 'o.id')
        .on('c.state', '=', state ?? '')
        .on('c.status', '=', 'verified'),
    )
    .select([
      'c.number as certificate_number',
      'c.expires_on as certificate_expires_on',
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
    ...(state === undefined
      ? {}
      : {
          exemption: {
            state,
            number:
              row.certificate_number && stillValid(row.certificate_expires_on, storeDate(Date.now()))
                ? row.certificate_number
                : null,
          },
        }),
  };
}
