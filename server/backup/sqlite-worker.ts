import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * The heavy half of a SQLite backup, on a thread of its own with a connection of its own.
 * better-sqlite3 is synchronous: a copy or an integrity check of a large database on the
 * server's thread would stop every request for its length (measured in ADR 0035). In WAL mode
 * the copy is one read transaction, which never waits for, nor holds up, the server's writes.
 *
 * The worker's code is a string rather than a file: the same source then runs under tsx, in
 * the dev server and in the bundled build (build/node/), with no extra entry to find. It loads
 * better-sqlite3 from the path this module resolves.
 */
const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const { op, source, target } = workerData;
async function run() {
  if (op === 'copy') {
    const db = new Database(source, { fileMustExist: true, timeout: 10000 });
    try {
      if (workerData.method === 'vacuum') {
        db.prepare('VACUUM INTO ?').run(target);
      } else {
        // Every page in one step: one read transaction, never restarted by the server's writes.
        await db.backup(target, { progress: () => 0x7fffffff });
      }
    } finally {
      db.close();
    }
    return [];
  }
  // op === 'check': the copy, as a file of its own (no -wal beside it), checked page by page.
  const db = new Database(source, { fileMustExist: true });
  try {
    db.pragma('journal_mode = DELETE');
    return db.pragma('integrity_check', { simple: false }).map((row) => String(row.integrity_check));
  } finally {
    db.close();
  }
}
run().then(
  (result) => parentPort.postMessage({ ok: true, result }),
  (error) => parentPort.postMessage({ ok: false, message: error && error.message ? error.message : String(error) }),
);
`;

const driverPath = createRequire(import.meta.url).resolve('better-sqlite3');

/** How the copy is made: SQLite's online backup API, or VACUUM INTO (ADR 0035 compares them). */
export type CopyMethod = 'backup-api' | 'vacuum';

type WorkerTask =
  { op: 'copy'; source: string; target: string; method: CopyMethod } | { op: 'check'; source: string };

function runWorker(task: WorkerTask): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { ...task, driver: driverPath } });
    let settled = false;
    worker.once('message', (message: { ok: boolean; result?: string[]; message?: string }) => {
      settled = true;
      if (message.ok) resolve(message.result ?? []);
      else reject(new Error(message.message));
    });
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`backup worker exited with code ${code}`));
    });
  });
}

/** Copies the live database at `source` to `target`, off this thread. */
export async function copyDatabase(source: string, target: string, method: CopyMethod): Promise<void> {
  await runWorker({ op: 'copy', source, target, method });
}

/**
 * `PRAGMA integrity_check` of a database file, off this thread: `['ok']` when sound, else
 * SQLite's list of problems. A file that is not a database at all rejects.
 */
export function integrityCheck(file: string): Promise<string[]> {
  return runWorker({ op: 'check', source: file });
}
