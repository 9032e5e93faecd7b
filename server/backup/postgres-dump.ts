import { spawn, spawnSync } from 'node:child_process';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { jobSchemaName } from '../jobs/pg-boss-queue';
import { makeOwnerOnlyDir } from '../owner-only';
import { publishWhole } from './files';
import { backupFileName } from './sqlite-backup';

/**
 * `npm run db:backup` on PostgreSQL (docs/decisions/0035): a `pg_dump --format=custom` of the
 * store's schema and its job queue's, when pg_dump is on PATH; otherwise the command to run
 * where it is. Scheduled backups of PostgreSQL are the operator's (PITR, the provider's
 * snapshots), not the store's.
 */

export interface DumpPlan {
  /** pg_dump's arguments, without the connection. */
  args: string[];
  /** The connection without its password or our `schema` parameter (libpq refuses it). */
  dbname: string;
  password?: string;
  /** What to show: the command with the password left out. */
  shown: string;
}

/**
 * The dump of what the store needs: its schema and the job queue's (pg-boss), or the whole
 * database when the store uses the default schema (then pg-boss's `pgboss` is in it too).
 */
export function dumpPlan(url: string, file: string): DumpPlan {
  const parsed = new URL(url);
  const schema = parsed.searchParams.get('schema');
  parsed.searchParams.delete('schema');
  const password = parsed.password ? decodeURIComponent(parsed.password) : undefined;
  parsed.password = '';
  const schemas = schema ? ['--schema', schema, '--schema', jobSchemaName(schema)] : [];
  const args = ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, ...schemas];
  const dbname = parsed.toString();
  return { args, dbname, password, shown: `pg_dump ${args.join(' ')} '${dbname}'` };
}

export function pgDumpAvailable(): boolean {
  return spawnSync('pg_dump', ['--version'], { stdio: 'ignore' }).status === 0;
}

/**
 * Runs pg_dump into `dir`: written under a `.partial` name, renamed once pg_dump succeeded.
 * `onStart` is given that name as pg_dump starts (`npm run db:backup` shows its growth).
 */
export async function dumpPostgres(
  url: string,
  dir: string,
  { now = Date.now(), onStart }: { now?: number; onStart?: (partialFile: string) => void } = {},
): Promise<{ file: string; bytes: number }> {
  await makeOwnerOnlyDir(dir);
  const file = path.join(dir, backupFileName('store', now).replace(/\.db$/, '.dump'));
  await publishWhole(file, async (partial) => {
    const plan = dumpPlan(url, partial);
    onStart?.(partial);
    await new Promise<void>((resolve, reject) => {
      const child = spawn('pg_dump', [...plan.args, plan.dbname], {
        env: { ...process.env, ...(plan.password ? { PGPASSWORD: plan.password } : {}) },
        stdio: ['ignore', 'inherit', 'pipe'],
      });
      let errors = '';
      child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`pg_dump failed (${code}): ${errors.trim()}`)),
      );
    });
  });
  return { file, bytes: (await stat(file)).size };
}
