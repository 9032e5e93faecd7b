import path from 'node:path';
import { z } from 'zod';
import { isPostgresUrl, sqlitePathFromUrl } from '../db/database';
import { parseEnv } from '../env';
import { runCommand } from '../db/database-command';
import { commandArgs } from './cli';
import { restoreSqlite } from './sqlite-restore';

const USAGE = 'Usage: npm run db:restore -- FILE [--force]';

// `npm run db:restore -- FILE [--force]`: puts a backup in place of the SQLite database
// (docs/decisions/0035). Refuses a file that fails integrity_check, and a database a running
// server has open unless --force; keeps the database it replaces beside it.
await runCommand(async () => {
  const env = parseEnv();
  const { values, positionals } = commandArgs({ force: { type: 'boolean', default: false } });
  const args = z.tuple([z.string().min(1)]).safeParse(positionals);
  if (!args.success) throw new Error(USAGE);
  const [file] = args.data;
  if (isPostgresUrl(env.DATABASE_URL)) {
    throw new Error(
      'DATABASE_URL is PostgreSQL: restore a pg_dump with pg_restore, into a new database first ' +
        '(scripts/pg-restore-drill.sh; docs/deployment.md, "Backups").',
    );
  }
  const databaseFile = sqlitePathFromUrl(env.DATABASE_URL);
  if (databaseFile === ':memory:')
    throw new Error('DATABASE_URL is an in-memory database: nothing to restore into');
  const outcome = await restoreSqlite(path.resolve(file), databaseFile, { force: values.force === true });
  return [
    `Restored ${path.resolve(file)} as ${databaseFile} (last migration ${outcome.lastMigration}).`,
    outcome.keptAt
      ? `The database it replaced is kept at ${outcome.keptAt}.`
      : 'There was no database before it.',
    'Start the server: it applies any newer migrations.',
  ].join('\n');
});
