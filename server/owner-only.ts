import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  existsSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { mkdir } from 'node:fs/promises';

/**
 * The data folder, backups, dumps, the generated AUTH_SECRET and mail or text messages written to
 * files hold customers' data, sign-in links and secrets: readable by the store's own user only,
 * whatever the umask of the shell or service manager that started it.
 */
export const OWNER_ONLY_DIR = 0o700;
export const OWNER_ONLY_FILE = 0o600;

/** Creates a folder (and its missing parents) as 0700; an existing one is left as it is. */
export async function makeOwnerOnlyDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: OWNER_ONLY_DIR });
}

export function makeOwnerOnlyDirSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: OWNER_ONLY_DIR });
}

/**
 * Creates `file` empty as 0600 when it does not exist, so whatever fills it next (SQLite,
 * pg_dump) writes into a file that was never readable by others, not even for a moment.
 */
export function createOwnerOnlyFile(file: string): void {
  if (existsSync(file)) return;
  try {
    closeSync(openSync(file, 'wx', OWNER_ONLY_FILE));
  } catch (error) {
    // Made meanwhile by another process starting on the same folder: it is there, as wanted.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/**
 * A secret generated once and kept in `file` (0600, its folder 0700): the kept one when there
 * is one, else `create()`'s, written whole before anyone can read it. Two processes starting
 * together on one data folder (a rolling restart's two instances) read the same secret: each
 * writes its own to a file of its own and links it to `file`, which only the first link makes;
 * the other reads that one. Written in place, the second read the first's file still empty.
 */
export function keptSecret(file: string, create: () => string): string {
  const read = () => readFileSync(file, 'utf8').trim();
  if (existsSync(file)) return read();
  makeOwnerOnlyDirSync(path.dirname(file));
  const own = `${file}.${process.pid}-${randomBytes(6).toString('hex')}`;
  writeFileSync(own, create() + '\n', { mode: OWNER_ONLY_FILE, flag: 'wx' });
  try {
    linkSync(own, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(own, { force: true });
  }
  return read();
}

/**
 * At start: a data folder made before this rule (or by hand) is tightened to 0700, so the files
 * in it, whatever their own modes, cannot be reached by other users. Returns whether it changed.
 */
export function tightenDataDir(dir: string): boolean {
  if (!existsSync(dir)) return false;
  const mode = statSync(dir).mode & 0o777;
  if ((mode & 0o077) === 0) return false;
  chmodSync(dir, mode & OWNER_ONLY_DIR);
  return true;
}
