import type { Kysely } from 'kysely';
import { columnTypes } from './engine';

/**
 * Operator console, part 2 (docs/decisions/0021):
 * - `jobs`: the job queue's state on SQLite; on PostgreSQL pg-boss keeps its own tables in a
 *   schema of its own, so the table is not made there. `job_leases` goes: the abandoned-order
 *   sweep is a job now;
 * - `campaigns` and `campaign_recipients`: a newsletter campaign and each subscriber's state in it;
 * - the contact inbox: a message's status and the staff replies;
 * - `user.disabledAt`: a disabled account cannot sign in; its data stays.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  if (!types.postgres) {
    await db.schema
      .createTable('jobs')
      .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('queue', 'varchar(64)', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('retry_limit', 'integer', (c) => c.notNull())
      .addColumn('retry_delay', 'integer', (c) => c.notNull())
      .addColumn('retry_delay_max', 'integer', (c) => c.notNull())
      .addColumn('keep_seconds', 'integer', (c) => c.notNull())
      .addColumn('singleton_key', 'varchar(200)')
      .addColumn('start_after', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('started_at', 'bigint')
      .addColumn('finished_at', 'bigint')
      .addColumn('expire_at', 'bigint')
      .addColumn('keep_until', 'bigint')
      .addColumn('error', 'text')
      .execute();
    await db.schema
      .createIndex('jobs_queue_state_idx')
      .on('jobs')
      .columns(['queue', 'state', 'start_after'])
      .execute();
    await db.schema.createIndex('jobs_created_idx').on('jobs').column('created_at').execute();
    await db.schema
      .createIndex('jobs_singleton_idx')
      .on('jobs')
      .columns(['queue', 'singleton_key'])
      .unique()
      .execute();
  }
  await db.schema.dropTable('job_leases').ifExists().execute();

  await db.schema
    .createTable('campaigns')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('campaign_recipients')
    .addColumn('campaign_id', 'varchar(40)', (c) => c.notNull().references('campaigns.id'))
    .addColumn('subscriber_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_at', 'bigint')
    .addColumn('error', 'text')
    .addPrimaryKeyConstraint('campaign_recipients_pk', ['campaign_id', 'subscriber_id'])
    .execute();
  await db.schema
    .createIndex('campaign_recipients_state_idx')
    .on('campaign_recipients')
    .columns(['campaign_id', 'state'])
    .execute();

  await db.schema
    .alterTable('contact_messages')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('new'))
    .execute();
  await db.schema
    .alterTable('contact_messages')
    .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('contact_messages_created_idx')
    .on('contact_messages')
    .column('created_at')
    .execute();
  await db.schema
    .createTable('contact_replies')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('message_id', 'varchar(40)', (c) => c.notNull().references('contact_messages.id'))
    .addColumn('staff_user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('staff_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('contact_replies_message_idx')
    .on('contact_replies')
    .column('message_id')
    .execute();

  await db.schema.alterTable('user').addColumn('disabledAt', 'bigint').execute();
  await db.schema
    .createIndex('newsletter_subscribers_subscribed_idx')
    .on('newsletter_subscribers')
    .column('subscribed_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('newsletter_subscribers_subscribed_idx').execute();
  await db.schema.alterTable('user').dropColumn('disabledAt').execute();
  await db.schema.dropTable('contact_replies').execute();
  await db.schema.dropIndex('contact_messages_created_idx').execute();
  await db.schema.alterTable('contact_messages').dropColumn('updated_at').execute();
  await db.schema.alterTable('contact_messages').dropColumn('status').execute();
  await db.schema.dropTable('campaign_recipients').execute();
  await db.schema.dropTable('campaigns').execute();
  await db.schema.dropTable('jobs').ifExists().execute();
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'varchar(60)', (c) => c.primaryKey())
    .addColumn('holder', 'varchar(80)')
    .addColumn('until', 'bigint', (c) => c.notNull())
    .addColumn('last_run_at', 'bigint')
    .execute();
}
