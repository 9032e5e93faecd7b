import type { LineItem } from '~/commerce/cart/cart.schema';
import type { ShippingChoice } from '~/commerce/delivery/shipping-options';
import type { UsStateCode } from '~/commerce/delivery/us-states';
import type { OrderLine } from '~/commerce/orders/orders';
import type { ShippingOption } from '~/commerce/shipping';
import type { OrderTotals } from '~/commerce/totals';

/**
 * How a refill cycle is priced (docs/decisions/0065): by the checkout's own quote, with the
 * plan's lines in place of a cart, its shipping option and the tax to its address. The checkout
 * feature provides it (app/features/checkout/refill-pricing.server.ts); the composition root
 * hands it to the scheduler, which as shared code imports no feature.
 */
export interface RefillPriceRequest {
  user: { id: string; email: string };
  items: LineItem[];
  shipping: ShippingChoice;
  state: UsStateCode;
}

export type RefillPrice =
  | (OrderTotals & {
      ok: true;
      lines: OrderLine[];
      shippingOption: ShippingOption;
      taxCertificate: string | null;
    })
  /** Not sold as asked: out of stock (the cycle waits), or gone from the catalogue. */
  | { ok: false; outOfStock: boolean; message: string };

export interface RefillPricing {
  price(request: RefillPriceRequest): Promise<RefillPrice>;
  /** A product as the catalogue has it now (undefined when it is no longer sold). */
  product(productId: string): { name: string; price: number; prescriptionRequired: boolean } | undefined;
}
