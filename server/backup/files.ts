import { closeSync, fsyncSync, openSync } from 'node:fs';
import { chmod, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { createOwnerOnlyFile, OWNER_ONLY_FILE } from '../owner-only';

/** What a file still being written is called: no listing takes it for a backup. */
export const PARTIAL_SUFFIX = '.partial';

/** A UTC time as a file name may carry it: `2026-11-27T03-00-00-000Z`. */
export function fileTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace(/[:.]/g, '-');
}

/** Makes a file's data, or a rename in a folder, survive a power loss. */
export function fsyncPath(file: string): void {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes `file` so that a file of that name is always whole: `write` fills a `.partial` file,
 * which is synced and then renamed (the folder synced too). When `write` fails, the partial
 * file is removed and nothing has that name.
 */
export async function publishWhole(file: string, write: (partial: string) => Promise<void>): Promise<void> {
  const partial = `${file}.${process.pid}${PARTIAL_SUFFIX}`;
  try {
    // Made empty and owner-only first: SQLite and pg_dump write into it and keep its mode.
    createOwnerOnlyFile(partial);
    await write(partial);
    // And should a writer have replaced the file, the backup is the owner's only all the same.
    await chmod(partial, OWNER_ONLY_FILE);
    fsyncPath(partial);
    await rename(partial, file);
    fsyncPath(path.dirname(file));
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}
