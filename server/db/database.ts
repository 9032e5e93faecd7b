import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { createOwnerOnlyFile, makeOwnerOnlyDirSync } from '../owner-only';
import type { DatabaseSchema } from './schema';
import { GroupCommitSqliteDialect } from './sqlite-driver';
import { startWalCheckpointer, type WalCheckpointer } from './wal-checkpointer';

export type Engine = 'sqlite' | 'postgres';

export interface AppDatabase {
  db: Kysely<DatabaseSchema>;
  engine: Engine;
  /** PostgreSQL only: the pool, the server address (for LISTEN/NOTIFY) and the schema in use. */
  postgres?: { pool: pg.Pool; url: string; schema?: string };
  /** Resolves when a trivial query succeeds; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

// BIGINT (int8) columns hold epoch milliseconds, which fit a JS number exactly.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** Whether a database (or a transaction of one) is PostgreSQL, for the queries written per engine. */
export function isPostgres<DB>(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

/** `file:./data/store.db` -> absolute path; `file::memory:` stays in memory. */
export function sqlitePathFromUrl(url: string, cwd = process.cwd()): string {
  const raw = url.replace(/^file:(\/\/)?/, '');
  if (raw === ':memory:') return raw;
  return path.resolve(cwd, raw);
}

function openSqlite(url: string, options: OpenOptions): AppDatabase {
  const file = sqlitePathFromUrl(url);
  if (file !== ':memory:') {
    // A new database file is the owner's only; its -wal and -shm files take its mode.
    makeOwnerOnlyDirSync(path.dirname(file));
    createOwnerOnlyFile(file);
  }
  const handle = new SQLite(file);
  handle.pragma('journal_mode = WAL');
  handle.pragma('foreign_keys = ON');
  handle.pragma('busy_timeout = 5000');
  // As durable as FULL (an acknowledged commit survives a power loss, not only a process crash),
  // with the commit's sync on the thread pool: the dialect sets NORMAL and syncs the WAL itself.
  // The WAL file keeps the largest size it ever had (a burst of writes while a reader held a
  // checkpoint back) unless told otherwise: cut back to about one checkpoint's worth (1,000
  // pages) each time it starts over, so the database on disk follows its data (ADR 0032).
  handle.pragma(`journal_size_limit = ${4 * 1024 * 1024}`);
  let checkpointer: WalCheckpointer | undefined;
  if (options.checkpointInBackground && file !== ':memory:') {
    // The server's checkpoints run on a thread of their own, not inside a commit (ADR 0069).
    handle.pragma('wal_autocheckpoint = 0');
    checkpointer = startWalCheckpointer(file, { onFailure: options.onCheckpointFailure });
  }
  const db = new Kysely<DatabaseSchema>({ dialect: new GroupCommitSqliteDialect(handle, { syncWal: true }) });
  return {
    db,
    engine: 'sqlite',
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}

/**
 * `?schema=name` selects a PostgreSQL schema (created when missing): tests give each file
 * its own schema in one database, and deployments may share a database between apps.
 */
function openPostgres(url: string, poolSize: number): AppDatabase {
  const parsed = new URL(url);
  const schema = parsed.searchParams.get('schema');
  parsed.searchParams.delete('schema');
  if (schema && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new Error('DATABASE_URL schema must be a lowercase identifier');
  }
  const pool = new pg.Pool({
    connectionString: parsed.toString(),
    max: poolSize,
    options: schema ? `-c search_path=${schema}` : undefined,
  });
  const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
  let schemaReady: Promise<unknown> | undefined;
  const createSchema = async (name: string) => {
    try {
      await sql`create schema if not exists ${sql.id(name)}`.execute(db);
    } catch (error) {
      // Two processes creating the schema at once: the loser sees a duplicate, which is fine.
      const code = (error as { code?: string }).code;
      if (code !== '23505' && code !== '42P06') throw error;
    }
  };
  const ensureSchema = () => {
    if (!schema) return Promise.resolve();
    schemaReady ??= createSchema(schema).catch((error: unknown) => {
      schemaReady = undefined; // retry on the next ping, e.g. once the server is back
      throw error;
    });
    return schemaReady;
  };
  return {
    db,
    engine: 'postgres',
    postgres: { pool, url: parsed.toString(), schema: schema ?? undefined },
    async ping() {
      await ensureSchema();
      await sql`select 1`.execute(db);
    },
    async close() {
      await db.destroy();
    },
  };
}

export interface OpenOptions {
  /** PostgreSQL: the pool's size. */
  poolSize?: number;
  /** SQLite: WAL checkpoints on a worker thread instead of inside commits (the server's). */
  checkpointInBackground?: boolean;
  /** Hears of background checkpoints failing ten times running. */
  onCheckpointFailure?: (message: string) => void;
}

export function openDatabase(url: string, options: OpenOptions = {}): AppDatabase {
  return isPostgresUrl(url) ? openPostgres(url, options.poolSize ?? 10) : openSqlite(url, options);
}
