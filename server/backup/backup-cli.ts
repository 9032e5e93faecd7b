import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isPostgresUrl, sqlitePathFromUrl } from '../db/database';
import { parseEnv } from '../env';
import { backupDirOf } from './backup-job';
import { runCommand } from '../db/database-command';
import { commandArgs } from './cli';
import { dumpPlan, dumpPostgres, pgDumpAvailable } from './postgres-dump';
import { writeBackup } from './sqlite-backup';

// `npm run db:backup [-- --dir DIR]`: one backup now, while the store runs (docs/decisions/0035).
// Prints the file written (alone on stdout, for scripts); its size and time go to stderr.
await runCommand(async () => {
  const env = parseEnv();
  const { values } = commandArgs({ dir: { type: 'string' } });
  const dir = values.dir
    ? path.resolve(z.string().min(1, '--dir must not be empty').parse(values.dir))
    : backupDirOf(env);
  if (isPostgresUrl(env.DATABASE_URL)) {
    if (!pgDumpAvailable()) {
      const plan = dumpPlan(env.DATABASE_URL, path.join(dir, 'store.dump'));
      throw new Error(
        `pg_dump is not on PATH. Run it where it is (PostgreSQL's client tools):\n  ${plan.shown}`,
      );
    }
    const dump = await dumpPostgres(env.DATABASE_URL, dir);
    console.error(`pg_dump: ${(dump.bytes / 1e6).toFixed(1)} MB`);
    return dump.file;
  }
  const databaseFile = sqlitePathFromUrl(env.DATABASE_URL);
  if (databaseFile === ':memory:')
    throw new Error('DATABASE_URL is an in-memory database: nothing to back up');
  if (!existsSync(databaseFile)) throw new Error(`There is no database at ${databaseFile}`);
  const backup = await writeBackup(databaseFile, dir);
  console.error(
    `Backup checked (integrity_check ok): ${(backup.bytes / 1e6).toFixed(1)} MB in ${backup.ms} ms`,
  );
  return backup.file;
});
