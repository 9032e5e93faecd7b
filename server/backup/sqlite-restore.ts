import { existsSync } from 'node:fs';
import { chmod, copyFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { makeOwnerOnlyDir, OWNER_ONLY_FILE } from '../owner-only';
import { fileTimestamp, fsyncPath } from './files';
import { integrityCheck } from './sqlite-worker';

/**
 * `npm run db:restore -- FILE` on SQLite (docs/decisions/0035): puts a backup in place of the
 * database, never over a database a server has open, never from a file that is not a sound
 * store database, and keeping the database it replaces beside it.
 */

export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

/** What asking for a database file exclusively found. */
export type ExclusiveHold =
  | { state: 'held'; release(): void }
  | { state: 'in-use' }
  /** SQLite could not read the file (a damaged database): whether it is open is unknown. */
  | { state: 'unreadable'; reason: string };

/**
 * Holds a database file exclusively, or says why not: in WAL mode every open connection (a
 * running server's, even idle) keeps a shared lock on the file, so an exclusive one is refused
 * while any is open. A server that crashed holds nothing (the system dropped its locks), so
 * nothing goes stale, unlike a pid file. Closing the hold checkpoints a crash's WAL into the file.
 */
export function holdExclusively(file: string): ExclusiveHold {
  const db = new SQLite(file, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('begin exclusive');
    db.exec('commit');
  } catch (error) {
    try {
      db.close();
    } catch {
      // a damaged file may fail its close too: nothing was held
    }
    const { code, message } = error as { code?: string; message: string };
    return code === 'SQLITE_BUSY' ? { state: 'in-use' } : { state: 'unreadable', reason: message };
  }
  return { state: 'held', release: () => db.close() };
}

/** The store's migration table: a database without it is not one of ours. */
function lastMigrationOf(file: string): string | undefined {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('select name from kysely_migration order by name desc limit 1').get() as
      { name: string } | undefined;
    return row?.name;
  } catch {
    return undefined;
  } finally {
    db.close();
  }
}

export interface RestoreOutcome {
  /** Where the replaced database was moved, if there was one. */
  keptAt?: string;
  lastMigration: string;
}

/**
 * Restores `backupFile` as the database at `databaseFile`. Refuses (RestoreRefused) a file
 * that fails `integrity_check` or holds no store, and a database in use unless `force`.
 */
export async function restoreSqlite(
  backupFile: string,
  databaseFile: string,
  options: {
    force?: boolean;
    now?: number;
    /** Told as the copy, then its check, begins (`npm run db:restore` shows their progress). */
    onPhase?: (phase: 'copy' | 'check', file: string) => void;
  } = {},
): Promise<RestoreOutcome> {
  if (!existsSync(backupFile)) throw new RestoreRefused(`${backupFile} does not exist`);
  // The check runs on a copy beside the database: it is what will be put in place, and the
  // backup itself is left exactly as it was.
  const incoming = `${databaseFile}.restoring-${process.pid}`;
  try {
    await makeOwnerOnlyDir(path.dirname(databaseFile));
    options.onPhase?.('copy', incoming);
    await copyFile(backupFile, incoming);
    // A backup taken before backups were owner-only passes its mode on: the database is not.
    await chmod(incoming, OWNER_ONLY_FILE);
    // A file SQLite cannot read at all rejects; a damaged one lists its problems.
    options.onPhase?.('check', incoming);
    const problems = await integrityCheck(incoming).catch((error: unknown) => [(error as Error).message]);
    if (problems.join() !== 'ok') {
      throw new RestoreRefused(
        `${backupFile} failed its integrity check; nothing was changed:\n  ${problems.slice(0, 5).join('\n  ')}`,
      );
    }
    const lastMigration = lastMigrationOf(incoming);
    if (!lastMigration)
      throw new RestoreRefused(`${backupFile} is not a store database (no migrations in it)`);
    fsyncPath(incoming);

    let keptAt: string | undefined;
    if (existsSync(databaseFile)) {
      const hold = holdExclusively(databaseFile);
      if (hold.state === 'in-use' && !options.force) {
        throw new RestoreRefused(
          `${databaseFile} is in use (a running server has it open): stop the server first, or pass --force`,
        );
      }
      if (hold.state === 'unreadable' && !options.force) {
        throw new RestoreRefused(
          `${databaseFile} cannot be read (${hold.reason}), so whether a server has it open is unknown: ` +
            'stop the server, then pass --force',
        );
      }
      // Released before the move: closing checkpoints a crash's WAL into the file it keeps.
      // (Held across the renames, its close would delete the WAL by name: the new database's.)
      if (hold.state === 'held') hold.release();
      keptAt = `${databaseFile}.replaced-${fileTimestamp(options.now ?? Date.now())}`;
      await rename(databaseFile, keptAt);
      // A WAL the checkpoint could not take in (with --force, or a damaged file) goes with it.
      for (const suffix of ['-wal', '-shm']) {
        if (existsSync(databaseFile + suffix)) await rename(databaseFile + suffix, keptAt + suffix);
      }
    }
    await rename(incoming, databaseFile);
    fsyncPath(path.dirname(databaseFile));
    return { keptAt, lastMigration };
  } finally {
    await rm(incoming, { force: true });
  }
}
