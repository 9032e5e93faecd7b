import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFromDataFiles } from '../../app/commerce/catalogue/catalogue-store.server';
import { openDatabase, sqlitePathFromUrl } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { backupFileName, listBackups, pruneBackups, writeBackup } from '../../server/backup/sqlite-backup';
import { integrityCheck } from '../../server/backup/sqlite-worker';
import { runCommand } from '../support/operator-commands';
import { waitUntil } from '../support/wait-until';
import { startServerProcess } from '../support/server-process';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer } from '../support/test-server';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const SECRET = 'backups-test-secret-that-is-long-enough-12';

async function seededDatabase(): Promise<TestDatabase & { file: string }> {
  const testDb = createTestDatabase('sqlite');
  const database = openDatabase(testDb.url);
  try {
    await migrateToLatest(database);
    await seedFromDataFiles(database.db);
  } finally {
    await database.close();
  }
  return { ...testDb, file: sqlitePathFromUrl(testDb.url) };
}

const envOf = (testDb: TestDatabase) => ({
  DATABASE_URL: testDb.url,
  DATA_DIR: testDb.dir,
  AUTH_SECRET: SECRET,
});

const productCount = (file: string) => {
  const db = new SQLite(file, { readonly: true });
  try {
    return (db.prepare('select count(*) as n from products').get() as { n: number }).n;
  } finally {
    db.close();
  }
};

describe('SQLite backups', () => {
  let source: TestDatabase & { file: string };
  beforeAll(async () => {
    source = await seededDatabase();
  });
  afterAll(() => source?.cleanup());

  it('publishes a backup only once it is whole and checked: a .partial name until the rename', async () => {
    const dir = path.join(source.dir, 'backups-rename');
    let seenWhileCopying: string[] = [];
    const backup = await writeBackup(source.file, dir, {
      afterCopy: async (partial) => {
        seenWhileCopying = readdirSync(dir);
        expect(path.basename(partial)).toMatch(/\.partial$/);
        expect(await listBackups(dir, source.file)).toEqual([]);
      },
    });
    expect(seenWhileCopying).toHaveLength(1);
    expect(readdirSync(dir)).toEqual([path.basename(backup.file)]);
    expect(await listBackups(dir, source.file)).toHaveLength(1);
    expect(await integrityCheck(backup.file)).toEqual(['ok']);
    expect(productCount(backup.file)).toBe(productCount(source.file));
  });

  it('publishes nothing when the copy is damaged, and leaves no .partial behind', async () => {
    const dir = path.join(source.dir, 'backups-damaged');
    const damage = writeBackup(source.file, dir, {
      // As a disk error or a torn write would: pages in the middle overwritten.
      afterCopy: async (partial) => {
        const bytes = readFileSync(partial);
        bytes.fill(0xa5, 8 * 4096, 12 * 4096);
        writeFileSync(partial, bytes);
      },
    });
    await expect(damage).rejects.toThrow(/integrity check|malformed/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('prunes by the keep policy, and dead runs’ .partial files; never a file it did not write', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'store-backups-'));
    try {
      const now = Date.UTC(2026, 10, 27, 12, 30);
      const ages = [0, 20 * 60 * 1000, 3 * HOUR, 50 * HOUR, 50 * HOUR + 20 * 60 * 1000, 40 * DAY];
      for (const age of ages) writeFileSync(path.join(dir, backupFileName('store', now - age)), '');
      const stale = `${backupFileName('store', now - DAY)}.123.partial`;
      const fresh = `${backupFileName('store', now)}.456.partial`;
      writeFileSync(path.join(dir, stale), '');
      utimesSync(path.join(dir, stale), new Date(now - DAY), new Date(now - DAY));
      writeFileSync(path.join(dir, fresh), '');
      utimesSync(path.join(dir, fresh), new Date(now), new Date(now));
      writeFileSync(path.join(dir, 'notes.txt'), 'an operator’s file');
      writeFileSync(path.join(dir, backupFileName('other', now - 40 * DAY)), '');

      const pruned = await pruneBackups(dir, '/data/store.db', { hourly: 48, dailyDays: 30 }, now);
      expect(pruned.sort()).toEqual(
        [
          backupFileName('store', now - 20 * 60 * 1000),
          backupFileName('store', now - 50 * HOUR - 20 * 60 * 1000),
          backupFileName('store', now - 40 * DAY),
          stale,
        ].sort(),
      );
      expect(readdirSync(dir)).toContain('notes.txt');
      expect(readdirSync(dir)).toContain(fresh);
      expect(readdirSync(dir)).toContain(backupFileName('other', now - 40 * DAY));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it(
    'takes scheduled backups through the job queue into BACKUP_DIR, and says when in /metrics',
    { timeout: 60_000 },
    async () => {
      const backupDir = mkdtempSync(path.join(tmpdir(), 'store-scheduled-'));
      const t = await startTestServer('sqlite', {
        SCHEDULED_BACKUPS: 'true',
        BACKUP_DIR: backupDir,
        BACKUP_INTERVAL_SECONDS: '3600',
      });
      try {
        const databaseFile = sqlitePathFromUrl(t.db.url);
        const newestInMetrics = async () => {
          const text = await (await fetch(`${t.url}/metrics`)).text();
          return /^store_backup_newest_timestamp_seconds (\S+)$/m.exec(text)?.[1];
        };
        // The first run is offered soon after start, not an interval later.
        await waitUntil(async () => (await listBackups(backupDir, databaseFile)).length === 1, 'a backup');
        const [entry] = await listBackups(backupDir, databaseFile);
        expect(await integrityCheck(path.join(backupDir, entry!.name))).toEqual(['ok']);
        expect(Number(await newestInMetrics())).toBe(entry!.takenAt / 1000);
      } finally {
        await t.close();
        rmSync(backupDir, { recursive: true, force: true });
      }
    },
  );
});

describe('npm run db:restore on SQLite', () => {
  let backupFile: string;
  let source: TestDatabase & { file: string };
  beforeAll(async () => {
    source = await seededDatabase();
    const made = await runCommand({ operator: 'db:backup' }, [], envOf(source));
    expect(made.code, made.stderr).toBe(0);
    backupFile = made.stdout.trim();
    expect(backupFile).toMatch(/store-.*Z\.db$/);
  });
  afterAll(() => source?.cleanup());

  it('refuses a corrupt file and a file that is not a database, changing nothing', async () => {
    const target = await seededDatabase();
    try {
      const before = readFileSync(target.file);
      const corrupt = path.join(target.dir, 'corrupt.db');
      const bytes = readFileSync(backupFile);
      bytes.fill(0xa5, 8 * 4096, 12 * 4096);
      writeFileSync(corrupt, bytes);
      const notDatabase = path.join(target.dir, 'notes.db');
      writeFileSync(
        notDatabase,
        'not a database at all, but long enough to be read as a header '.repeat(100),
      );
      for (const file of [corrupt, notDatabase]) {
        const refused = await runCommand({ operator: 'db:restore' }, [file], envOf(target));
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain(`${file} failed its integrity check; nothing was changed`);
      }
      expect(readFileSync(target.file).equals(before)).toBe(true);
      expect(readdirSync(target.dir).filter((name) => /restoring|replaced/.test(name))).toEqual([]);
    } finally {
      await target.cleanup();
    }
  });

  it(
    'refuses a database a running server holds; restores once it stopped, even killed, keeping the old one',
    {
      timeout: 120_000,
    },
    async () => {
      const target = await seededDatabase();
      try {
        const server = await startServerProcess(envOf(target));
        const refused = await runCommand({ operator: 'db:restore' }, [backupFile], envOf(target));
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain('is in use (a running server has it open)');
        expect(readdirSync(target.dir).filter((name) => /restoring|replaced/.test(name))).toEqual([]);
        expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

        // A crash leaves no lock behind (the system drops it with the process): no stale pid file.
        server.child.kill('SIGKILL');
        await server.exited;
        const restored = await runCommand({ operator: 'db:restore' }, [backupFile], envOf(target));
        expect(restored.code, restored.stderr).toBe(0);
        const kept = /kept at (\S+)\.$/m.exec(restored.stdout)?.[1];
        expect(kept && existsSync(kept)).toBe(true);
        expect(await integrityCheck(kept!)).toEqual(['ok']);
        expect(await integrityCheck(target.file)).toEqual(['ok']);

        // The restored database serves.
        const again = await startServerProcess(envOf(target));
        expect((await fetch(`${again.url}/api/health`)).status).toBe(200);
        again.child.kill('SIGTERM');
        await again.exited;
      } finally {
        await target.cleanup();
      }
    },
  );

  it('over a database too damaged to read, asks for --force (whether it is open is unknown)', async () => {
    const target = createTestDatabase('sqlite');
    const file = sqlitePathFromUrl(target.url);
    try {
      writeFileSync(file, 'a database whose first page was overwritten '.repeat(200));
      const refused = await runCommand({ operator: 'db:restore' }, [backupFile], envOf(target));
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('cannot be read');
      expect(refused.stderr).toContain('pass --force');
      const forced = await runCommand({ operator: 'db:restore' }, [backupFile, '--force'], envOf(target));
      expect(forced.code, forced.stderr).toBe(0);
      expect(await integrityCheck(file)).toEqual(['ok']);
      const kept = /kept at (\S+)\.$/m.exec(forced.stdout)?.[1];
      expect(readFileSync(kept!, 'utf8')).toContain('first page was overwritten');
    } finally {
      await target.cleanup();
    }
  });

  it('with --force, restores over a database that is open', async () => {
    const target = await seededDatabase();
    const holder = new SQLite(target.file);
    try {
      holder.pragma('journal_mode = WAL');
      holder.prepare('select count(*) from products').get();
      const refused = await runCommand({ operator: 'db:restore' }, [backupFile], envOf(target));
      expect(refused.code).toBe(1);
      const forced = await runCommand({ operator: 'db:restore' }, [backupFile, '--force'], envOf(target));
      expect(forced.code, forced.stderr).toBe(0);
      expect(forced.stdout).toContain('kept at');
    } finally {
      holder.close();
      await target.cleanup();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('npm run db:backup on PostgreSQL', () => {
  let source: TestDatabase;
  beforeAll(async () => {
    source = createTestDatabase('postgres');
    const database = source.open();
    try {
      await migrateToLatest(database);
    } finally {
      await database.close();
    }
  });
  afterAll(() => source?.cleanup());

  it('writes a pg_dump of the store when pg_dump is on PATH', async () => {
    const made = await runCommand({ operator: 'db:backup' }, [], envOf(source));
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout.trim()).toMatch(/store-.*Z\.dump$/);
    expect(readFileSync(made.stdout.trim()).subarray(0, 5).toString()).toBe('PGDMP');
  });

  it('prints the command to run when pg_dump is not on PATH', async () => {
    const made = await runCommand({ operator: 'db:backup' }, [], { ...envOf(source), PATH: '' });
    expect(made.code).toBe(1);
    expect(made.stderr).toContain('pg_dump is not on PATH');
    const schema = new URL(source.url).searchParams.get('schema')!;
    expect(made.stderr).toContain(`pg_dump --format=custom`);
    expect(made.stderr).toContain(`--schema ${schema} --schema ${schema}_jobs`);
  });

  it('the drill script dumps the store itself when given no dump, into a new database', async () => {
    const drillDatabase = `drill_${Date.now().toString(36)}`;
    const drill = await runCommand({ script: 'pg-restore-drill.sh' }, [source.url], {
      DRILL_DATABASE: drillDatabase,
    });
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      expect(drill.code, drill.stderr).toBe(0);
      const schema = new URL(source.url).searchParams.get('schema')!;
      expect(drill.stdout.trim()).toMatch(new RegExp(`/${drillDatabase}\\?schema=${schema}$`));
      expect(drill.stderr).toMatch(/restored into .* migrations \d+ \(last \d{4}-/);
    } finally {
      await client.query(`drop database if exists "${drillDatabase}" with (force)`);
      await client.end();
    }
  });

  it('db:restore points to pg_restore and the drill', async () => {
    const refused = await runCommand({ operator: 'db:restore' }, ['any.dump'], envOf(source));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('pg-restore-drill.sh');
  });
});
