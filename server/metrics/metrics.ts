import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppDatabase } from '../db/database';
import type { JobQueue } from '../jobs/queue';
import type { Logger } from '../logger';
import { processMetrics } from './process-metrics';
import { CACHED_PAGE_KINDS, type CachedPageKind, type PageCacheTally } from '../page-cache/page-cache';
import type { StoreMetrics } from './store-metrics';

export interface MetricsSources {
  database: AppDatabase;
  jobs: JobQueue;
  logger: Logger;
  /** SQLite's newest backup's time in ms (server/backup), undefined when there is none yet. */
  newestBackup?: () => Promise<number | undefined>;
}

/**
 * Seconds: a cached page takes 0.1 ms of CPU, a rendered page 1-15 ms, a password hash 100 ms
 * (docs/performance.md); the top buckets catch a stalled database or processor.
 */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The metrics of one services instance, in a registry of its own: tests start many servers in
 * one process, and each counts its own requests and orders. GET /metrics adds the process's
 * figures (process-metrics.ts) to these.
 */
export function createMetrics({ database, jobs, logger, newestBackup }: MetricsSources): StoreMetrics {
  const registry = new Registry();
  const registers = [registry];

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Requests answered, by route pattern, method and status, and how long the answer took (until its head and body were handed over; a stream counts until it started). Its _count is the request rate.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });

  const count = (name: string, help: string) => new Counter({ name, help, registers });
  const signInsFailed = new Counter({
    name: 'store_sign_ins_failed_total',
    help: 'Sign-in attempts refused (wrong password or code, unverified email, disabled account...), by method.',
    labelNames: ['method'] as const,
    registers,
  });
  const rateLimitRefusals = new Counter({
    name: 'store_rate_limit_refusals_total',
    help: 'Rate-limit counters found over their limit, by scope (auth, pay, contact, newsletter, prescription). An attempt over both its address and its email limit counts twice.',
    labelNames: ['scope'] as const,
    registers,
  });

  const pageCache = pageCacheMetrics(registry);
  // The pool first: a scrape reads the metrics in this order, and the job count's own query
  // would otherwise be seen waiting for its connection.
  if (database.postgres) registerPool(registry, database.postgres.pool);
  registerJobDepth(registry, jobs, logger);
  if (newestBackup) registerNewestBackup(registry, newestBackup, logger);

  return {
    ordersCreated: count('store_orders_created_total', 'Orders created by checkout (pending until paid).'),
    ordersPaid: count(
      'store_orders_paid_total',
      'Payments approved: orders paid, or authorised while their prescription is reviewed.',
    ),
    paymentsDeclined: count('store_payments_declined_total', 'Payments the processor declined.'),
    refunds: count('store_refunds_total', 'Refunds the processor made (a whole order or some lines).'),
    signInFailed: (method) => signInsFailed.inc({ method }),
    rateLimitRefused: (scope) => rateLimitRefusals.inc({ scope }),
    pageCache,
    requests: (route, method, status, seconds) =>
      requests.observe({ route, method: knownMethod(method), status: String(status) }, seconds),
    async scrape() {
      const [process, store] = await Promise.all([processMetrics().metrics(), registry.metrics()]);
      return { contentType: registry.contentType, body: process + store };
    },
  };
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Any other method a client makes up is one label. */
const knownMethod = (method: string) => (METHODS.has(method) ? method : 'OTHER');

/**
 * Page-cache lookups are counted in plain numbers (a cached page is answered in about 90 µs,
 * and prom-client's labelled inc() builds a key string each time) and handed to prom-client
 * when scraped. The cacheable pages are few kinds: home, category, product and search.
 */
const VIEWERS = ['guest', 'shopper'] as const;
const slot = (kind: CachedPageKind, signedIn: boolean) =>
  CACHED_PAGE_KINDS.indexOf(kind) * VIEWERS.length + (signedIn ? 1 : 0);

function pageCacheMetrics(registry: Registry): PageCacheTally {
  const hits = new Float64Array(CACHED_PAGE_KINDS.length * VIEWERS.length);
  const misses = new Float64Array(CACHED_PAGE_KINDS.length * VIEWERS.length);
  const counter = (name: string, help: string, values: Float64Array) =>
    new Counter({
      name,
      help,
      labelNames: ['kind', 'viewer'] as const,
      registers: [registry],
      collect() {
        this.reset();
        CACHED_PAGE_KINDS.forEach((kind, k) =>
          VIEWERS.forEach((viewer, v) => this.inc({ kind, viewer }, values[k * VIEWERS.length + v] ?? 0)),
        );
      },
    });
  counter('store_page_cache_hits_total', 'Cacheable pages answered from the page cache.', hits);
  counter(
    'store_page_cache_misses_total',
    'Cacheable pages rendered (not in the cache, or expired).',
    misses,
  );
  return {
    looked(kind, signedIn, hit) {
      const values = hit ? hits : misses;
      const at = slot(kind, signedIn);
      values[at] = (values[at] ?? 0) + 1;
    },
  };
}

/** Jobs per queue and state, counted by one grouped query when scraped. */
function registerJobDepth(registry: Registry, jobs: JobQueue, logger: Logger) {
  const seen = new Set<string>();
  new Gauge({
    name: 'store_jobs',
    help: 'Jobs in the durable queue by queue and state: created and retry are waiting, active are running, failed have used every try (kept for the console).',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      try {
        const rows = await jobs.depth();
        // A queue that emptied shows 0, not its last figure.
        for (const key of seen) {
          const [queue = '', state = ''] = key.split('\n');
          this.set({ queue, state }, 0);
        }
        for (const row of rows) {
          seen.add(`${row.queue}\n${row.state}`);
          this.set({ queue: row.queue, state: row.state }, row.count);
        }
      } catch (error) {
        // The scrape still answers with the rest; the gauge is left out until the count works.
        this.reset();
        seen.clear();
        logger.warn({ err: error }, 'metrics: the job queue could not be counted');
      }
    },
  });
}

/**
 * When the newest backup of SQLite's database was taken (docs/decisions/0035), read from the
 * backup folder when scraped: an alert on its age catches a schedule that stopped, a full disk
 * or copies that fail their check. 0 until the first backup (the oldest possible time: an alert
 * on its age fires, as it should on a store with no backup).
 */
function registerNewestBackup(registry: Registry, newest: () => Promise<number | undefined>, logger: Logger) {
  new Gauge({
    name: 'store_backup_newest_timestamp_seconds',
    help: 'When the newest backup of the SQLite database was taken (Unix seconds); 0 before the first.',
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const takenAt = await newest();
        if (takenAt !== undefined) this.set(takenAt / 1000);
      } catch (error) {
        logger.warn({ err: error }, 'metrics: the backup folder could not be read');
      }
    },
  });
}

/** PostgreSQL's connection pool (pg.Pool), read when scraped. */
function registerPool(registry: Registry, pool: NonNullable<AppDatabase['postgres']>['pool']) {
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  gauge(
    'store_db_pool_connections',
    'Connections the PostgreSQL pool holds (in use and idle).',
    () => pool.totalCount,
  );
  gauge(
    'store_db_pool_idle_connections',
    'Connections of the pool waiting for a query.',
    () => pool.idleCount,
  );
  gauge(
    'store_db_pool_waiting_queries',
    'Queries waiting for a connection: above 0 for long, the pool (DATABASE_POOL_SIZE) is too small or queries too slow.',
    () => pool.waitingCount,
  );
}
