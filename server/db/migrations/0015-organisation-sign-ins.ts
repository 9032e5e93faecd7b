import type { Kysely } from 'kysely';

/**
 * Organisation sign-in configured by an administrator (/admin/sign-in): an organisation's
 * OpenID Connect provider and the email domains it signs in. The client secret is stored
 * encrypted with AUTH_SECRET (server/auth/organisation-sign-ins.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organisation_sign_ins')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('issuer', 'varchar(300)', (c) => c.notNull())
    .addColumn('client_id', 'varchar(200)', (c) => c.notNull())
    .addColumn('client_secret', 'text', (c) => c.notNull())
    /** Comma-separated, lowercase: "riverside.example,riverside-care.example". */
    .addColumn('domains', 'varchar(1000)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('organisation_sign_ins').execute();
}
