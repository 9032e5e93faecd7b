import type { Kysely } from 'kysely';

/**
 * Signed webhooks (issue 33, point 6; docs/decisions/0049):
 * - `webhook_endpoints`: where an integration wants events, which ones, and its signing secret
 *   (sealed under a key derived from AUTH_SECRET: a database copy does not hold it in clear);
 * - `webhook_events`: one row per event, its id the `webhook-id` every try and resend carries;
 * - `webhook_deliveries`: an event for one endpoint, written in the transaction of the change
 *   (the outbox); `queued_at` is set when the relay puts it on the job queue, once;
 * - `webhook_attempts`: each try (status, response code, a short excerpt of the answer).
 * Numbered after 0099, the last one applied: Kysely refuses a migration sorted before it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('webhook_events')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('type', 'varchar(60)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('event_id', 'varchar(40)', (c) =>
      c.notNull().references('webhook_events.id').onDelete('cascade'),
    )
    .addColumn('endpoint_id', 'varchar(40)', (c) =>
      c.notNull().references('webhook_endpoints.id').onDelete('cascade'),
    )
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('queued_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('webhook_deliveries_event_endpoint', ['event_id', 'endpoint_id'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_endpoint_idx')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_queued_idx')
    .on('webhook_deliveries')
    .column('queued_at')
    .execute();
  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('delivery_id', 'varchar(40)', (c) =>
      c.notNull().references('webhook_deliveries.id').onDelete('cascade'),
    )
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('error', 'text')
    .addColumn('response_excerpt', 'text')
    .execute();
  await db.schema
    .createIndex('webhook_attempts_delivery_idx')
    .on('webhook_attempts')
    .columns(['delivery_id', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_attempts').execute();
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_events').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
