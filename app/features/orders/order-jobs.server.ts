import { defineQueue } from '#server/jobs/queue';
import { offerEvery } from '#server/jobs/schedule';
import type { AppServices } from '#server/types';
import { catalogueStore } from '~/commerce/catalogue/catalogue-store.server';
import { startOrderIndexing } from '~/commerce/orders/order-search-index.server';
import { sweepAbandonedOrders } from './abandoned-orders.server';

/**
 * The abandoned-order sweep, a job: one at a time across every instance (a singleton queue).
 * It keeps no state of its own, so a failed or interrupted run is simply the next one's work.
 */
const ABANDONED_SWEEP_QUEUE = defineQueue<Record<string, never>>('orders.abandoned-sweep', {
  retryLimit: 0,
  retryDelaySeconds: 1,
  retryDelayMaxSeconds: 1,
  expireInSeconds: 300,
  singleton: true,
  keepFinishedSeconds: 60 * 60,
});

/**
 * Each instance offers the sweep every ABANDONED_SWEEP_SECONDS; the queue keeps one job per
 * interval (a throttling key), so N instances still sweep once. Also the orders' search index
 * on SQLite. Returns stop.
 */
export async function startOrderJobs(services: AppServices): Promise<() => Promise<void>> {
  const { env, logger, database, jobs } = services;
  await jobs.work(ABANDONED_SWEEP_QUEUE, async () => {
    const { cancelled, productIds } = await sweepAbandonedOrders(
      database.db,
      env.ABANDONED_ORDER_MINUTES * 60_000,
    );
    if (cancelled.length > 0) logger.info({ cancelled: cancelled.length }, 'abandoned orders cancelled');
    if (productIds.length > 0) await catalogueStore(services).changed(productIds);
  });
  const stop = offerEvery(jobs, ABANDONED_SWEEP_QUEUE, env.ABANDONED_SWEEP_SECONDS, logger);
  // SQLite's console search index, in batches after the orders' commits (ADR 0071).
  const stopIndexing = startOrderIndexing(database.db);
  return async () => {
    stop();
    await stopIndexing();
  };
}
