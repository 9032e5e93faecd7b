import type { AppServices } from '#server/types';
import { productForPage, toCard } from './catalog';
import { CATALOGUE_SEED } from './catalog-seed';
import { Catalogue } from './catalog.server';
import type { Product } from './catalog.types';
import { hasCatalogue, readCategories, readProducts, seedCatalogue } from './catalogue-db.server';

/**
 * The storefront's read model of the catalogue (docs/decisions/0016): the tables read once at
 * start into an immutable Catalogue, which every page and API reads without a query. A change
 * (staff edit a product, a sale takes stock) re-reads the products it names, here and, through
 * the change channel, on every other instance sharing the database.
 */
export const CATALOGUE_TOPIC = 'catalogue_changes';

/** What a change did to the pages: which product pages differ, and whether any listing does. */
export interface CatalogueChange {
  /** Product pages to render again. */
  productIds: readonly string[];
  /** Cards differ (a listing, search, home or a related-products row shows them). */
  listings: boolean;
}

type Listener = (change: CatalogueChange) => void;

/** Products to read again in one refresh, and whether other instances are told. */
interface Batch {
  ids: Set<string> | 'all';
  publish: boolean;
  done: Promise<void>;
}

const MAX_PAYLOAD = 7_000;

/**
 * The change signal other instances read (parseMessage below): who sent it and which products
 * to read again. NOTIFY carries under 8000 bytes, so a change of very many products asks for a
 * full read instead.
 */
export function catalogueMessage(from: string, ids: readonly string[] | 'all'): string {
  const payload = JSON.stringify({ from, ids });
  return payload.length <= MAX_PAYLOAD ? payload : JSON.stringify({ from, ids: 'all' });
}

/** What a product page shows of a product (productForPage: the count only when it is low). */
const shownOnPage = (p: Product) => JSON.stringify(productForPage(p));

export class CatalogueStore {
  private snapshot: Catalogue;
  private readonly listeners = new Set<Listener>();
  /** Refreshes run one after another, so an older read never replaces a newer one. */
  private queue: Promise<unknown> = Promise.resolve();
  /** The refresh queued and not yet started, which later changes join. */
  private waiting: Batch | undefined;

  constructor(
    private readonly services: AppServices,
    initial: Catalogue,
  ) {
    this.snapshot = initial;
    // Changes announced while the listener was away were missed: read everything again.
    services.changes.onReconnect(() => {
      void this.refresh('all').catch((error: unknown) => {
        services.logger.error({ err: error }, 'catalogue: refresh after a reconnect failed');
      });
    });
    services.changes.subscribe(CATALOGUE_TOPIC, (payload) => {
      const message = parseMessage(payload);
      if (!message || message.from === services.changes.instanceId) return;
      void this.refresh(message.ids).catch((error: unknown) => {
        services.logger.error({ err: error }, 'catalogue: refresh after a change elsewhere failed');
      });
    });
  }

  /** The catalogue as of now: hold it for one request, not longer. */
  current(): Catalogue {
    return this.snapshot;
  }

  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * After a committed write to the catalogue tables: read the named products again (or
   * everything), here and on every other instance.
   */
  changed(ids: readonly string[] | 'all'): Promise<void> {
    return this.refresh(ids, true);
  }

  /**
   * Queues a read of these products. Changes that arrive while one is waiting its turn join
   * it: under a burst of payments (each taking stock) one read and one signal serve them all,
   * where one each rebuilt the whole catalogue per payment. Every caller's read still starts
   * after its call, so it sees the caller's committed write.
   */
  private refresh(ids: readonly string[] | 'all', publish = false): Promise<void> {
    const waiting = this.waiting;
    if (waiting) {
      if (ids === 'all' || waiting.ids === 'all') waiting.ids = 'all';
      else for (const id of ids) waiting.ids.add(id);
      waiting.publish ||= publish;
      return waiting.done;
    }
    const batch: Batch = { ids: ids === 'all' ? 'all' : new Set(ids), publish, done: Promise.resolve() };
    batch.done = this.queue.then(async () => {
      if (this.waiting === batch) this.waiting = undefined;
      const named = batch.ids === 'all' ? 'all' : [...batch.ids];
      await this.reload(named);
      if (!batch.publish) return;
      const { changes } = this.services;
      await changes.publish(CATALOGUE_TOPIC, catalogueMessage(changes.instanceId, named));
    });
    this.waiting = batch;
    this.queue = batch.done.catch(() => undefined);
    return batch.done;
  }

  private async reload(ids: readonly string[] | 'all') {
    const { db } = this.services.database;
    const before = this.snapshot;
    let after: Catalogue;
    if (ids === 'all') {
      const [categories, products] = await Promise.all([readCategories(db), readProducts(db)]);
      after = new Catalogue(products, categories);
    } else {
      const fresh = new Map((await readProducts(db, ids)).map((p) => [p.id, p]));
      const kept = before.products.filter((p) => !ids.includes(p.id) || fresh.has(p.id));
      const products = kept.map((p) => fresh.get(p.id) ?? p);
      // A product new to this instance: re-read the order from the table (rare: staff added it).
      const added = [...fresh.keys()].some((id) => !before.getProduct(id));
      after = added
        ? new Catalogue(await readProducts(db), before.categories)
        : new Catalogue(products, before.categories);
      after.keepVocabularyOf(before, ids);
    }
    this.snapshot = after;
    const change = difference(before, after, ids);
    if (change.productIds.length > 0 || change.listings) {
      for (const listener of this.listeners) listener(change);
    }
  }
}

function difference(before: Catalogue, after: Catalogue, ids: readonly string[] | 'all'): CatalogueChange {
  const names =
    ids === 'all' ? new Set([...before.products, ...after.products].map((p) => p.id)) : new Set(ids);
  const productIds: string[] = [];
  let listings = ids === 'all' && before.categories !== after.categories;
  for (const id of names) {
    const old = before.getProduct(id);
    const now = after.getProduct(id);
    if (!old || !now) {
      productIds.push(id);
      listings = true;
      continue;
    }
    if (shownOnPage(old) !== shownOnPage(now)) productIds.push(id);
    // A card's look, or where it is listed (staff's featured pick is not on the card).
    if (JSON.stringify(toCard(old)) !== JSON.stringify(toCard(now)) || old.isFeatured !== now.isFeatured) {
      listings = true;
    }
  }
  return { productIds, listings };
}

function parseMessage(payload: string): { from: string; ids: readonly string[] | 'all' } | undefined {
  try {
    const { from, ids } = JSON.parse(payload) as { from?: unknown; ids?: unknown };
    if (typeof from !== 'string') return undefined;
    if (ids === 'all') return { from, ids };
    if (Array.isArray(ids) && ids.every((id) => typeof id === 'string')) return { from, ids };
    return undefined;
  } catch {
    return undefined;
  }
}

declare module '#server/types' {
  interface FeatureServices {
    /** Set by openCatalogue while loading, then kept. */
    catalogueLoading: Promise<CatalogueStore>;
    catalogue: CatalogueStore;
  }
}

/**
 * The catalogue of these services, read from the database (seeded first when empty). Once per
 * services: every later call returns the same store.
 */
export function openCatalogue(services: AppServices): Promise<CatalogueStore> {
  const { features } = services;
  if (!features.catalogueLoading) {
    const loading = load(services);
    features.catalogueLoading = loading;
    loading.catch(() => {
      if (features.catalogueLoading === loading) delete features.catalogueLoading;
    });
  }
  return features.catalogueLoading;
}

/** The data files into the catalogue tables; returns how many products were added. */
export function seedFromDataFiles(db: AppServices['database']['db']): Promise<number> {
  return seedCatalogue(db, CATALOGUE_SEED);
}

async function load(services: AppServices) {
  const { db } = services.database;
  if (!(await hasCatalogue(db))) {
    const added = await seedFromDataFiles(db);
    services.logger.info({ products: added }, 'catalogue: empty database seeded');
  }
  const [categories, products] = await Promise.all([readCategories(db), readProducts(db)]);
  const store = new CatalogueStore(services, new Catalogue(products, categories));
  services.features.catalogue = store;
  return store;
}

/** The store opened for these services (server start opens it before the first request). */
export function catalogueStore(services: AppServices): CatalogueStore {
  const store = services.features.catalogue;
  if (!store) throw new Error('The catalogue is not loaded yet: openCatalogue(services) runs at start.');
  return store;
}

/** The catalogue as of now, for one request. */
export function catalogueOf(services: AppServices): Catalogue {
  return catalogueStore(services).current();
}
