import type { OrderTotals } from '~/commerce/totals';
import type { ShippingOffer } from '../delivery/shipping-options';
import type { ShippingOption } from '~/commerce/shipping';
import type { UsStateCode } from '../delivery/us-states';

/**
 * What an order will cost, as the server works it out: the cart's summary, the checkout dialog
 * and the stored order all show these figures, never ones the browser computed. Cents.
 */
export interface OrderQuote extends OrderTotals {
  /** The promotion that applies, or null (none entered, or its terms are not met). */
  promoCode: string | null;
  /** Why an entered code gives no discount ('BESTSAVE10 applies when you buy two or more items.'). */
  promoMessage: string | null;
  /** What the cart may choose from (a freight cart: Standard freight only). */
  offers: ShippingOffer[];
  shippingOption: ShippingOption | null;
  /** Known once the destination state is: until then no tax line is shown. */
  state: UsStateCode | null;
  /** Products in the cart that ship by freight (the cart says so). */
  freightItems: string[];
  /** The organisation's tax exemption certificate the order carries no sales tax under, or null. */
  taxCertificate: string | null;
}
