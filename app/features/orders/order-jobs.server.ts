import { scheduleLeasedJob } from '#server/jobs/lease';
import type { AppServices } from '#server/types';
import { catalogueStore } from '../catalog/catalogue-store.server';
import { sweepAbandonedOrders } from './abandoned-orders.server';

/**
 * The orders' background work on this instance: the abandoned-order sweep, offered every
 * ABANDONED_SWEEP_SECONDS and run by one instance at a time (a lease in the database). It keeps
 * no state of its own, so a restart simply finds the same old orders again. Returns stop.
 */
export function startOrderJobs(services: AppServices): () => Promise<void> {
  const { env, logger, database } = services;
  return scheduleLeasedJob({
    db: database.db,
    name: 'abandoned-orders',
    holder: services.changes.instanceId,
    intervalMs: env.ABANDONED_SWEEP_SECONDS * 1000,
    leaseMs: 5 * 60_000,
    task: async () => {
      const { cancelled, productIds } = await sweepAbandonedOrders(
        database.db,
        env.ABANDONED_ORDER_MINUTES * 60_000,
      );
      if (cancelled.length > 0) logger.info({ cancelled: cancelled.length }, 'abandoned orders cancelled');
      if (productIds.length > 0) await catalogueStore(services).changed(productIds);
    },
    onError: (error) => logger.error({ err: error }, 'abandoned-order sweep failed'),
  });
}
