import { type MailContent, renderMail } from '#server/mail/layout';
import { STORE } from '~/lib/store-info';

/** Sent to the address of an account just deleted: the last mail it gets from us. */
export function accountDeletedMail({
  firstName,
  ordersKept,
}: {
  firstName: string;
  ordersKept: number;
}): MailContent {
  const subject = `Your ${STORE.name} account was deleted`;
  const name = firstName.trim();
  return {
    subject,
    ...renderMail(STORE, {
      title: subject,
      preheader: 'Your account and the personal data it held are gone.',
      paragraphs: [
        name ? `Hi ${name},` : 'Hello,',
        `As you asked, we deleted your ${STORE.name} account: your profile, sign-in methods, addresses, wishlist, saved cart, newsletter subscription, reviews and messages to us.`,
        ordersKept > 0
          ? `The law asks us to keep records of sales, so your ${ordersKept === 1 ? 'order stays' : `${ordersKept} orders stay`} in our books without your name, street address, phone number or email.`
          : 'You had no orders with us, so nothing about you is kept.',
        `If you did not ask for this, call us at ${STORE.phone} or email ${STORE.supportEmail} right away.`,
      ],
    }),
  };
}
