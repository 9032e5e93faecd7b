import { chmodSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dumpPostgres, pgDumpAvailable } from '../../server/backup/postgres-dump';
import { restoreSqlite } from '../../server/backup/sqlite-restore';
import { writeBackup } from '../../server/backup/sqlite-backup';
import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { parseEnv } from '../../server/env';
import { createLogger } from '../../server/logger';
import { createMailer } from '../../server/mail/mailer';
import { createSmsSender } from '../../server/sms/sms';
import { createTestDatabase } from '../support/test-database';
import { startTestServer } from '../support/test-server';

/**
 * What the store writes to disk is its own user's only: folders 0700, files 0600, whatever the
 * umask (the usual 022 would leave them readable by every user of the machine).
 */
const modeOf = (file: string) => statSync(file).mode & 0o777;
const logger = createLogger({ level: 'silent', pretty: false });
const previousUmask = process.umask(0o022);
afterAll(() => process.umask(previousUmask));
const scratch = () => mkdtempSync(path.join(tmpdir(), 'file-modes-'));

describe('files the store writes are readable by its owner only', () => {
  it('makes the data folder 0700 and the generated AUTH_SECRET 0600', () => {
    const dataDir = path.join(scratch(), 'data');
    parseEnv({ DATA_DIR: dataDir });
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'auth-secret'))).toBe(0o600);
  });

  it('creates a SQLite database, its WAL, its backups and a restored copy as 0600 in 0700 folders', async () => {
    const dir = path.join(scratch(), 'data');
    const file = path.join(dir, 'store.db');
    const database = openDatabase(`file:${file}`);
    try {
      await migrateToLatest(database);
      expect(modeOf(dir)).toBe(0o700);
      for (const name of readdirSync(dir))
        expect([name, modeOf(path.join(dir, name))]).toEqual([name, 0o600]);
    } finally {
      await database.close();
    }
    const backups = path.join(dir, 'backups');
    const { file: backup } = await writeBackup(file, backups);
    expect(modeOf(backups)).toBe(0o700);
    expect(modeOf(backup)).toBe(0o600);

    // A backup from before this rule (0644) restores as an owner-only database all the same.
    chmodSync(backup, 0o644);
    const target = path.join(scratch(), 'restored', 'store.db');
    await restoreSqlite(backup, target);
    expect(modeOf(path.dirname(target))).toBe(0o700);
    expect(modeOf(target)).toBe(0o600);
  });

  it.runIf(process.env.TEST_DATABASE_URL && pgDumpAvailable())(
    'writes a PostgreSQL dump as 0600',
    async () => {
      const testDb = createTestDatabase('postgres');
      const database = openDatabase(testDb.url);
      try {
        await migrateToLatest(database);
      } finally {
        await database.close();
      }
      try {
        const dir = path.join(scratch(), 'dumps');
        const { file } = await dumpPostgres(testDb.url, dir);
        expect(modeOf(dir)).toBe(0o700);
        expect(modeOf(file)).toBe(0o600);
      } finally {
        await testDb.cleanup();
      }
    },
  );

  it('writes mail and text messages without SMTP_URL or SMS_URL into 0700 folders as 0600 files', async () => {
    const dataDir = scratch();
    const mailer = createMailer({
      env: { DATA_DIR: dataDir, MAIL_FROM: 'Store <store@example.com>' },
      logger,
    });
    const { file } = (await mailer.send({
      to: 'a@example.com',
      subject: 'Hi',
      html: '<p>Hi</p>',
      text: 'Hi',
    })) as {
      file: string;
    };
    await mailer.close();
    expect(modeOf(path.join(dataDir, 'mail'))).toBe(0o700);
    expect(modeOf(file)).toBe(0o600);
    await createSmsSender({ DATA_DIR: dataDir }, logger).send({ to: '+15555550123', body: 'Code 123456' });
    const sms = path.join(dataDir, 'sms');
    expect(modeOf(sms)).toBe(0o700);
    for (const name of readdirSync(sms)) expect(modeOf(path.join(sms, name))).toBe(0o600);
  });

  it('tightens a data folder made before this rule when the store starts', async () => {
    const dataDir = scratch();
    chmodSync(dataDir, 0o755);
    const t = await startTestServer('sqlite', { DATA_DIR: dataDir });
    try {
      expect(modeOf(dataDir)).toBe(0o700);
    } finally {
      await t.close();
    }
  });
});
