import type { Kysely } from 'kysely';
import { columnTypes } from './engine';

/**
 * Sign-in methods (issue 18): `jwks`, the key pairs Better Auth's jwt plugin signs short-lived
 * API tokens with (private keys stored encrypted with AUTH_SECRET), published at
 * /.well-known/jwks.json. Codes and links by email use the existing `verification` table.
 * `session.reauthenticatedAt`: when the person last confirmed it is them on that session.
 * `user.phoneNumber` (unique, international form) and `phoneNumberVerified`: signing in by text
 * and the second factor by text (Better Auth's phone-number plugin). `passkey`: WebAuthn
 * credentials (@better-auth/passkey), removed with their account.
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
  await db.schema
    .createTable('passkey')
    .addColumn('id', 'text', (c) => c.notNull().primaryKey())
    .addColumn('name', 'text')
    .addColumn('publicKey', 'text', (c) => c.notNull())
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('credentialID', 'text', (c) => c.notNull())
    .addColumn('counter', 'integer', (c) => c.notNull())
    .addColumn('deviceType', 'text', (c) => c.notNull())
    .addColumn('backedUp', t.boolean, (c) => c.notNull())
    .addColumn('transports', 'text')
    .addColumn('createdAt', t.timestamp)
    .addColumn('aaguid', 'text')
    .execute();
  await db.schema.createIndex('passkey_userId_idx').on('passkey').column('userId').execute();
  await db.schema.createIndex('passkey_credentialID_idx').on('passkey').column('credentialID').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('passkey').execute();
  await db.schema.dropIndex('user_phoneNumber_unique').execute();
  await db.schema.alterTable('user').dropColumn('phoneNumberVerified').execute();
  await db.schema.alterTable('user').dropColumn('phoneNumber').execute();
  await db.schema.alterTable('session').dropColumn('reauthenticatedAt').execute();
  await db.schema.dropTable('jwks').execute();
}
