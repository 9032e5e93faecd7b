import { formatPrice } from '~/commerce/money';
import { formatRate } from '../../delivery/sales-tax';
import {
  SHIPPING_OPTION_NAMES,
  type ShippingOption,
  shippingPriceText,
} from '../../delivery/shipping-options';

/** The figures of an order, a payment session or the cart's quote: all worked out by the server. */
export interface TotalsFigures {
  subtotal: number;
  discount: number;
  promoCode: string | null;
  shipping: number;
  shippingOption: ShippingOption | null;
  /** Null until the destination state is known: no tax line then. */
  tax: number | null;
  taxRate: number | null;
  total: number;
}

type Props = {
  order: TotalsFigures;
  /** 'Total paid' on the confirmation, 'Total' elsewhere. */
  totalLabel: string;
  /** The cart's line count: 'Subtotal (3 items)'. */
  itemCount?: number;
  className?: string;
  totalClassName?: string;
};

const items = (n: number) => (n === 1 ? '1 item' : `${n} items`);

/**
 * An order's money, the one place its lines are laid out: the cart, the payment dialog, the
 * confirmation page and the order history show the same lines in the same order.
 */
export function OrderTotals({
  order,
  totalLabel,
  itemCount,
  className = '',
  totalClassName = 'font-bold',
}: Props) {
  return (
    <dl className={`grid grid-cols-[1fr_auto] gap-y-1 [&>dd]:pl-4 [&>dd]:text-right ${className}`}>
      <dt>Subtotal{itemCount === undefined ? '' : ` (${items(itemCount)})`}</dt>
      <dd>{formatPrice(order.subtotal)}</dd>
      {order.discount > 0 ? (
        <>
          <dt>Discount ({order.promoCode})</dt>
          <dd className="text-success">-{formatPrice(order.discount)}</dd>
        </>
      ) : null}
      <dt>Shipping{order.shippingOption ? ` (${SHIPPING_OPTION_NAMES[order.shippingOption]})` : ''}</dt>
      <dd>{shippingPriceText(order.shipping)}</dd>
      {order.tax !== null && order.taxRate !== null ? (
        <>
          <dt>Sales tax ({formatRate(order.taxRate)})</dt>
          <dd>{formatPrice(order.tax)}</dd>
        </>
      ) : null}
      <dt className={totalClassName}>{totalLabel}</dt>
      <dd className={totalClassName}>{formatPrice(order.total)}</dd>
    </dl>
  );
}
