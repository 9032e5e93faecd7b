import { close, fdatasync, openSync } from 'node:fs';
import { type Deferred, deferred } from './deferred';

/** How the WAL file reaches the disk: fdatasync on the thread pool (replaceable to test a slow or failing disk). */
export type SyncFile = (fd: number, done: (error: Error | null) => void) => void;

/**
 * SQLite's WAL synced by us, off the event loop (ADR 0069). With `synchronous = NORMAL` a
 * commit writes its frames to the WAL file without waiting for the disk; SQLite's `FULL` adds
 * one fsync of that file after the commit frame, on the event loop (0.4-0.9 ms on our disks, a
 * fifth to a half of a write's busy time). We make the same sync of the same file on the thread
 * pool instead and answer nothing that wrote, or read, a commit before the sync after it
 * completes: an acknowledged change is exactly as durable as under FULL (checkpoints and the
 * WAL's restart are synced by SQLite itself under NORMAL too).
 *
 * Syncs run one at a time; commits that come during one share the next (one sync covers every
 * write made before it starts).
 */
export class WalSync {
  readonly #walFile: string;
  readonly #sync: SyncFile;
  #fd: number | undefined;
  #running = false;
  /** Commits made since the running sync started: the next sync settles them. */
  #waiting: Deferred[] = [];
  /** Settles when the last commit made is on the disk; undefined when nothing is waiting. */
  #latest: Promise<void> | undefined;
  #failure: Error | undefined;

  constructor(walFile: string, sync: SyncFile = fdatasync) {
    this.#walFile = walFile;
    this.#sync = sync;
  }

  /** After a commit: settles once that commit, and every one before it, is on the disk. */
  afterCommit(): Promise<void> {
    if (this.#failure) return Promise.reject(this.#failure);
    const done = deferred();
    this.#waiting.push(done);
    const latest = done.promise;
    this.#latest = latest;
    void latest.then(
      () => this.#latest === latest && (this.#latest = undefined),
      () => undefined,
    );
    if (!this.#running) this.#start();
    return latest;
  }

  /** What a statement must wait for before answering: the last commit's sync, if under way. */
  get pending(): Promise<void> | undefined {
    if (this.#failure) return Promise.reject(this.#failure);
    return this.#latest;
  }

  /** A failed sync leaves committed data of unknown durability: every later statement fails. */
  get failure(): Error | undefined {
    return this.#failure;
  }

  /** Waits for the syncs under way, then closes the file. */
  async close(): Promise<void> {
    await this.#latest?.catch(() => undefined);
    if (this.#fd !== undefined) close(this.#fd, () => undefined);
    this.#fd = undefined;
  }

  #start() {
    const batch = this.#waiting;
    this.#waiting = [];
    this.#running = true;
    try {
      // Opened at the first commit: SQLite has made the file by then, and keeps it (same file,
      // truncated in place) while this connection is open.
      this.#fd ??= openSync(this.#walFile, 'r');
    } catch (error) {
      // No WAL yet (a statement before the first write): nothing was written to one.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return this.#settle(batch);
      return this.#fail(batch, error);
    }
    this.#sync(this.#fd, (error) => {
      if (error) return this.#fail(batch, error);
      this.#settle(batch);
    });
  }

  #settle(batch: Deferred[]) {
    this.#running = false;
    for (const commit of batch) commit.resolve();
    if (this.#waiting.length) this.#start();
  }

  #fail(batch: Deferred[], cause: unknown) {
    // As PostgreSQL does after a failed fsync: what was written may be lost, so nothing more is
    // acknowledged; the health check fails and the process must be restarted.
    this.#failure = new Error(
      `the database's write-ahead log could not be synced to disk: ${String(cause)}`,
      {
        cause,
      },
    );
    this.#running = false;
    for (const commit of [...batch, ...this.#waiting]) commit.reject(this.#failure);
    this.#waiting = [];
  }
}
