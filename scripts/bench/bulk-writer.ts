import SQLite from 'better-sqlite3';
import pg from 'pg';
import { isPostgresUrl, sqlitePathFromUrl } from '../../server/db/database';

/**
 * Multi-row inserts straight through the drivers, for the growth bench's millions of rows
 * (scripts/bench/grow-catalogue.ts, seed-customers.ts, seed-orders.ts). Kysely builds and
 * compiles every statement afresh, which costs more than SQLite's insert itself at this size;
 * here a statement for N rows is prepared once and reused (SQLite), or sent with up to
 * PostgreSQL's 65,535 parameters. The schema is the store's own: the server made it (its
 * migrations ran when it first started on this database).
 */
export interface BulkWriter {
  engine: 'sqlite' | 'postgres';
  /** A boolean as this engine stores it (SQLite has none: 0 or 1). */
  flag(value: boolean): boolean | number;
  /** A Better Auth timestamp column ("createdAt"): a date on PostgreSQL, ISO text on SQLite. */
  timestamp(ms: number): Date | string;
  /** Inserts the rows (every row with the same keys) in statements of many rows each. */
  insert(table: string, rows: readonly Record<string, unknown>[]): Promise<void>;
  /** Runs `work` in one transaction. */
  transaction<T>(work: () => Promise<T>): Promise<T>;
  execute(statement: string): Promise<void>;
  close(): Promise<void>;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

function columnsOf(rows: readonly Record<string, unknown>[]): string[] {
  const first = rows[0];
  if (!first) return [];
  return Object.keys(first);
}

function insertText(table: string, columns: readonly string[], rowCount: number): string {
  const row = () => `(${columns.map(() => '?').join(', ')})`;
  const values = Array.from({ length: rowCount }, row).join(', ');
  return `insert into ${quote(table)} (${columns.map(quote).join(', ')}) values ${values}`;
}

function flatten(rows: readonly Record<string, unknown>[], columns: readonly string[]): unknown[] {
  const values: unknown[] = [];
  for (const row of rows) for (const column of columns) values.push(row[column] ?? null);
  return values;
}

function sqliteWriter(url: string): BulkWriter {
  const handle = new SQLite(sqlitePathFromUrl(url));
  handle.pragma('journal_mode = WAL');
  handle.pragma('foreign_keys = ON');
  // A loader's settings: no commit waits for the disk (the file is the bench's own, and closed
  // cleanly before the server opens it again), and the indexes being filled stay in memory.
  handle.pragma('synchronous = OFF');
  handle.pragma('cache_size = -262144');
  const statements = new Map<string, SQLite.Statement>();
  // 100 rows a statement was the quickest of 1, 100 and 500; parameters stay under SQLite's limit.
  const MAX_PARAMETERS = 16_000;
  return {
    engine: 'sqlite',
    flag: (value) => Number(value),
    timestamp: (ms) => new Date(ms).toISOString(),
    insert(table, rows) {
      const columns = columnsOf(rows);
      const perStatement = Math.max(1, Math.min(100, Math.floor(MAX_PARAMETERS / columns.length)));
      for (let at = 0; at < rows.length; at += perStatement) {
        const chunk = rows.slice(at, at + perStatement);
        const key = `${table}\0${columns.join(',')}\0${chunk.length}`;
        let statement = statements.get(key);
        if (!statement) {
          statement = handle.prepare(insertText(table, columns, chunk.length));
          statements.set(key, statement);
        }
        statement.run(flatten(chunk, columns));
      }
      return Promise.resolve();
    },
    async transaction(work) {
      handle.exec('begin');
      try {
        const result = await work();
        handle.exec('commit');
        return result;
      } catch (error) {
        handle.exec('rollback');
        throw error;
      }
    },
    execute(statement) {
      handle.exec(statement);
      return Promise.resolve();
    },
    close() {
      handle.pragma('wal_checkpoint(TRUNCATE)');
      handle.close();
      return Promise.resolve();
    },
  };
}

async function postgresWriter(url: string): Promise<BulkWriter> {
  const parsed = new URL(url);
  const schema = parsed.searchParams.get('schema');
  parsed.searchParams.delete('schema');
  const client = new pg.Client({
    connectionString: parsed.toString(),
    options: schema ? `-c search_path=${schema}` : undefined,
  });
  await client.connect();
  // A loader's setting: a commit does not wait for its WAL to reach the disk.
  await client.query('set synchronous_commit = off');
  // One array parameter per column (unnest), not one parameter per value: PostgreSQL parses a
  // statement of 40 parameters in no time, one of 65,000 slowly. The arrays need the types.
  const typesOf = new Map<string, Map<string, string>>();
  const columnTypes = async (table: string) => {
    let types = typesOf.get(table);
    if (!types) {
      const { rows } = await client.query<{ column_name: string; udt_name: string }>(
        `select column_name, udt_name from information_schema.columns
         where table_schema = current_schema() and table_name = $1`,
        [table],
      );
      types = new Map(rows.map((row) => [row.column_name, row.udt_name]));
      typesOf.set(table, types);
    }
    return types;
  };
  return {
    engine: 'postgres',
    flag: (value) => value,
    timestamp: (ms) => new Date(ms),
    async insert(table, rows) {
      const columns = columnsOf(rows);
      if (columns.length === 0) return;
      const types = await columnTypes(table);
      const arrays = columns.map((column) => {
        const type = types.get(column);
        if (!type) throw new Error(`${table} has no column ${column}`);
        return `$${columns.indexOf(column) + 1}::${type}[]`;
      });
      const text = `insert into ${quote(table)} (${columns.map(quote).join(', ')})
        select * from unnest(${arrays.join(', ')})`;
      const perStatement = 5000;
      for (let at = 0; at < rows.length; at += perStatement) {
        const chunk = rows.slice(at, at + perStatement);
        await client.query(
          text,
          columns.map((column) => chunk.map((row) => row[column] ?? null)),
        );
      }
    },
    async transaction(work) {
      await client.query('begin');
      try {
        const result = await work();
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback');
        throw error;
      }
    },
    async execute(statement) {
      await client.query(statement);
    },
    close: () => client.end(),
  };
}

export function openBulkWriter(databaseUrl: string): Promise<BulkWriter> {
  return isPostgresUrl(databaseUrl)
    ? postgresWriter(databaseUrl)
    : Promise.resolve(sqliteWriter(databaseUrl));
}
