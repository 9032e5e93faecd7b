import { type MailContent, type MailRow, renderMail } from '#server/mail/layout';
import { STATUS } from '~/commerce/order-states';
import { formatPrice } from '~/commerce/money';
import { totalsTextRows } from '~/commerce/totals-rows';
import { STORE } from '~/lib/store-info';
import { addressLines } from '../delivery/address-book';
import { shippingOptionText } from '../delivery/shipping-options';
import { formatOrderDate } from './order-status';
import { authorizedPaymentText, type OrderView, paymentDescription } from './orders';

export const RECEIPT_LABEL = 'Download your itemised receipt (PDF) for your HSA or FSA';

/** The confirmation sent when an order is paid: what was bought, what it cost, what comes next. */
export function orderConfirmationMail(
  order: OrderView,
  links: { orderUrl: string | null; receiptUrl: string },
): MailContent {
  const { orderUrl, receiptUrl } = links;
  const subject = `Your ${STORE.name} order ${order.reference}`;
  const rows: MailRow[] = order.items.map((item) => ({
    label: `${item.quantity} x ${item.name}`,
    value: formatPrice(item.lineTotal),
  }));
  // The same rows, labels and order as the pages and the receipt PDF.
  rows.push(...totalsTextRows(order));
  // Authorised only, while its prescription is reviewed: no receipt until the card is charged.
  const authorized = order.status === STATUS.authorized;
  const total = formatPrice(order.total);
  const delivery = [
    ...(order.address ? ['Shipping to:', ...addressLines(order.address)] : []),
    `Shipping: ${shippingOptionText(order.shippingOption)}`,
  ].join('\n');
  return {
    subject,
    ...renderMail(STORE, {
      title: 'Thank you for your order',
      preheader: authorized
        ? `Order ${order.reference}: ${total}, authorised. We charge your card once your prescription is approved.`
        : `Order ${order.reference}: ${total}, paid. We will prepare it for shipping soon.`,
      paragraphs: [
        authorized
          ? `We have received your order ${order.reference} placed on ${formatOrderDate(order.createdAt)}. ${authorizedPaymentText(order, total)}`
          : `We have received your order ${order.reference} placed on ${formatOrderDate(order.createdAt)}, and your payment of ${total} (${paymentDescription(order)}) was successful.`,
        delivery,
        authorized
          ? 'Our team reviews prescriptions within one business day. Once yours is approved, your order ships in 1-2 business days.'
          : 'Most orders ship in 1-2 business days. We will email you when yours is on its way.',
      ],
      rows,
      // A guest has no order page: the receipt is their button (once there is one).
      action: orderUrl
        ? { label: 'View your order', url: orderUrl }
        : authorized
          ? undefined
          : { label: RECEIPT_LABEL, url: receiptUrl },
      links: orderUrl && !authorized ? [{ label: RECEIPT_LABEL, url: receiptUrl }] : [],
      footnote: `Questions about your order? Call us at ${STORE.phone} or email ${STORE.supportEmail} and give your order reference ${order.reference}.`,
    }),
  };
}
