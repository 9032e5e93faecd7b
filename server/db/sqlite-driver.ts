import type { Database, Statement } from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SelectQueryNode,
  SqliteAdapter,
  SqliteDialect,
} from 'kysely';
import { type Deferred, deferred } from './deferred';
import { identifier, run, StatementCache } from './sqlite-statements';
import { type SyncFile, WalSync } from './wal-sync';

/** Plain data changes: these join a group commit. DDL, pragmas and the rest run on their own. */
const DATA_CHANGE = /^\s*(insert|update|delete|replace)\b/i;

/** The savepoint an explicit transaction is, inside the batch. */
const TRANSACTION = 'kysely_transaction';

/**
 * better-sqlite3 for Kysely, with two changes from Kysely's own SqliteDialect:
 *
 * - Statements are prepared once per SQL text and reused (Kysely prepares on every query).
 * - Group commit. With `synchronous = FULL` every commit waits for an fsync (about 0.5 ms on
 *   our disks), which alone capped writes near 2,000/s. Data changes made outside an explicit
 *   transaction in the same turn of the event loop now share one transaction, committed by a
 *   setImmediate, and no statement's result is handed back before that commit succeeded: an
 *   acknowledged write is exactly as durable as before, with one fsync for many writes. A
 *   statement that fails (a constraint, say) fails alone, as on its own; if SQLite rolled the
 *   whole batch back, every statement in it is reported failed.
 *
 * Explicit transactions (db.transaction()) are exclusive, as with Kysely's mutex: any open
 * batch is committed first, and other queries wait until the transaction ends.
 *
 * - `syncWal`: the commit's sync leaves the event loop (server/db/wal-sync.ts, ADR 0069): the
 *   database runs with `synchronous = NORMAL` and we sync the WAL on the thread pool, with the
 *   same rule: nothing is answered before the commits it wrote or saw are on the disk.
 */
export class GroupCommitSqliteDialect extends SqliteDialect {
  readonly #database: Database;
  readonly #wal: WalSync | undefined;

  constructor(database: Database, options: { syncWal?: boolean | SyncFile } = {}) {
    super({ database });
    this.#database = database;
    if (options.syncWal && !database.memory) {
      database.pragma('synchronous = NORMAL');
      const sync = typeof options.syncWal === 'function' ? options.syncWal : undefined;
      this.#wal = new WalSync(`${database.name}-wal`, sync);
    }
  }

  override createDriver(): Driver {
    return new GroupCommitDriver(this.#database, this.#wal);
  }

  override createAdapter() {
    // Our driver serialises transactions itself; Kysely's mutex would also serialise every
    // statement for the length of an await, which makes batching impossible.
    return new (class extends SqliteAdapter {
      override get supportsMultipleConnections(): boolean {
        return true;
      }

      // SQLite's DDL is transactional: Kysely's migrator then runs the pending migrations in one
      // transaction, exclusive here and across processes (`begin immediate`): never interleaved.
      override get supportsTransactionalDdl(): boolean {
        return true;
      }
    })();
  }
}

/**
 * Drivers of this process with an open batch. A batch holds SQLite's write lock until its
 * setImmediate; another connection of the same process (tests open two) would wait for that
 * lock synchronously (busy_timeout), so the callback could never run: it commits them first.
 */
const openBatches = new Set<GroupCommitDriver>();

function flushOthers(driver: GroupCommitDriver) {
  for (const other of openBatches) if (other !== driver) other.flush();
}

/** What `connection` must wait for first: a transaction of another connection, of any driver. */
function blocker(driver: GroupCommitDriver, connection: Connection): Promise<void> | undefined {
  if (driver.busy(connection)) return driver.transactionEnd;
  for (const other of openBatches) if (other !== driver && other.inTransaction) return other.transactionEnd;
  return undefined;
}

class GroupCommitDriver implements Driver {
  readonly #db: Database;
  readonly #wal: WalSync | undefined;
  readonly #statements: StatementCache;
  /** The connection holding an explicit transaction, and what settles when it ends. */
  #owner: Connection | undefined;
  #ownerDone: Deferred | undefined;
  #ownerBatch: Deferred | undefined;
  /** The open group-commit batch, if any. */
  #batch: Deferred | undefined;
  /** The batch's commit came due while a transaction was open: commit when it ends. */
  #flushDue = false;
  #closed = false;

  constructor(db: Database, wal: WalSync | undefined) {
    this.#db = db;
    this.#wal = wal;
    this.#statements = new StatementCache(db);
  }

  /** Settles when every commit made so far is on the disk (at once without our own WAL sync). */
  durable(): Promise<void> | undefined {
    return this.#wal?.pending;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new Connection(this);
  }

  async releaseConnection(): Promise<void> {}

  /**
   * An explicit transaction is a savepoint inside the group-commit batch: atomic (rolled back
   * alone), exclusive (other statements wait for it to end), and answered once the batch's
   * commit is durable, like any other write.
   */
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    // The wait is inline: no await may come between seeing no owner and taking ownership.
    for (
      let wait = blocker(this, connection as Connection);
      wait;
      wait = blocker(this, connection as Connection)
    ) {
      await wait;
    }
    flushOthers(this);
    const batch = this.openBatch();
    this.#owner = connection as Connection;
    this.#ownerDone = deferred();
    this.#ownerBatch = batch;
    try {
      this.prepare(`savepoint ${TRANSACTION}`).run();
    } catch (error) {
      this.endTransaction();
      throw error;
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.#owner !== connection) throw new Error('commit outside of the transaction');
    const batch = this.#ownerBatch;
    try {
      this.prepare(`release ${TRANSACTION}`).run();
    } catch (error) {
      // Otherwise the savepoint is still there, and Kysely rolls it back next.
      if (!this.#db.inTransaction) {
        this.failBatch(error);
        this.endTransaction();
      }
      throw error;
    }
    this.endTransaction();
    await batch?.promise;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.#owner !== connection) return; // committed already, its batch failed
    try {
      if (this.#db.inTransaction && this.#batch === this.#ownerBatch) {
        this.prepare(`rollback to ${TRANSACTION}`).run();
        this.prepare(`release ${TRANSACTION}`).run();
      }
    } finally {
      this.endTransaction();
    }
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${identifier(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${identifier(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${identifier(name)}`));
  }

  async destroy(): Promise<void> {
    if (this.#closed) return;
    this.flush();
    this.#closed = true;
    await this.#wal?.close();
    this.#statements.clear();
    this.#db.close();
  }

  private endTransaction() {
    if (!this.#owner) return;
    const done = this.#ownerDone;
    this.#owner = undefined;
    this.#ownerDone = undefined;
    this.#ownerBatch = undefined;
    if (this.#flushDue) this.flush();
    done?.resolve();
  }

  get inTransaction(): boolean {
    return this.#owner !== undefined;
  }

  /** Whether another connection holds an explicit transaction: wait on `transactionEnd`. */
  busy(connection: Connection): boolean {
    return this.#owner !== undefined && this.#owner !== connection;
  }

  get transactionEnd(): Promise<void> | undefined {
    return this.#ownerDone?.promise;
  }

  prepare(sql: string): Statement {
    return this.#statements.prepare(sql);
  }

  prepareUncached(sql: string): Statement {
    return this.#db.prepare(sql);
  }

  /** Runs one statement outside an explicit transaction, in the current batch if it changes data. */
  async execute(connection: Connection, query: CompiledQuery): Promise<QueryResult<unknown>> {
    if (this.#wal?.failure) throw this.#wal.failure;
    if (this.#owner === connection) {
      // Answered only when the transaction's batch is durable, which covers what it read.
      try {
        return run(this.prepare(query.sql), query.parameters);
      } catch (error) {
        if (!this.#db.inTransaction) this.failBatch(error);
        throw error;
      }
    }
    // Inline, and everything after it synchronous up to the statement: no transaction can
    // start between this check and the statement.
    for (let wait = blocker(this, connection); wait; wait = blocker(this, connection)) await wait;
    flushOthers(this);
    const statement = this.prepare(query.sql);
    if (!statement.readonly && !DATA_CHANGE.test(query.sql)) {
      // DDL, pragmas: after everything before them is committed, and on their own.
      this.flush();
      const result = run(statement, query.parameters);
      await this.#wal?.afterCommit();
      return result;
    }
    if (statement.readonly && !this.#batch) {
      // A read may see a commit whose sync is under way: it is answered after that sync.
      const pending = this.#wal?.pending;
      const result = run(statement, query.parameters);
      if (pending) await pending;
      return result;
    }
    const batch = (statement.readonly && this.#batch) || this.openBatch();
    let result: QueryResult<unknown>;
    try {
      result = run(statement, query.parameters);
    } catch (error) {
      // Some errors (I/O, disk full) make SQLite roll the whole batch back.
      if (!this.#db.inTransaction && this.#batch === batch) this.failBatch(error);
      throw error;
    }
    // Nothing is acknowledged, not even a read of it, before the batch is durable.
    await batch.promise;
    return result;
  }

  private openBatch(): Deferred {
    if (this.#batch) return this.#batch;
    this.prepare('begin immediate').run();
    const batch = deferred();
    this.#batch = batch;
    openBatches.add(this);
    setImmediate(() => {
      if (this.#batch !== batch) return;
      if (this.#owner) this.#flushDue = true;
      else this.flush();
    });
    return batch;
  }

  private failBatch(error: unknown) {
    const batch = this.#batch;
    this.#batch = undefined;
    this.#flushDue = false;
    openBatches.delete(this);
    batch?.reject(error);
  }

  /** Commits the open batch now, if any. */
  flush() {
    const batch = this.#batch;
    if (!batch) return;
    this.#batch = undefined;
    this.#flushDue = false;
    openBatches.delete(this);
    try {
      this.prepare('commit').run();
      if (this.#wal) this.#wal.afterCommit().then(batch.resolve, batch.reject);
      else batch.resolve();
    } catch (error) {
      if (this.#db.inTransaction) {
        try {
          this.prepare('rollback').run();
        } catch {
          // Nothing more can be done: every statement of the batch is reported failed below.
        }
      }
      batch.reject(error);
    }
  }
}

class Connection implements DatabaseConnection {
  readonly #driver: GroupCommitDriver;

  constructor(driver: GroupCommitDriver) {
    this.#driver = driver;
  }

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.#driver.execute(this, query) as Promise<QueryResult<R>>;
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query)) {
      throw new Error('Sqlite driver only supports streaming of select queries');
    }
    for (let wait = blocker(this.#driver, this); wait; wait = blocker(this.#driver, this)) await wait;
    flushOthers(this.#driver);
    this.#driver.flush();
    const pending = this.#driver.durable();
    if (pending) await pending;
    // Not the cached statement: another query may use that one while this one iterates.
    for (const row of this.#driver.prepareUncached(query.sql).iterate(query.parameters)) {
      yield { rows: [row as R] };
    }
  }
}
