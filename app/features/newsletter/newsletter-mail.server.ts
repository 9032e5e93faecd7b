import { type MailContent, renderMail } from '#server/mail/layout';
import { STORE } from '~/lib/store-info';

export interface NewsletterLinks {
  confirmUrl: string;
  unsubscribeUrl: string;
  expiresInDays: number;
}

export function newsletterConfirmMail({
  confirmUrl,
  unsubscribeUrl,
  expiresInDays,
}: NewsletterLinks): MailContent {
  const subject = 'Confirm your newsletter subscription';
  return {
    subject,
    ...renderMail(STORE, {
      title: subject,
      preheader: `One click to start receiving the ${STORE.name} newsletter.`,
      paragraphs: [
        'Hello,',
        `Thank you for signing up for the ${STORE.name} newsletter. Please confirm that this is your email address and that you want to receive news and offers from us.`,
      ],
      action: { label: 'Confirm subscription', url: confirmUrl },
      footnote: `If you did not sign up, you can ignore this email: we will not send you our newsletter unless you confirm. The link expires in ${expiresInDays} days.`,
      links: [{ label: 'Unsubscribe', url: unsubscribeUrl }],
    }),
  };
}
