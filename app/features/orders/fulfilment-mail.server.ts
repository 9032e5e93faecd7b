import { type MailContent, type MailRow, renderMail } from '#server/mail/layout';
import { STATUS } from '~/commerce/order-states';
import { formatPrice } from '~/commerce/money';
import { STORE } from '~/lib/store-info';
import { addressLines } from '~/commerce/delivery/address-book';
import type { OrderView } from '~/commerce/orders/orders';

/**
 * The mails of an order's way after payment: shipped (with the tracking link), refunded and
 * cancelled. `orderUrl` is the order's page for an account's order (links from APP_URL), null
 * for a guest's.
 */
const help = (reference: string) =>
  `Questions? Call us at ${STORE.phone} or email ${STORE.supportEmail} and give your order reference ${reference}.`;

function itemRows(order: OrderView): MailRow[] {
  return order.items.map((item) => ({
    label: `${item.quantity} x ${item.name}`,
    value: formatPrice(item.lineTotal),
  }));
}

export function orderShippedMail(order: OrderView, orderUrl: string | null): MailContent {
  const shipment = order.shipment;
  const tracking = shipment
    ? `${shipment.carrier} tracking number: ${shipment.trackingNumber}`
    : 'Your parcel is on its way.';
  const links = shipment?.trackingUrl
    ? [{ label: `Track your parcel with ${shipment.carrier}`, url: shipment.trackingUrl }]
    : [];
  return {
    subject: `Your ${STORE.name} order ${order.reference} has shipped`,
    ...renderMail(STORE, {
      title: 'Your order is on its way',
      preheader: `Order ${order.reference} has shipped. ${tracking}.`,
      paragraphs: [
        `Good news: your order ${order.reference} has left our warehouse.`,
        tracking,
        ...(order.address ? [['Shipping to:', ...addressLines(order.address)].join('\n')] : []),
      ],
      rows: itemRows(order),
      action: links[0] ?? (orderUrl ? { label: 'View your order', url: orderUrl } : undefined),
      links: links.length > 0 && orderUrl ? [{ label: 'View your order', url: orderUrl }] : undefined,
      footnote: help(order.reference),
    }),
  };
}

export function orderRefundedMail(
  order: OrderView,
  refund: { amount: number; lines: { name: string; quantity: number }[] },
  orderUrl: string | null,
): MailContent {
  const whole = order.status === STATUS.refunded;
  const rows: MailRow[] = refund.lines.map((line) => ({
    label: `${line.quantity} x ${line.name}`,
    value: 'Refunded',
  }));
  rows.push({ label: 'Refund', value: formatPrice(refund.amount), strong: true });
  return {
    subject: `Refund for your ${STORE.name} order ${order.reference}`,
    ...renderMail(STORE, {
      title: whole ? 'Your order has been refunded' : 'Part of your order has been refunded',
      preheader: `${formatPrice(refund.amount)} is on its way back to you.`,
      paragraphs: [
        `We have refunded ${formatPrice(refund.amount)} for your order ${order.reference}.`,
        'The money goes back to the card or bank account you paid with. Depending on your bank, it can take 5 to 10 business days to appear on your statement.',
      ],
      rows,
      action: orderUrl ? { label: 'View your order', url: orderUrl } : undefined,
      footnote: help(order.reference),
    }),
  };
}

export function orderCancelledMail(order: OrderView, orderUrl: string | null): MailContent {
  return {
    subject: `Your ${STORE.name} order ${order.reference} has been cancelled`,
    ...renderMail(STORE, {
      title: 'Your order has been cancelled',
      preheader: `Order ${order.reference} was cancelled. You have not been charged for it.`,
      paragraphs: [
        `Your order ${order.reference} has been cancelled. It was not paid, so you have not been charged for it.`,
        'If you still need these items, you are welcome to place a new order from your cart.',
      ],
      rows: itemRows(order),
      action: orderUrl ? { label: 'View your order', url: orderUrl } : undefined,
      footnote: help(order.reference),
    }),
  };
}
