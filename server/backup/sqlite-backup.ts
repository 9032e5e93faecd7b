import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { makeOwnerOnlyDir } from '../owner-only';
import { fileTimestamp, PARTIAL_SUFFIX, publishWhole } from './files';
import { type BackupEntry, backupsToPrune, type KeepPolicy } from './keep-policy';
import { copyDatabase, type CopyMethod, integrityCheck } from './sqlite-worker';

/**
 * Backups of the SQLite database (docs/decisions/0035): a consistent copy taken while the
 * store runs, checked, then published under its final name by a rename. A file named like a
 * backup is therefore always a whole, checked one; a run that dies leaves a `.partial` file,
 * which no listing takes for a backup and the next prune removes.
 */

/** `store-2026-11-27T03-00-00-000Z.db`: the database's name and the UTC time it was taken. */
const BACKUP_NAME = /^(.+)-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.db$/;
/** A `.partial` file older than this is a dead run's (a run takes seconds to minutes). */
const STALE_PARTIAL_MS = 6 * 60 * 60 * 1000;

/** The base of the database's file name (`store` for store.db): backups are named after it. */
export function backupPrefix(databaseFile: string): string {
  return path.basename(databaseFile).replace(/\.(db|sqlite3?)$/i, '');
}

export function backupFileName(prefix: string, takenAt: number): string {
  return `${prefix}-${fileTimestamp(takenAt)}.db`;
}

/** The time in a backup's name, or undefined for any other file (never ours to delete). */
export function parseBackupName(name: string, prefix: string): number | undefined {
  const match = BACKUP_NAME.exec(name);
  if (!match || match[1] !== prefix) return undefined;
  const [, , day, h, m, s, ms] = match;
  const time = Date.parse(`${day}T${h}:${m}:${s}.${ms}Z`);
  return Number.isNaN(time) ? undefined : time;
}

export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
}

export interface BackupOptions {
  now?: number;
  method?: CopyMethod;
  /** Told as the copy, then its check, begins (`npm run db:backup` shows their progress). */
  onPhase?: (phase: 'copy' | 'check', partialFile: string) => void;
  /** Tests only: runs between the copy and its check, on the `.partial` file. */
  afterCopy?: (partialFile: string) => Promise<void>;
}

/**
 * Backs the database at `databaseFile` up into `dir`. Resolves with the file written; rejects
 * (leaving nothing named like a backup) when the copy fails or is not sound.
 */
export async function writeBackup(
  databaseFile: string,
  dir: string,
  options: BackupOptions = {},
): Promise<BackupResult> {
  const started = performance.now();
  const takenAt = options.now ?? Date.now();
  await makeOwnerOnlyDir(dir);
  const file = path.join(dir, backupFileName(backupPrefix(databaseFile), takenAt));
  // SQLite does not sync a VACUUM INTO file: publishWhole syncs it before the rename.
  await publishWhole(file, async (partial) => {
    options.onPhase?.('copy', partial);
    await copyDatabase(databaseFile, partial, options.method ?? 'vacuum');
    await options.afterCopy?.(partial);
    options.onPhase?.('check', partial);
    const problems = await integrityCheck(partial);
    if (problems.join() !== 'ok') {
      throw new Error(`the copy failed its integrity check: ${problems.slice(0, 3).join('; ')}`);
    }
  });
  const { size } = await stat(file);
  return { file, bytes: size, ms: Math.round(performance.now() - started) };
}

/** The backups of this database in `dir`, oldest first. */
export async function listBackups(dir: string, databaseFile: string): Promise<BackupEntry[]> {
  const prefix = backupPrefix(databaseFile);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names
    .map((name) => ({ name, takenAt: parseBackupName(name, prefix) }))
    .filter((entry): entry is BackupEntry => entry.takenAt !== undefined)
    .sort((a, b) => a.takenAt - b.takenAt);
}

/**
 * Deletes the backups the keep policy lets go, and `.partial` files of runs that died.
 * Returns the names deleted.
 */
export async function pruneBackups(
  dir: string,
  databaseFile: string,
  policy: KeepPolicy,
  now = Date.now(),
): Promise<string[]> {
  const doomed = backupsToPrune(await listBackups(dir, databaseFile), now, policy).map((e) => e.name);
  const prefix = backupPrefix(databaseFile);
  for (const name of await readdir(dir)) {
    if (!name.startsWith(`${prefix}-`) || !name.endsWith(PARTIAL_SUFFIX)) continue;
    const { mtimeMs } = await stat(path.join(dir, name));
    if (now - mtimeMs > STALE_PARTIAL_MS) doomed.push(name);
  }
  for (const name of doomed) await rm(path.join(dir, name), { force: true });
  return doomed;
}
