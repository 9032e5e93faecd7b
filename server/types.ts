import type { HealthDataKeyring } from '../app/lib/health-data/health-data-keys.server';
import type { Auth } from './auth/auth';
import type { AppDatabase } from './db/database';
import type { Env } from './env';
import type { JobContents } from './jobs/contents';
import type { JobQueue } from './jobs/queue';
import type { Logger } from './logger';
import type { WholePage } from './middleware/compress-pages';
import type { SmsOutbox, SmsSender } from './sms/sms';
import type { Mailer } from './mail/mailer';
import type { Outbox } from './mail/outbox';
import type { StoreMetrics } from './metrics/store-metrics';
import type { PaymentGateway } from './payments/gateway';
import type { RateLimiter } from './rate-limit';
import type { CartEvents } from './realtime/cart-events';
import type { ChangeChannel } from './realtime/change-channel';

/**
 * What features keep for the life of the process (the catalogue's read model), set at start
 * through the composition root. Each feature declares its own entries here (declaration
 * merging), so server/ names none of them. It lives on the services, not in a feature's module:
 * the server and the React Router build each bundle their own copy of those modules.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface FeatureServices {}

/** Long-lived services shared by every request; built once in server/services.ts. */
export interface AppServices {
  features: Partial<FeatureServices>;
  env: Env;
  database: AppDatabase;
  logger: Logger;
  rateLimiter: RateLimiter;
  /** The transport: only the job queue's workers send with it. */
  mailer: Mailer;
  /** Every store mail goes here: queued, sent and retried by the job queue. */
  mail: Outbox;
  /** Every text message (sign-in codes by phone): queued, sent and retried by the job queue. */
  sms: SmsOutbox;
  /** The text message transport: only the job queue's workers send with it. */
  smsSender: SmsSender;
  /** The durable job queue (docs/decisions/0021). */
  jobs: JobQueue;
  /** What queued mails and texts say, until they are sent (docs/decisions/0039). */
  jobContents: JobContents;
  auth: Auth;
  /** Signals between the instances sharing the database (NOTIFY on PostgreSQL). */
  changes: ChangeChannel;
  cartEvents: CartEvents;
  payments: PaymentGateway;
  /** Seals and opens health data at rest (docs/decisions/0062). */
  healthData: HealthDataKeyring;
  /** GET /metrics: counts to add to where things happen (services.metrics.ordersPaid.inc()). */
  metrics: StoreMetrics;
  close(): Promise<void>;
}

/** A signed-in shopper as a page's header shows them (app/features/account/viewer.server.ts). */
export interface Viewer {
  /** "Hi, {name}": the first name, or "there". */
  name: string;
  /** Units in the account cart (the header's badge). */
  cartCount: number;
  /** Product ids in the account's wishlist, newest first (the pressed hearts). */
  wishlist?: string[];
}

export interface AppBindings {
  Variables: {
    requestId: string;
    nonce: string;
    logger: Logger;
    clientIp: string;
    /** The signed-in shopper, when the page cache looked them up (server/page-cache). */
    viewer?: Viewer;
    /** The page the request handler rendered in one go, for its compression (middleware/compress-pages). */
    wholePage?: WholePage;
  };
}
