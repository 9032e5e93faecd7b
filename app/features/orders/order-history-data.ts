import { addressSummary } from '~/commerce/delivery/address-book';
import type { OrderView } from '~/commerce/orders/orders';

/**
 * What the account's order history shows of an order, and all the loader sends of it: the
 * page's data is written into the page for hydration, and the whole order (its address, card,
 * totals and every line's codes and prices) was about half of the account page's data.
 */
export interface HistoryOrder extends Pick<
  OrderView,
  | 'reference'
  | 'status'
  | 'fulfilment'
  | 'refundedTotal'
  | 'total'
  | 'createdAt'
  | 'shippingOption'
  | 'shipment'
> {
  /** "Ship to {name, street, city}", or null for an order from before the store asked. */
  shipTo: string | null;
  items: { productId: string; name: string; quantity: number }[];
}

export function historyOrder(order: OrderView): HistoryOrder {
  const { reference, status, fulfilment, refundedTotal, total, createdAt, shippingOption, shipment } = order;
  return {
    reference,
    status,
    fulfilment,
    refundedTotal,
    total,
    createdAt,
    shippingOption,
    shipment,
    shipTo: order.address ? addressSummary(order.address) : null,
    items: order.items.map(({ productId, name, quantity }) => ({ productId, name, quantity })),
  };
}
