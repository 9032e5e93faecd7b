import type { Kysely } from 'kysely';

/**
 * `job_contents`: what a queued mail or text says (subject, body: sign-in codes and links among
 * them), kept apart from its job row and deleted once it is sent or given up
 * (docs/decisions/0039). A job row then names only its kind and recipient. `expires_at` bounds
 * a content whose job never finished (its process died on the last try): the retention job
 * deletes it then. Numbered far after 0023 so the migrations of parallel work fit in between.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_contents')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('job_contents_expires_at_idx')
    .on('job_contents')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_contents').execute();
}
