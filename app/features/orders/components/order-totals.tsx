import { formatPrice } from '~/lib/money';
import type { OrderView } from '../orders';

type Props = {
  order: Pick<OrderView, 'subtotal' | 'shipping' | 'discount' | 'promoCode' | 'total'>;
  /** 'Total paid' on the confirmation, 'Total' in the history. */
  totalLabel: string;
  className?: string;
  totalClassName?: string;
};

/** An order's money as stored on the order: the one place its totals are laid out. */
export function OrderTotals({ order, totalLabel, className = '', totalClassName = 'font-bold' }: Props) {
  return (
    <dl className={`grid grid-cols-[1fr_auto] gap-y-1 [&>dd]:text-right ${className}`}>
      <dt>Subtotal</dt>
      <dd>{formatPrice(order.subtotal)}</dd>
      <dt>Shipping</dt>
      <dd>{order.shipping === 0 ? 'Free' : formatPrice(order.shipping)}</dd>
      {order.discount > 0 ? (
        <>
          <dt>Discount ({order.promoCode})</dt>
          <dd>-{formatPrice(order.discount)}</dd>
        </>
      ) : null}
      <dt className={totalClassName}>{totalLabel}</dt>
      <dd className={totalClassName}>{formatPrice(order.total)}</dd>
    </dl>
  );
}
