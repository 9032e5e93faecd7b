import { existsSync } from 'node:fs';
import path from 'node:path';
import { CommandError, runCommand, UsageError } from '../cli/command';
import { formatBytes, formatDuration, sizeNow } from '../cli/progress';
import { isPostgresUrl, sqlitePathFromUrl } from '../db/database';
import { parseEnv } from '../env';
import { backupDirOf } from './backup-job';
import { dumpPlan, dumpPostgres, pgDumpAvailable } from './postgres-dump';
import { writeBackup } from './sqlite-backup';

// `npm run db:backup [-- --dir DIR]`: one backup now, while the store runs (docs/decisions/0035).
// Prints the file written (alone on stdout, for scripts); its progress and size go to stderr.
await runCommand({
  name: 'db:backup',
  summary:
    'Backs the database up now, while the store runs, and prints the file written. SQLite: a ' +
    "checked copy; PostgreSQL: pg_dump's custom format (pg_dump must be on PATH).",
  options: {
    dir: {
      type: 'string',
      valueName: 'DIR',
      description: 'where to write the backup (default: BACKUP_DIR, or $DATA_DIR/backups)',
    },
  },
  run: async ({ options, progress }) => {
    const env = parseEnv();
    if (options.dir !== undefined && !options.dir.trim()) throw new UsageError('--dir must not be empty');
    const dir = options.dir ? path.resolve(options.dir) : backupDirOf(env);
    if (isPostgresUrl(env.DATABASE_URL)) {
      if (!pgDumpAvailable()) {
        const plan = dumpPlan(env.DATABASE_URL, path.join(dir, 'store.dump'));
        throw new CommandError(
          `pg_dump is not on PATH; run it where PostgreSQL's client tools are: ${plan.shown}`,
        );
      }
      let partial = '';
      progress.step(`pg_dump into ${dir}`);
      const dump = await progress.during(
        dumpPostgres(env.DATABASE_URL, dir, { onStart: (file) => (partial = file) }),
        (ms) => `pg_dump: ${formatBytes(sizeNow(partial))} written (${formatDuration(ms)})`,
      );
      progress.step(`pg_dump: ${formatBytes(dump.bytes)}`);
      return dump.file;
    }
    const databaseFile = sqlitePathFromUrl(env.DATABASE_URL);
    if (databaseFile === ':memory:')
      throw new CommandError('DATABASE_URL is an in-memory database: nothing to back up');
    if (!existsSync(databaseFile)) throw new CommandError(`There is no database at ${databaseFile}`);
    const total = sizeNow(databaseFile) + sizeNow(`${databaseFile}-wal`);
    let phase: { name: 'copy' | 'check'; file: string } = { name: 'copy', file: '' };
    const backup = await progress.during(
      writeBackup(databaseFile, dir, {
        onPhase: (name, file) => {
          phase = { name, file };
          progress.step(
            name === 'copy'
              ? `copying ${databaseFile} (${formatBytes(total)}) into ${dir}`
              : 'checking the copy page by page (integrity_check)',
          );
        },
      }),
      (ms) =>
        phase.name === 'copy'
          ? `copied ${formatBytes(sizeNow(phase.file))} of about ${formatBytes(total)} (${formatDuration(ms)})`
          : `checking the copy (${formatDuration(ms)})`,
    );
    progress.step(
      `backup checked (integrity_check ok): ${formatBytes(backup.bytes)} in ${formatDuration(backup.ms)}`,
    );
    return backup.file;
  },
});
