import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import { SharedSnapshot } from '#server/realtime/shared-snapshot';
import type { AppServices } from '#server/types';
import { US_STATE_CODES, type UsStateCode } from './delivery/us-states';
import {
  SHIPPING_CARTS,
  SHIPPING_OPTIONS,
  type ShippingCarts,
  type ShippingOptionSetting,
  type ShippingSettings,
} from './shipping';
import type { ShopSettings } from './shop-settings';

/**
 * The shop settings' read model (docs/decisions/0051), like the catalogue's (ADR 0016): read
 * once at start, so a quote never queries them; read again after a change, here and, through
 * the change channel, on every other instance sharing the database.
 */
export const SHOP_SETTINGS_TOPIC = 'shop_settings_changes';

/** What a change touched: the page cache drops every page when the shipping texts may differ. */
export interface ShopSettingsChange {
  shipping: boolean;
  taxRates: boolean;
  supplier: boolean;
}

type Db = Kysely<DatabaseSchema>;

export async function readShopSettings(db: Db): Promise<ShopSettings> {
  const [shippingRows, rateRows, supplierRow] = await Promise.all([
    db.selectFrom('shipping_settings').selectAll().execute(),
    db.selectFrom('tax_rates').select(['state', 'rate']).execute(),
    db.selectFrom('supplier_settings').select(['npi', 'tax_id']).where('id', '=', 'store').executeTakeFirst(),
  ]);
  const shipping = {} as Record<string, ShippingOptionSetting>;
  for (const option of SHIPPING_OPTIONS) {
    const row = shippingRows.find((r) => r.option === option);
    const carts = SHIPPING_CARTS.find((c) => c === row?.carts);
    if (!row || !carts)
      throw new Error(`shop settings: the ${option} shipping option is missing or malformed`);
    shipping[option] = {
      name: row.name,
      price: Number(row.price_cents),
      days: row.days,
      freeFrom: row.free_from_cents === null ? null : Number(row.free_from_cents),
      carts: carts satisfies ShippingCarts,
    };
  }
  const taxRates = {} as Record<UsStateCode, number>;
  for (const state of US_STATE_CODES) {
    const row = rateRows.find((r) => r.state === state);
    if (!row) throw new Error(`shop settings: no tax rate for ${state}`);
    taxRates[state] = Number(row.rate);
  }
  const supplier = { npi: supplierRow?.npi ?? null, taxId: supplierRow?.tax_id ?? null };
  return { shipping: shipping as ShippingSettings, taxRates, supplier };
}

export class ShopSettingsStore extends SharedSnapshot<ShopSettings, ShopSettingsChange> {
  constructor(services: AppServices, initial: ShopSettings) {
    super(
      services,
      {
        name: 'shop settings',
        topic: SHOP_SETTINGS_TOPIC,
        read: () => readShopSettings(services.database.db),
        diff: (before, after) => {
          const change = {
            shipping: JSON.stringify(before.shipping) !== JSON.stringify(after.shipping),
            taxRates: JSON.stringify(before.taxRates) !== JSON.stringify(after.taxRates),
            supplier: JSON.stringify(before.supplier) !== JSON.stringify(after.supplier),
          };
          return change.shipping || change.taxRates || change.supplier ? change : null;
        },
      },
      initial,
    );
  }
}

declare module '#server/types' {
  interface FeatureServices {
    shopSettings: ShopSettingsStore;
  }
}

/** Reads the settings into these services' store (server start, before the first request). */
export async function openShopSettings(services: AppServices): Promise<ShopSettingsStore> {
  const existing = services.features.shopSettings;
  if (existing) return existing;
  const store = new ShopSettingsStore(services, await readShopSettings(services.database.db));
  // Two concurrent opens: the first one kept wins, so every caller shares one store.
  services.features.shopSettings ??= store;
  return services.features.shopSettings;
}

export function shopSettingsStore(services: AppServices): ShopSettingsStore {
  const store = services.features.shopSettings;
  if (!store)
    throw new Error('The shop settings are not loaded yet: openShopSettings(services) runs at start.');
  return store;
}

/** The settings as of now, for one request. */
export function shopSettingsOf(services: AppServices): ShopSettings {
  return shopSettingsStore(services).current();
}
