import { randomUUID } from 'node:crypto';
import { type Kysely } from 'kysely';
import { openDatabase } from '../../server/db/database';

/**
 * Makes the bench's organisation buyers: one approved home-care agency with invoice terms, with
 * these accounts as buyers under limits high enough that no checkout waits for approval. Their
 * checkout does everything an organisation's does (membership, limits and the month's spend, the
 * purchase order they send) and is set beside a consumer's (issue 34's 10 % figure). A PO is not
 * required: their order history is bought the consumers' way, without one.
 */
export async function makeOrganisationBuyers(databaseUrl: string, emails: readonly string[]): Promise<void> {
  const { db, close } = openDatabase(databaseUrl);
  try {
    const now = Date.now();
    // Better Auth's table is not in the store's schema type.
    const users = await (db as unknown as Kysely<{ user: { id: string; email: string } }>)
      .selectFrom('user')
      .select(['id', 'email'])
      .where('email', 'in', emails)
      .execute();
    const organisationId = randomUUID();
    await db
      .insertInto('organisations')
      .values({
        id: organisationId,
        name: 'Bench Home Care LLC',
        kind: 'home_care_agency',
        line1: '1 Bench Way',
        line2: null,
        city: 'Springfield',
        state: 'IL',
        zip: '62701',
        phone: null,
        npi: null,
        tax_id: null,
        status: 'approved',
        refusal_reason: null,
        applied_by: users[0]?.id ?? 'bench',
        decided_by: null,
        decided_at: now,
        po_required: 0,
        terms_days: 30,
        credit_limit: 100_000_000,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('organisation_members')
      .values(
        users.map((user) => ({
          organisation_id: organisationId,
          user_id: user.id,
          role: 'buyer' as const,
          order_limit: 100_000_000,
          monthly_limit: 1_000_000_000,
          added_at: now,
        })),
      )
      .execute();
  } finally {
    await close();
  }
}
