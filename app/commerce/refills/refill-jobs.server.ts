import { defineQueue } from '#server/jobs/queue';
import { offerEvery } from '#server/jobs/schedule';
import type { AppServices } from '#server/types';
import { catalogueStore } from '~/commerce/catalogue/catalogue-store.server';
import { type RefillRun, refillRun } from './refill-cycle-data.server';
import { runRefillPass } from './refill-cycles.server';
import type { RefillPricing } from './refill-pricing';

/**
 * The refill scheduler's job (docs/decisions/0065): a pass every hour, one at a time across
 * every instance (a singleton queue, offered by each instance as the other periodic jobs are).
 * Nothing depends on it running alone: a pass claims every row it acts on (refill-cycles).
 */
const REFILL_QUEUE = defineQueue<Record<string, never>>('refills.scheduler', {
  retryLimit: 2,
  retryDelaySeconds: 60,
  retryDelayMaxSeconds: 300,
  expireInSeconds: 900,
  singleton: true,
  keepFinishedSeconds: 7 * 24 * 60 * 60,
});

export const REFILL_PASS_SECONDS = 60 * 60;

/** A pass's context on the running store: its catalogue hears of the stock a pass moved. */
export function refillRunOf(services: AppServices, pricing: RefillPricing, now = Date.now()): RefillRun {
  const stockChanged = (ids: readonly string[]) => {
    void catalogueStore(services)
      .changed(ids)
      .catch((error: unknown) => services.logger.error({ err: error }, 'catalogue: stock refresh failed'));
  };
  return refillRun(services, pricing, stockChanged, now);
}

/** `pricing`: the checkout's (the composition root passes it in). Returns stop. */
export async function startRefillJobs(
  services: AppServices,
  pricing: RefillPricing,
): Promise<() => Promise<void>> {
  const { jobs, logger } = services;
  await jobs.work(REFILL_QUEUE, async () => {
    const summary = await runRefillPass(refillRunOf(services, pricing));
    if (Object.values(summary).some((n) => n > 0)) logger.info(summary, 'refill scheduler pass');
  });
  const stop = offerEvery(jobs, REFILL_QUEUE, REFILL_PASS_SECONDS, logger);
  return async () => stop();
}
