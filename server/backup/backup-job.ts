import path from 'node:path';
import { isPostgresUrl, sqlitePathFromUrl } from '../db/database';
import type { Env } from '../env';
import { defineQueue } from '../jobs/queue';
import { offerEvery } from '../jobs/schedule';
import type { AppServices } from '../types';
import { listBackups, pruneBackups, writeBackup } from './sqlite-backup';

/** Where backups go: BACKUP_DIR, or DATA_DIR/backups. */
export function backupDirOf(env: Pick<Env, 'BACKUP_DIR' | 'DATA_DIR'>): string {
  return path.resolve(env.BACKUP_DIR ?? path.join(env.DATA_DIR, 'backups'));
}

/**
 * When this SQLite database's newest backup in the backup folder was taken, for GET /metrics;
 * undefined on PostgreSQL and in memory, where the store takes none.
 */
export function newestBackupOf(
  env: Pick<Env, 'BACKUP_DIR' | 'DATA_DIR' | 'DATABASE_URL'>,
): (() => Promise<number | undefined>) | undefined {
  if (isPostgresUrl(env.DATABASE_URL)) return undefined;
  const databaseFile = sqlitePathFromUrl(env.DATABASE_URL);
  if (databaseFile === ':memory:') return undefined;
  const dir = backupDirOf(env);
  return async () => (await listBackups(dir, databaseFile)).at(-1)?.takenAt;
}

/** One backup at a time; a failed run is logged and the next interval's run tries again. */
const BACKUP_QUEUE = defineQueue<Record<string, never>>('backup.sqlite', {
  retryLimit: 1,
  retryDelaySeconds: 60,
  retryDelayMaxSeconds: 60,
  // A copy and an integrity check of a few gigabytes take minutes, not an hour.
  expireInSeconds: 3600,
  singleton: true,
  keepFinishedSeconds: 7 * 24 * 60 * 60,
});

/**
 * Scheduled backups of the SQLite database (docs/decisions/0035): a backup every
 * BACKUP_INTERVAL_SECONDS through the job queue, then the keep policy's pruning. Nothing on
 * PostgreSQL (the operator's pg_dump or point-in-time recovery), in memory, or when
 * SCHEDULED_BACKUPS is off. Returns stop.
 */
export async function startBackupJob(
  services: Pick<AppServices, 'database' | 'env' | 'jobs' | 'logger'>,
): Promise<() => Promise<void>> {
  const { database, env, jobs, logger } = services;
  const databaseFile = sqlitePathFromUrl(env.DATABASE_URL);
  if (database.engine !== 'sqlite' || databaseFile === ':memory:' || !env.SCHEDULED_BACKUPS) {
    return async () => undefined;
  }
  const dir = backupDirOf(env);
  const policy = { hourly: env.BACKUP_KEEP_HOURLY, dailyDays: env.BACKUP_KEEP_DAILY };
  await jobs.work(BACKUP_QUEUE, async () => {
    const backup = await writeBackup(databaseFile, dir);
    const pruned = await pruneBackups(dir, databaseFile, policy);
    logger.info({ ...backup, pruned }, 'database backed up');
  });
  const stop = offerEvery(jobs, BACKUP_QUEUE, env.BACKUP_INTERVAL_SECONDS, logger);
  return async () => stop();
}
