import { getMigrations } from 'better-auth/db/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { authOptions } from '../../server/auth/options';
import { parseEnv } from '../../server/env';
import { openMigratedTestDatabase, testEngines } from '../support/test-database';

const noMail = {
  sendVerificationEmail: async () => undefined,
  sendResetPassword: async () => undefined,
  sendSignInCode: async () => undefined,
  sendSignInLink: async () => undefined,
  sendPhoneCode: async () => undefined,
  sendEmailChange: async () => undefined,
  sendAccountCode: async () => undefined,
  sendPhoneResetCode: async () => undefined,
  passwordReset: async () => undefined,
};

// Our hand-written auth migration must be exactly what Better Auth expects: if an upgrade
// adds a column, this fails and a new migration is written.
describe.each(testEngines)('auth tables on %s', (engine) => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => cleanup?.());

  it('match what Better Auth needs, with nothing left to create or add', async () => {
    const testDb = await openMigratedTestDatabase(engine);
    cleanup = testDb.cleanup;
    const env = parseEnv({ DATABASE_URL: testDb.url, DATA_DIR: testDb.dir });
    const plan = await getMigrations(authOptions(env, testDb.database.db as never, engine, noMail), {
      throwOnUnsafe: false,
    });
    expect(plan.toBeCreated.map((t) => t.table)).toEqual([]);
    expect(plan.toBeAdded.map((t) => `${t.table}: ${Object.keys(t.fields).join(', ')}`)).toEqual([]);
  });
});
