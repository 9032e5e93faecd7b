import { Link } from 'react-router';
import { hasReceipt, shopperStatusText, statusTone } from '~/commerce/order-states';
import { primaryButton } from '~/components/ui/button-styles';
import { formatPrice } from '~/commerce/money';
import { itemCount } from '~/commerce/cart-limits';
import { shippingOptionText } from '~/commerce/delivery/shipping-options';
import { type OrderView, receiptPath } from '~/commerce/orders/orders';
import type { HistoryOrder } from '../order-history-data';
import { formatOrderDate } from '~/commerce/orders/order-status';
import { OrderTracking } from './order-tracking';

/** The account's orders, newest first, each with a link to its details. */
export function OrderHistory({ orders }: { orders: HistoryOrder[] }) {
  if (orders.length === 0) {
    return (
      <>
        <p>You have not placed any orders yet.</p>
        <Link to="/category/featured" className={primaryButton}>
          Start shopping
        </Link>
      </>
    );
  }
  return (
    <ul className="divide-y divide-border border-y border-border">
      {orders.map((order) => (
        <li key={order.reference} className="flex flex-col gap-2 py-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 className="text-lg font-bold">
              <Link
                to={`/account/orders/${order.reference}`}
                className="text-brand underline underline-offset-2"
              >
                Order {order.reference}
              </Link>
            </h3>
            <p className="font-bold">{formatPrice(order.total)}</p>
          </div>
          <p className="text-muted">
            {formatOrderDate(order.createdAt)} · <StatusText order={order} /> ·{' '}
            {itemCount(order.items) === 1 ? '1 item' : `${itemCount(order.items)} items`}
          </p>
          <p className="text-sm break-words">
            {order.shipTo ? `Ship to ${order.shipTo} · ` : ''}
            {shippingOptionText(order.shippingOption)}
          </p>
          {order.shipment ? (
            <p className="text-sm">
              <OrderTracking order={order} />
            </p>
          ) : null}
          <ul className="text-sm">
            {order.items.map((item) => (
              <li key={item.productId}>
                {item.quantity} x {item.name}
              </li>
            ))}
          </ul>
          {hasReceipt(order) ? (
            <p className="text-sm">
              <a href={receiptPath(order.reference)} download className="font-bold text-brand underline">
                Download receipt (PDF)<span className="sr-only"> of {order.reference}</span>
              </a>
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function StatusText({ order }: { order: Pick<OrderView, 'status' | 'fulfilment' | 'refundedTotal'> }) {
  const tone = { done: 'text-success', good: 'text-success', bad: 'text-danger', plain: '' }[
    statusTone(order)
  ];
  return <span className={`font-bold ${tone}`}>{shopperStatusText(order)}</span>;
}
