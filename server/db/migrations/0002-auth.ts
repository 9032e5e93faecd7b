import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { columnTypes } from './engine';

/**
 * Better Auth's tables (users, sessions, credential accounts, verification tokens, two-factor
 * secrets) with our additional first and last name. Written by hand so the schema is ours and
 * reviewed; tests/integration/auth-schema.test.ts checks it still matches what Better Auth
 * expects, on both engines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const created = (name: string) => (col: ColumnDefinitionBuilder) =>
    t.now && name !== 'updatedAt' ? col.notNull().defaultTo(t.now) : col.notNull();

  await db.schema
    .createTable('user')
    .addColumn('id', 'text', (c) => c.notNull().primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('emailVerified', t.boolean, (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('createdAt', t.timestamp, created('createdAt'))
    .addColumn('updatedAt', t.timestamp, (c) => (t.now ? c.notNull().defaultTo(t.now) : c.notNull()))
    .addColumn('twoFactorEnabled', t.boolean)
    .addColumn('firstName', 'text', (c) => c.notNull())
    .addColumn('lastName', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('session')
    .addColumn('id', 'text', (c) => c.notNull().primaryKey())
    .addColumn('expiresAt', t.timestamp, (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('createdAt', t.timestamp, created('createdAt'))
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .addColumn('ipAddress', 'text')
    .addColumn('userAgent', 'text')
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .execute();

  await db.schema
    .createTable('account')
    .addColumn('id', 'text', (c) => c.notNull().primaryKey())
    .addColumn('accountId', 'text', (c) => c.notNull())
    .addColumn('providerId', 'text', (c) => c.notNull())
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('accessToken', 'text')
    .addColumn('refreshToken', 'text')
    .addColumn('idToken', 'text')
    .addColumn('accessTokenExpiresAt', t.timestamp)
    .addColumn('refreshTokenExpiresAt', t.timestamp)
    .addColumn('scope', 'text')
    .addColumn('password', 'text')
    .addColumn('createdAt', t.timestamp, created('createdAt'))
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('verification')
    .addColumn('id', 'text', (c) => c.notNull().primaryKey())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expiresAt', t.timestamp, (c) => c.notNull())
    .addColumn('createdAt', t.timestamp, created('createdAt'))
    .addColumn('updatedAt', t.timestamp, (c) => (t.now ? c.notNull().defaultTo(t.now) : c.notNull()))
    .execute();

  await db.schema
    .createTable('twoFactor')
    .addColumn('id', 'text', (c) => c.notNull().primaryKey())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('backupCodes', 'text', (c) => c.notNull())
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('verified', t.boolean)
    .addColumn('failedVerificationCount', 'integer')
    .addColumn('lockedUntil', t.timestamp)
    .execute();

  await db.schema.createIndex('session_userId_idx').on('session').column('userId').execute();
  await db.schema.createIndex('account_userId_idx').on('account').column('userId').execute();
  await db.schema
    .createIndex('verification_identifier_idx')
    .on('verification')
    .column('identifier')
    .execute();
  await db.schema.createIndex('twoFactor_secret_idx').on('twoFactor').column('secret').execute();
  await db.schema.createIndex('twoFactor_userId_idx').on('twoFactor').column('userId').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['twoFactor', 'verification', 'account', 'session', 'user']) {
    await db.schema.dropTable(table).execute();
  }
}
