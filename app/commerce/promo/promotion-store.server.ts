import { SharedSnapshot } from '#server/realtime/shared-snapshot';
import type { AppServices } from '#server/types';
import { availability, type Promotion, WELCOME_OFFER_CODE } from './promo';
import { readPromotions } from './promotions-db.server';

/**
 * The storefront's read model of the promotions (docs/decisions/0052): the table read once at
 * start, so quoting a cart asks no query for its code. A console change reads it again here and,
 * through the change channel, on every other instance sharing the database. Payment does not
 * trust it: the use is counted there under a lock (promo-use.server.ts).
 */
export const PROMOTION_TOPIC = 'promotion_changes';

/** What a payment changes (`used`) is shown nowhere: it alone is no change for the pages. */
const shown = (promo: Promotion | undefined) => promo && JSON.stringify({ ...promo, used: 0 });

/** The promotions by code; a change names the codes whose rows differ (before or after). */
export class PromotionStore extends SharedSnapshot<ReadonlyMap<string, Promotion>, readonly string[]> {
  constructor(services: AppServices, initial: readonly Promotion[]) {
    const byCode = (promotions: readonly Promotion[]) => new Map(promotions.map((p) => [p.code, p]));
    super(
      services,
      {
        name: 'promotions',
        topic: PROMOTION_TOPIC,
        read: async () => byCode(await readPromotions(services.database.db)),
        diff: (before, after) => {
          const codes = [...new Set([...before.keys(), ...after.keys()])].filter(
            (code) => shown(before.get(code)) !== shown(after.get(code)),
          );
          return codes.length > 0 ? codes : null;
        },
      },
      byCode(initial),
    );
  }

  /** The code's promotion as last read (upper-case code). */
  find(code: string): Promotion | undefined {
    return this.current().get(code);
  }

  /** Whether the welcome code can be used now (the pages advertise it only then). */
  welcomeOfferOn(now = Date.now()): boolean {
    const welcome = this.find(WELCOME_OFFER_CODE);
    return welcome !== undefined && availability(welcome, now) === null;
  }

  all(): Promotion[] {
    return [...this.current().values()];
  }
}

declare module '#server/types' {
  interface FeatureServices {
    promotions: PromotionStore;
  }
}

/** Reads the promotions into these services' store, once (server start, before any request). */
export async function openPromotions(services: AppServices): Promise<PromotionStore> {
  if (!services.features.promotions) {
    const initial = await readPromotions(services.database.db);
    services.features.promotions ??= new PromotionStore(services, initial);
  }
  return services.features.promotions;
}

/** The store opened for these services. */
export function promotionsOf(services: AppServices): PromotionStore {
  const store = services.features.promotions;
  if (!store) throw new Error('The promotions are not loaded yet: openPromotions(services) runs at start.');
  return store;
}
