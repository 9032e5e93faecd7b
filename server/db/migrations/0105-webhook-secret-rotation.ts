import type { Kysely } from 'kysely';

/**
 * Rotating an endpoint's signing secret (docs/decisions/0049): the secret it replaced, sealed
 * like the current one, and until when deliveries are signed with both, so the receiving system
 * can take the new secret without missing an event.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_endpoints').addColumn('previous_secret', 'text').execute();
  await db.schema.alterTable('webhook_endpoints').addColumn('previous_secret_until', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_endpoints').dropColumn('previous_secret_until').execute();
  await db.schema.alterTable('webhook_endpoints').dropColumn('previous_secret').execute();
}
