import type { AppServices } from '#server/types';
import { catalogueStore } from '~/commerce/catalogue/catalogue-store.server';
import { IMAGE_QUEUE, processProductImage } from './product-images.server';

/** The catalogue's job on this instance: product photos made into the storefront's renditions. */
export async function startCatalogJobs(services: AppServices): Promise<void> {
  await services.jobs.work(
    IMAGE_QUEUE,
    async (job) => {
      if (await processProductImage(services.database.db, job)) {
        await catalogueStore(services).changed([job.productId]);
      }
    },
    { concurrency: 2 },
  );
}
