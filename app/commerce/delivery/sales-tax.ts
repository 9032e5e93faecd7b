import { salesTax } from '~/commerce/totals';
import type { UsStateCode } from './us-states';

/**
 * Sales tax by the destination state. The rates are shop settings (docs/decisions/0051), seeded
 * (migration 0101) with this table. What is kept here is each state's base (statewide) rate,
 * as listed in the Tax Foundation's "State and Local Sales Tax Rates, 2025" (January 2025),
 * with territories at their territory-wide rate (Puerto Rico's IVU state part; the others levy
 * none on retail sales). Local rates (county, city, district) are not in it: a tax service that
 * knows them plugs in behind `TaxService` without the checkout changing.
 *
 * Rates are in thousandths of a percent (7.25 % is 7250), so every published rate is a whole
 * number. Tax is worked out once per order on its taxable amount and rounded to the cent.
 */
export const BASE_RATES: Readonly<Record<UsStateCode, number>> = {
  AL: 4000,
  AK: 0,
  AZ: 5600,
  AR: 6500,
  CA: 7250,
  CO: 2900,
  CT: 6350,
  DE: 0,
  DC: 6000,
  FL: 6000,
  GA: 4000,
  HI: 4000,
  ID: 6000,
  IL: 6250,
  IN: 7000,
  IA: 6000,
  KS: 6500,
  KY: 6000,
  LA: 5000,
  ME: 5500,
  MD: 6000,
  MA: 6250,
  MI: 6000,
  MN: 6875,
  MS: 7000,
  MO: 4225,
  MT: 0,
  NE: 5500,
  NV: 6850,
  NH: 0,
  NJ: 6625,
  NM: 4875,
  NY: 4000,
  NC: 4750,
  ND: 5000,
  OH: 5750,
  OK: 4500,
  OR: 0,
  PA: 6000,
  RI: 7000,
  SC: 6000,
  SD: 4200,
  TN: 7000,
  TX: 6250,
  UT: 6100,
  VT: 6000,
  VA: 5300,
  WA: 6500,
  WV: 6000,
  WI: 5000,
  WY: 4000,
  AS: 0,
  GU: 0,
  MP: 0,
  PR: 10500,
  VI: 0,
};

export interface TaxLine {
  /** What the line costs, in cents (unit price x quantity). */
  amount: number;
  /** Exempt products (flagged in the catalogue) carry no tax. */
  taxExempt: boolean;
}

export interface TaxRequest {
  state: UsStateCode;
  lines: readonly TaxLine[];
  /** An order discount, shared over the lines in proportion to their amounts. */
  discount: number;
}

export interface TaxQuote {
  /** Thousandths of a percent. */
  rate: number;
  /** Cents the rate applies to: taxable lines less their share of the discount. */
  taxable: number;
  /** Cents. */
  tax: number;
}

/**
 * Where the checkout gets its tax rate: this table now, a tax service (with local rates) later.
 * It answers a rate only: the tax itself is worked out with the other totals (app/commerce/totals.ts).
 */
export interface TaxService {
  rate(state: UsStateCode): Promise<number>;
}

/** The base state rate's tax on a cart; the arithmetic is the commerce core's `salesTax`. */
export function baseRateTax({ state, lines, discount }: TaxRequest): TaxQuote {
  const rate = BASE_RATES[state];
  const { taxable, tax } = salesTax(
    lines.map((line) => ({ lineTotal: line.amount, taxExempt: line.taxExempt })),
    discount,
    rate,
  );
  return { rate, taxable, tax };
}

export const baseRateTaxService: TaxService = {
  rate: async (state) => BASE_RATES[state],
};

/** The rates staff set in the console (the shop settings; BASE_RATES is what they were seeded with). */
export function rateTableTaxService(rates: Readonly<Record<UsStateCode, number>>): TaxService {
  return { rate: async (state) => rates[state] };
}
