import path from 'node:path';
import { CommandError, runCommand } from '../cli/command';
import { formatBytes, formatDuration, sizeNow } from '../cli/progress';
import { isPostgresUrl, sqlitePathFromUrl } from '../db/database';
import { parseEnv } from '../env';
import { RestoreRefused, restoreSqlite } from './sqlite-restore';

// `npm run db:restore -- FILE [--force]`: puts a backup in place of the SQLite database
// (docs/decisions/0035). Refuses a file that fails integrity_check, and a database a running
// server has open unless --force; keeps the database it replaces beside it.
await runCommand({
  name: 'db:restore',
  summary:
    'SQLite: checks the backup FILE, then puts it in place of the database of a stopped store, ' +
    'keeping the database it replaces beside it. PostgreSQL: see scripts/pg-restore-drill.sh.',
  arguments: [{ name: 'FILE', description: 'the backup to restore (a file db:backup wrote)' }],
  options: {
    force: {
      type: 'boolean',
      default: false,
      description: 'restore even though a process has the database open, or it cannot be read',
    },
  },
  run: async ({ options, args: [file = ''], progress }) => {
    const env = parseEnv();
    if (isPostgresUrl(env.DATABASE_URL)) {
      throw new CommandError(
        'DATABASE_URL is PostgreSQL: restore a pg_dump with pg_restore, into a new database first ' +
          '(scripts/pg-restore-drill.sh; docs/deployment.md, "Backups").',
      );
    }
    const databaseFile = sqlitePathFromUrl(env.DATABASE_URL);
    if (databaseFile === ':memory:')
      throw new CommandError('DATABASE_URL is an in-memory database: nothing to restore into');
    const backupFile = path.resolve(file);
    const total = sizeNow(backupFile);
    let phase: { name: 'copy' | 'check'; file: string } = { name: 'copy', file: '' };
    const outcome = await progress
      .during(
        restoreSqlite(backupFile, databaseFile, {
          force: options.force,
          onPhase: (name, incoming) => {
            phase = { name, file: incoming };
            progress.step(
              name === 'copy'
                ? `copying ${backupFile} (${formatBytes(total)}) beside the database`
                : 'checking the copy page by page (integrity_check)',
            );
          },
        }),
        (ms) =>
          phase.name === 'copy'
            ? `copied ${formatBytes(sizeNow(phase.file))} of ${formatBytes(total)} (${formatDuration(ms)})`
            : `checking the copy (${formatDuration(ms)})`,
      )
      .catch((error: unknown) => {
        throw error instanceof RestoreRefused ? new CommandError(error.message) : error;
      });
    return [
      `Restored ${backupFile} as ${databaseFile} (last migration ${outcome.lastMigration}).`,
      outcome.keptAt
        ? `The database it replaced is kept at ${outcome.keptAt}.`
        : 'There was no database before it.',
      'Start the server: it applies any newer migrations.',
    ].join('\n');
  },
});
