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

/** The codes a change touched (their rows before or after differ). */
type Listener = (codes: readonly string[]) => void;

export class PromotionStore {
  private byCode = new Map<string, Promotion>();
  private readonly listeners = new Set<Listener>();
  /** Refreshes run one after another, so an older read never replaces a newer one. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly services: AppServices,
    initial: readonly Promotion[],
  ) {
    this.byCode = new Map(initial.map((promo) => [promo.code, promo]));
    const reread = (why: string) => {
      void this.refresh().catch((error: unknown) => {
        services.logger.error({ err: error }, `promotions: refresh after ${why} failed`);
      });
    };
    // Changes announced while the listener was away were missed: read everything again.
    services.changes.onReconnect(() => reread('a reconnect'));
    services.changes.subscribe(PROMOTION_TOPIC, (from) => {
      if (from !== services.changes.instanceId) reread('a change elsewhere');
    });
  }

  /** The code's promotion as last read (upper-case code). */
  find(code: string): Promotion | undefined {
    return this.byCode.get(code);
  }

  /** Whether the welcome code can be used now (the pages advertise it only then). */
  welcomeOfferOn(now = Date.now()): boolean {
    const welcome = this.byCode.get(WELCOME_OFFER_CODE);
    return welcome !== undefined && availability(welcome, now) === null;
  }

  all(): Promotion[] {
    return [...this.byCode.values()];
  }

  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** After a committed write to the table: read it again, here and on every other instance. */
  async changed(): Promise<void> {
    await this.refresh();
    const { changes } = this.services;
    await changes.publish(PROMOTION_TOPIC, changes.instanceId);
  }

  private refresh(): Promise<void> {
    const next = this.queue.then(() => this.reload());
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async reload() {
    const before = this.byCode;
    const after = new Map((await readPromotions(this.services.database.db)).map((p) => [p.code, p]));
    this.byCode = after;
    // `used` moves with every payment and is shown nowhere: it alone is no change.
    const shown = (promo: Promotion | undefined) => promo && JSON.stringify({ ...promo, used: 0 });
    const codes = [...new Set([...before.keys(), ...after.keys()])].filter(
      (code) => shown(before.get(code)) !== shown(after.get(code)),
    );
    if (codes.length > 0) for (const listener of this.listeners) listener(codes);
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
