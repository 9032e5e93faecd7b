import type { Kysely } from 'kysely';

/**
 * Contact-form messages and newsletter subscribers (docs/decisions/0007). Messages are kept even
 * when the staff mail fails, with mailed_at left empty, so none is lost. Subscribers keep only
 * SHA-256 hashes of their confirm and unsubscribe tokens: a leaked table cannot confirm or
 * cancel anyone's subscription.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('mailed_at', 'bigint')
    .execute();

  await db.schema
    .createTable('newsletter_subscribers')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('subscribed_at', 'bigint', (c) => c.notNull())
    .addColumn('confirmed_at', 'bigint')
    .addColumn('unsubscribed_at', 'bigint')
    .addColumn('confirm_token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('unsubscribe_token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('newsletter_subscribers').execute();
  await db.schema.dropTable('contact_messages').execute();
}
