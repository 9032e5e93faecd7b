import type { Kysely } from 'kysely';

/**
 * How each session was made (issue 31, ADR 0038): `signInMethod` (password, email-code,
 * magic-link, sms, passkey, oauth, email-verification...), and the second factor it passed, if
 * any: `secondFactor` (totp, backup-code, sms, passkey-uv) and `secondFactorAt` (ms since the
 * epoch). The console asks a staff session without one for the TOTP code. Sessions made before
 * this have none: their staff are asked once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('session').addColumn('signInMethod', 'text').execute();
  await db.schema.alterTable('session').addColumn('secondFactor', 'text').execute();
  await db.schema.alterTable('session').addColumn('secondFactorAt', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('session').dropColumn('secondFactorAt').execute();
  await db.schema.alterTable('session').dropColumn('secondFactor').execute();
  await db.schema.alterTable('session').dropColumn('signInMethod').execute();
}
