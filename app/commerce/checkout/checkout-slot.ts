import type { CartLine } from '~/commerce/cart/cart';
import type { PaymentMethod } from '~/commerce/checkout/checkout';
import type { Destination } from '~/commerce/delivery/address-book';
import type { ShippingChoice } from '~/commerce/delivery/shipping-options';

/**
 * The checkout dialog the cart opens: the checkout's, handed in by the route (a slot), so the
 * cart does not import the checkout, which builds on the cart.
 */
export interface CheckoutDialogSlotProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  lines: readonly CartLine[];
  account: boolean;
  paymentMethod: PaymentMethod;
  promoCode: string | null;
  /** An organisation member's purchase order number, if given. */
  poNumber: string | null;
  shipping: ShippingChoice;
  destination: Destination;
  /** The session call has settled (the cart's button stops saying 'Processing...'). */
  onSettled: () => void;
  /** A paid order: the cart empties itself (device and account). */
  onPurchased: () => Promise<void>;
}
