import { type Kysely, sql } from 'kysely';
import { columnTypes } from './engine';

/**
 * Indexes for the retention job's deletes (server/retention.ts, docs/decisions/0032), which
 * pick a batch of rows past their lifetime by these columns: without them each batch would
 * read the whole table. Rate limits have theirs since 0001.
 * - Better Auth's sessions and verification rows by `expiresAt`;
 * - unconfirmed newsletter sign-ups by when they were made (a partial index: only the rows that
 *   may expire, a small share of a list of confirmed subscribers);
 * - SQLite's job queue: finished jobs by `keep_until`, for the queue's own cleanup (pg-boss
 *   keeps its tables and indexes itself).
 */
// The newsletter feature's retention rule writes the same text (newsletter.server.ts).
const UNCONFIRMED = sql<boolean>`confirmed_at is null and unsubscribed_at is null`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('session_expiresAt_idx').on('session').column('expiresAt').execute();
  await db.schema.createIndex('verification_expiresAt_idx').on('verification').column('expiresAt').execute();
  await db.schema
    .createIndex('newsletter_unconfirmed_idx')
    .on('newsletter_subscribers')
    .column('subscribed_at')
    .where(UNCONFIRMED)
    .execute();
  if (!columnTypes(db).postgres) {
    await db.schema.createIndex('jobs_keep_until_idx').on('jobs').column('keep_until').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('jobs_keep_until_idx').ifExists().execute();
  await db.schema.dropIndex('newsletter_unconfirmed_idx').execute();
  await db.schema.dropIndex('verification_expiresAt_idx').execute();
  await db.schema.dropIndex('session_expiresAt_idx').execute();
}
