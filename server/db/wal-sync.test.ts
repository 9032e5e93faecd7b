import { fdatasync, fstatSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { GroupCommitSqliteDialect } from './sqlite-driver';
import type { SyncFile } from './wal-sync';

interface Schema {
  t: { id: number; v: string };
}

/** A disk whose syncs finish when the test says so (the disk is what is faked, not our code). */
function heldDisk() {
  const held: { fd: number; done: (error: Error | null) => void }[] = [];
  const sync: SyncFile = (fd, done) => held.push({ fd, done });
  return {
    sync,
    held,
    /** Finishes the oldest sync under way (really syncing the file first), then lets answers go. */
    async release(error: Error | null = null) {
      const next = held.shift();
      if (!next) throw new Error('no sync under way');
      await new Promise<void>((resolve) =>
        fdatasync(next.fd, (e) => {
          next.done(error ?? e);
          resolve();
        }),
      );
      await turns();
    },
  };
}

const turns = async (n = 5) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

function settled(promise: Promise<unknown>) {
  const state = { done: false, failed: undefined as unknown };
  promise.then(
    () => (state.done = true),
    (error: unknown) => (state.failed = error),
  );
  return state;
}

describe('the WAL synced off the event loop', () => {
  let dir: string;
  let db: Kysely<Schema> | undefined;
  afterEach(async () => {
    await db?.destroy().catch(() => undefined);
    db = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  async function open(sync?: SyncFile) {
    dir = mkdtempSync(path.join(tmpdir(), 'wal-sync-'));
    const file = path.join(dir, 'x.db');
    const handle = new SQLite(file);
    handle.pragma('journal_mode = WAL');
    db = new Kysely<Schema>({ dialect: new GroupCommitSqliteDialect(handle, { syncWal: sync ?? true }) });
    return { handle, file };
  }

  it('answers a write only once the WAL is synced, and a read of it too', async () => {
    const disk = heldDisk();
    const { handle } = await open(disk.sync);
    const create = settled(sql`create table t (id integer primary key, v text not null)`.execute(db!));
    await turns();
    expect(create.done).toBe(false); // the table's creation waits for its sync too
    await disk.release();
    await turns();
    expect(create.done).toBe(true);
    expect(handle.pragma('synchronous', { simple: true })).toBe(1); // NORMAL, synced by us

    const write = settled(db!.insertInto('t').values({ id: 1, v: 'a' }).execute());
    await turns();
    expect(disk.held).toHaveLength(1);
    expect(write.done).toBe(false);
    // A read that sees the commit whose sync is under way is not answered before it either.
    const read = db!.selectFrom('t').select('v').execute();
    const reading = settled(read);
    await turns();
    expect(reading.done).toBe(false);
    await disk.release();
    await turns();
    expect(write.done).toBe(true);
    expect(await read).toEqual([{ v: 'a' }]);
  });

  /** A database on a held disk, with its table made (and that creation's sync let through). */
  async function openWithTable() {
    const disk = heldDisk();
    await open(disk.sync);
    const create = sql`create table t (id integer primary key, v text not null)`.execute(db!);
    await turns();
    await disk.release();
    await create;
    return disk;
  }

  it('lets commits made during a sync share the next one', async () => {
    const disk = await openWithTable();
    const first = settled(db!.insertInto('t').values({ id: 1, v: 'a' }).execute());
    await turns();
    // Three more turns' worth of writes while the first sync is held: they wait for one more sync.
    const later = [2, 3, 4].map((id) => db!.insertInto('t').values({ id, v: 'b' }).execute());
    const laterState = later.map(settled);
    await turns();
    expect(disk.held).toHaveLength(1);
    await disk.release();
    await turns();
    expect(first.done).toBe(true);
    expect(laterState.some((s) => s.done)).toBe(false);
    expect(disk.held).toHaveLength(1);
    await disk.release();
    await Promise.all(later);
    expect(disk.held).toHaveLength(0);
  });

  it('fails the write whose sync failed, and every statement after it', async () => {
    const disk = await openWithTable();
    const write = db!.insertInto('t').values({ id: 1, v: 'a' }).execute();
    await turns();
    const failed = expect(write).rejects.toThrow(/could not be synced to disk: Error: EIO/);
    await disk.release(new Error('EIO'));
    await failed;
    await expect(db!.selectFrom('t').selectAll().execute()).rejects.toThrow(/could not be synced/);
  });

  it('syncs the database file’s own WAL with the real disk', async () => {
    const synced: number[] = [];
    const { file } = await open((fd, done) => {
      synced.push(fstatSync(fd).ino);
      fdatasync(fd, done);
    });
    await sql`create table t (id integer primary key, v text not null)`.execute(db!);
    await Promise.all([1, 2, 3].map((id) => db!.insertInto('t').values({ id, v: 'a' }).execute()));
    expect(await db!.selectFrom('t').select('id').execute()).toHaveLength(3);
    expect(synced.length).toBeGreaterThan(0);
    expect(new Set(synced)).toEqual(new Set([statSync(`${file}-wal`).ino]));
  });
});
