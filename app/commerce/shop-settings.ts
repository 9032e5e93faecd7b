import type { UsStateCode } from './delivery/us-states';
import type { ShippingSettings } from './shipping';

/**
 * The shop's settings that price an order (docs/decisions/0051): the shipping options and the
 * sales tax rate of each state (thousandths of a percent). Staff edit them in the console; the
 * server holds them in memory (shop-settings-store.server.ts) and hands them to the pure rules.
 */
export interface ShopSettings {
  shipping: ShippingSettings;
  taxRates: Readonly<Record<UsStateCode, number>>;
  /** The store as a supplier on insurance statements (docs/decisions/0063); null until entered. */
  supplier: SupplierSettings;
}

export interface SupplierSettings {
  /** The store's 10-digit NPI (the same check as a prescriber's). */
  npi: string | null;
  /** The store's employer identification number, NN-NNNNNNN. */
  taxId: string | null;
}
