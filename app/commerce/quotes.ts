import type { QuoteStatus } from '#server/db/schema';
import type { ShopSettings } from './shop-settings';
import { shippingOffers } from './delivery/shipping-options';
import { rateTableTaxService } from './delivery/sales-tax';
import type { UsStateCode } from './delivery/us-states';
import { type OrderTotals, orderTotals } from './totals';
import type { ShippingOption } from './shipping';

/**
 * Quotes (docs/decisions/0059): the words the quotes feature and the payment step share, and the
 * pricing of a quote's lines beside the checkout's `quoteOrder`: the same `orderTotals`, shipping
 * offers and state rates, with staff's unit prices in place of the catalogue's and no promotion.
 */
export type { QuoteStatus };

export const QUOTE_STATUSES: Record<QuoteStatus, string> = {
  requested: 'Waiting for our prices',
  answered: 'Priced: waiting for your answer',
  accepted: 'Accepted',
  expired: 'Expired',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

/** The most units of one product a quote may ask for (a cart line holds far fewer). */
export const MAX_QUOTE_QUANTITY = 9999;

/** Q- and six of the order references' letters and digits (no 0/O, 1/I/L). */
export const isQuoteReference = (value: string): boolean => /^Q-[2-9A-HJKMNP-Z]{6}$/.test(value);

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'America/New_York' });

/**
 * The last day a quote holds, in the store's time zone ("December 5, 2026"): it expires at the
 * end of that day, so the moment of expiry itself falls on the next.
 */
export function quoteExpiryDate(expiresAt: number): string {
  return day.format(new Date(expiresAt - 1));
}

/** A line as priced for the totals: staff's unit price, and how the product is taxed and shipped. */
export interface QuotedLine {
  unitPrice: number;
  quantity: number;
  taxExempt: boolean;
  freightOnly: boolean;
  hsaFsaEligible: boolean;
}

export interface QuotedTotals extends OrderTotals {
  shippingOption: ShippingOption;
}

/**
 * A quote's totals as checkout would work them out for these lines: the quoted subtotal, the
 * first shipping option the cart is offered (free-shipping thresholds apply to the quoted
 * subtotal), and the state's rate on the taxable lines.
 */
export async function quotedTotals(
  settings: ShopSettings,
  lines: readonly QuotedLine[],
  state: UsStateCode,
  /** An organisation's verified exemption certificate for the state: no sales tax. */
  exempt = false,
): Promise<QuotedTotals> {
  const priced = lines.map((line) => ({ ...line, lineTotal: line.unitPrice * line.quantity }));
  const subtotal = priced.reduce((sum, line) => sum + line.lineTotal, 0);
  const offer = shippingOffers(
    {
      subtotal,
      itemCount: priced.reduce((sum, line) => sum + line.quantity, 0),
      freeShippingCode: false,
      freight: priced.some((line) => line.freightOnly),
    },
    settings.shipping,
  )[0];
  const totals = orderTotals({
    lines: priced.map((line) => ({
      lineTotal: line.lineTotal,
      quantity: line.quantity,
      taxExempt: line.taxExempt,
      hsaFsaEligible: line.hsaFsaEligible,
    })),
    percentOff: 0,
    shipping: offer?.price ?? 0,
    taxRate: exempt ? 0 : await rateTableTaxService(settings.taxRates).rate(state),
  });
  return { ...totals, shippingOption: offer?.option ?? 'standard' };
}
