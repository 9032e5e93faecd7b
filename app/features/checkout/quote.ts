import type { ShippingOffer, ShippingOption } from '../delivery/shipping-options';
import type { UsStateCode } from '../delivery/us-states';
import type { OrderLine } from '../orders/orders';

/**
 * What an order will cost, as the server works it out: the cart's summary, the checkout dialog
 * and the stored order all show these figures, never ones the browser computed. Cents.
 */
export interface OrderQuote {
  itemCount: number;
  subtotal: number;
  discount: number;
  /** The promotion that applies, or null (none entered, or its terms are not met). */
  promoCode: string | null;
  /** Why an entered code gives no discount ('BESTSAVE10 applies when you buy two or more items.'). */
  promoMessage: string | null;
  /** What the cart may choose from (a freight cart: Standard freight only). */
  offers: ShippingOffer[];
  shippingOption: ShippingOption | null;
  shipping: number;
  /** Known once the destination state is: until then no tax line is shown. */
  state: UsStateCode | null;
  taxRate: number | null;
  tax: number | null;
  total: number;
  /** Products in the cart that ship by freight (the cart says so). */
  freightItems: string[];
  /** What an HSA or FSA card may pay: the eligible lines (with a letter or not), before discount. */
  hsaFsaSubtotal: number;
}

/** The sum of the HSA/FSA-eligible lines, those needing a letter of medical necessity included. */
export function hsaFsaSubtotal(lines: readonly Pick<OrderLine, 'lineTotal' | 'hsaFsa'>[]): number {
  return lines.reduce((sum, line) => (line.hsaFsa === 'not-eligible' ? sum : sum + line.lineTotal), 0);
}
