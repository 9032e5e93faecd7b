import { type MailContent, renderMail } from '#server/mail/layout';
import { formatPrice } from '~/commerce/money';
import { STORE } from '~/lib/store-info';
import { RECEIPT_LABEL } from '~/commerce/orders/order-mail.server';
import { type OrderView, paymentDescription } from '~/commerce/orders/orders';

/** The buyer hears of the review either way: approved (charged, with the receipt) or not (nothing charged, why). */
const help = (reference: string) =>
  `Questions? Call us at ${STORE.phone} or email ${STORE.supportEmail} and give your order reference ${reference}.`;

export function prescriptionApprovedMail(
  order: OrderView,
  links: { orderUrl: string | null; receiptUrl: string },
): MailContent {
  const total = formatPrice(order.total);
  return {
    subject: `Your prescription for ${STORE.name} order ${order.reference} is approved`,
    ...renderMail(STORE, {
      title: 'Your prescription is approved',
      preheader: `Order ${order.reference} is paid (${total}) and will ship soon.`,
      paragraphs: [
        `Our team has approved the prescription for your order ${order.reference}. We have now charged ${total} to ${paymentDescription(order)}.`,
        'Most orders ship in 1-2 business days. We will email you when yours is on its way.',
      ],
      action: links.orderUrl
        ? { label: 'View your order', url: links.orderUrl }
        : { label: RECEIPT_LABEL, url: links.receiptUrl },
      links: links.orderUrl ? [{ label: RECEIPT_LABEL, url: links.receiptUrl }] : [],
      footnote: help(order.reference),
    }),
  };
}

export function prescriptionRejectedMail(
  order: OrderView,
  reason: string,
  orderUrl: string | null,
): MailContent {
  return {
    subject: `We could not accept the prescription for ${STORE.name} order ${order.reference}`,
    ...renderMail(STORE, {
      title: 'We could not accept your prescription',
      preheader: `Order ${order.reference} is cancelled. You have not been charged.`,
      paragraphs: [
        `Our team could not accept the prescription for your order ${order.reference}, so we have cancelled the order. Your card was not charged: the authorisation of ${formatPrice(order.total)} has been released (your bank may take a few days to show it).`,
        `The reason: ${reason}`,
        `You are welcome to order again with a new prescription, or ask your prescriber to contact us at ${STORE.phone}.`,
      ],
      action: orderUrl ? { label: 'View your order', url: orderUrl } : undefined,
      footnote: help(order.reference),
    }),
  };
}
