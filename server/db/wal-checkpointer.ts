import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * SQLite's WAL checkpoints on a thread of their own (ADR 0069). By default the commit that
 * takes the WAL past 1,000 pages copies them into the database and syncs it, inside `COMMIT`,
 * on the event loop: under a stream of orders (about 30 pages each, a dozen indexes) that was
 * the largest part of a checkout's commit (measured: 200 -> 90 µs of commit an order). The
 * server's connection turns automatic checkpoints off and this worker, with a connection of its
 * own, runs a PASSIVE checkpoint every `everyMs`: it never waits for the writer nor holds it up,
 * and SQLite syncs the WAL before and the database after, as it always does. The writer starts
 * the WAL over (cut back to journal_size_limit) once a checkpoint has caught up.
 *
 * The worker's code is a string, as the backup worker's (server/backup/sqlite-worker.ts): the
 * same source runs under tsx and in the bundled build. Only the server uses it; scripts and
 * tools keep SQLite's automatic checkpoints.
 */
const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true, timeout: 0 });
let failed = 0;
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
    failed = 0;
  } catch (error) {
    // SQLITE_BUSY when another checkpoint runs (a backup's, the last connection's close): next time.
    if (++failed === 10) parentPort.postMessage({ failed: String(error && error.message || error) });
  }
}, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
  db.close();
  parentPort.postMessage({ stopped: true });
});
`;

const driverPath = createRequire(import.meta.url).resolve('better-sqlite3');

export interface WalCheckpointer {
  stop(): Promise<void>;
}

/**
 * Starts checkpointing `file`'s WAL every `everyMs` on a worker thread. `onFailure` hears of a
 * checkpoint that failed ten times running (the WAL then grows until one succeeds).
 */
export function startWalCheckpointer(
  file: string,
  options: { everyMs?: number; onFailure?: (message: string) => void } = {},
): WalCheckpointer {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, driver: driverPath, everyMs: options.everyMs ?? 100 },
  });
  const stopped = new Promise<void>((resolve) => {
    worker.on('message', (message: { failed?: string; stopped?: boolean }) => {
      if (message.failed) options.onFailure?.(message.failed);
      if (message.stopped) resolve();
    });
    worker.once('exit', () => resolve());
  });
  // The timer inside keeps the worker alive; the process need not wait for it.
  worker.unref();
  return {
    async stop() {
      // Referenced again: a process with nothing else left to do would otherwise exit before
      // the worker's last checkpoint and its answer (and skip what the caller does after).
      worker.ref();
      worker.postMessage('stop');
      await stopped;
      await worker.terminate();
    },
  };
}
