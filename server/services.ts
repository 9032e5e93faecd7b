import path from 'node:path';
import { type AuthMails, createAuth } from './auth/auth';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import type { Env } from './env';
import { createLogger, type Logger } from './logger';
import { tightenDataDir } from './owner-only';
import { createJobQueue } from './jobs';
import { createJobContents } from './jobs/contents';
import { createMailer } from './mail/mailer';
import { newestBackupOf } from './backup/backup-job';
import { createMetrics } from './metrics/metrics';
import { createOutbox } from './mail/outbox';
import { createPaymentGateway } from './payments';
import { HealthDataKeyring } from '../app/lib/health-data/health-data-keys.server';
import { createRateLimiter } from './rate-limit';
import { createSmsOutbox, createSmsSender } from './sms/sms';
import { createCartEvents } from './realtime/cart-events';
import { createLocalChangeChannel, createPostgresChangeChannel } from './realtime/change-channel';
import type { AppServices } from './types';

export interface ServiceOptions {
  /** The account mails auth sends, from the composition root (server/app.ts). */
  authMails: AuthMails;
  logger?: Logger;
  /** SQLite: WAL checkpoints on a thread of their own (the store's process; ADR 0069). */
  checkpointInBackground?: boolean;
}

/**
 * Builds the long-lived services once per process: database (migrated), logger, limiter,
 * mailer and auth. Production, dev and the tests all start from here.
 */
export async function createServices(env: Env, options: ServiceOptions): Promise<AppServices> {
  const logger =
    options.logger ?? createLogger({ level: env.LOG_LEVEL, pretty: env.NODE_ENV === 'development' });
  if (tightenDataDir(path.resolve(env.DATA_DIR))) {
    logger.warn({ dir: env.DATA_DIR }, 'the data folder was readable by other users: now 0700');
  }
  // PostgreSQL: connections per instance (plus one for LISTEN); see docs/deployment.md.
  const database = openDatabase(env.DATABASE_URL, {
    poolSize: env.DATABASE_POOL_SIZE,
    checkpointInBackground: options.checkpointInBackground,
    onCheckpointFailure: (message) =>
      logger.error({ err: message }, 'WAL checkpoints keep failing: the WAL file grows until one succeeds'),
  });
  const { applied } = await migrateToLatest(database);
  if (applied.length > 0) logger.info({ applied }, 'database migrated');
  const mailer = createMailer({ env, logger });
  const jobs = await createJobQueue(database, logger);
  // Mails' and texts' contents apart from their jobs, deleted once sent (docs/decisions/0039).
  const jobContents = createJobContents(database.db);
  const mail = createOutbox(jobs, jobContents, env);
  const sms = createSmsOutbox(jobs, jobContents);
  const metrics = createMetrics({ database, jobs, logger, newestBackup: newestBackupOf(env) });
  const changes = database.postgres
    ? await createPostgresChangeChannel(database.postgres.url, database.postgres.pool, logger)
    : createLocalChangeChannel();
  const cartEvents = createCartEvents(changes);
  return {
    features: {},
    env,
    logger,
    database,
    mailer,
    mail,
    jobs,
    jobContents,
    rateLimiter: createRateLimiter(database.db, Date.now, metrics.rateLimitRefused),
    sms,
    smsSender: createSmsSender(env, logger),
    auth: createAuth(env, database, mail, options.authMails, sms, metrics),
    metrics,
    payments: createPaymentGateway(env, database.db),
    healthData: HealthDataKeyring.from(env.HEALTH_DATA_KEY),
    changes,
    cartEvents,
    async close() {
      await cartEvents.close();
      await changes.close();
      await jobs.stop(env.SHUTDOWN_TIMEOUT_MS);
      await mailer.close();
      await database.close();
    },
  };
}
