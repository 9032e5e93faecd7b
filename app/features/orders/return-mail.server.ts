import { type MailContent, type MailRow, renderMail } from '#server/mail/layout';
import { returnReasonLabel } from '~/commerce/orders/returns';
import type { OrderView } from '~/commerce/orders/orders';
import { STORE } from '~/lib/store-info';
import type { ReturnView } from './returns.server';

/**
 * The mails of a return's decision (docs/decisions/0053): approved, with the return number and
 * how to send the parcel; refused, with staff's reason. Its refund sends the order's refund mail.
 */
const help = (number: string) =>
  `Questions? Call us at ${STORE.phone} or email ${STORE.supportEmail} and give your return number ${number}.`;

const RETURN_ADDRESS = [
  `${STORE.name} Returns`,
  STORE.address.street,
  `${STORE.address.city}, ${STORE.address.region} ${STORE.address.postalCode}`,
].join('\n');

function lineRows(ret: ReturnView): MailRow[] {
  return ret.lines.map((line) => ({ label: `${line.quantity} x ${line.name}`, value: 'To return' }));
}

/** The steps the shopper follows once a return is approved: in the mail and on the order page. */
export function returnInstructions(number: string): string[] {
  return [
    'Pack the items in their original packaging with all parts, accessories and documents.',
    `Write your return number ${number} clearly on the outside of the parcel.`,
    `Send it to:\n${RETURN_ADDRESS}`,
    'Keep the shipping receipt until your refund arrives. We refund within 5 business days of receiving the parcel.',
  ];
}

export function returnApprovedMail(order: OrderView, ret: ReturnView, orderUrl: string | null): MailContent {
  return {
    subject: `Your ${STORE.name} return ${ret.number} is approved`,
    ...renderMail(STORE, {
      title: 'Your return is approved',
      preheader: `Return ${ret.number} for order ${order.reference}: here is how to send it back.`,
      paragraphs: [
        `We have approved your return of items from order ${order.reference} (reason: ${returnReasonLabel(ret.reason)}).`,
        `Your return number is ${ret.number}.`,
        ...returnInstructions(ret.number),
      ],
      rows: lineRows(ret),
      action: orderUrl ? { label: 'View your order', url: orderUrl } : undefined,
      footnote: help(ret.number),
    }),
  };
}

export function returnRefusedMail(order: OrderView, ret: ReturnView, orderUrl: string | null): MailContent {
  return {
    subject: `About your ${STORE.name} return request for order ${order.reference}`,
    ...renderMail(STORE, {
      title: 'We cannot accept this return',
      preheader: `Your return request ${ret.number} for order ${order.reference} was not approved.`,
      paragraphs: [
        `We are sorry: we cannot accept your return request ${ret.number} for order ${order.reference}.`,
        `The reason: ${ret.refusalReason ?? 'not given'}`,
        'Please do not send these items back. If you think we have this wrong, contact us and we will look again.',
      ],
      rows: lineRows(ret),
      action: orderUrl ? { label: 'View your order', url: orderUrl } : undefined,
      footnote: help(ret.number),
    }),
  };
}
