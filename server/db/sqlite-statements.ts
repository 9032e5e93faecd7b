import type { Database, Statement } from 'better-sqlite3';
import type { QueryResult } from 'kysely';

/** Statements kept prepared, by SQL text (the oldest is dropped beyond this). */
const STATEMENT_CACHE_SIZE = 500;

/** Statements prepared once per SQL text and reused (Kysely's dialect prepares on every query). */
export class StatementCache {
  readonly #db: Database;
  readonly #statements = new Map<string, Statement>();

  constructor(db: Database) {
    this.#db = db;
  }

  prepare(sql: string): Statement {
    let statement = this.#statements.get(sql);
    if (statement) return statement;
    statement = this.#db.prepare(sql);
    if (this.#statements.size >= STATEMENT_CACHE_SIZE) {
      const oldest = this.#statements.keys().next().value;
      if (oldest !== undefined) this.#statements.delete(oldest);
    }
    this.#statements.set(sql, statement);
    return statement;
  }

  clear() {
    this.#statements.clear();
  }
}

export function identifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function run(statement: Statement, parameters: readonly unknown[]): QueryResult<unknown> {
  if (statement.reader) return { rows: statement.all(parameters) };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return {
    insertId: lastInsertRowid === undefined || lastInsertRowid === null ? undefined : BigInt(lastInsertRowid),
    numAffectedRows: changes === undefined || changes === null ? undefined : BigInt(changes),
    rows: [],
  };
}
