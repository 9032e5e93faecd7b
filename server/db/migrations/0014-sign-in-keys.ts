import type { Kysely } from 'kysely';
import { columnTypes } from './engine';

/**
 * Sign-in methods (issue 18): `jwks`, the key pairs Better Auth's jwt plugin signs short-lived
 * API tokens with (private keys stored encrypted with AUTH_SECRET), published at
 * /.well-known/jwks.json. Codes and links by email use the existing `verification` table.
 * `session.reauthenticatedAt`: when the person last confirmed it is them on that session.
 * `user.phoneNumber` (unique, international form) and `phoneNumberVerified`: signing in by text
 * and the second factor by text (Better Auth's phone-number plugin).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('jwks')
    .addColumn('id', 'text', (c) => c.notNull().primaryKey())
    .addColumn('publicKey', 'text', (c) => c.notNull())
    .addColumn('privateKey', 'text', (c) => c.notNull())
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('expiresAt', t.timestamp)
    .addColumn('alg', 'text')
    .addColumn('crv', 'text')
    .execute();
  await db.schema.alterTable('session').addColumn('reauthenticatedAt', 'bigint').execute();
  await db.schema.alterTable('user').addColumn('phoneNumber', 'text').execute();
  await db.schema.alterTable('user').addColumn('phoneNumberVerified', t.boolean).execute();
  await db.schema.createIndex('user_phoneNumber_unique').on('user').column('phoneNumber').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('user_phoneNumber_unique').execute();
  await db.schema.alterTable('user').dropColumn('phoneNumberVerified').execute();
  await db.schema.alterTable('user').dropColumn('phoneNumber').execute();
  await db.schema.alterTable('session').dropColumn('reauthenticatedAt').execute();
  await db.schema.dropTable('jwks').execute();
}
