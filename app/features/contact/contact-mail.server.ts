import { type MailContent, renderMail } from '#server/mail/layout';
import { STORE } from '~/lib/store-info';

export interface ContactMessage {
  name: string;
  email: string;
  message: string;
}

/** To the staff inbox; the caller sets the sender as Reply-To, so answering reaches them. */
export function contactMessageMail({ name, email, message }: ContactMessage): MailContent {
  // A subject is one line: a name cannot add headers or lines to it.
  const oneLineName = name.replace(/\s+/g, ' ').trim().slice(0, 80);
  const subject = `Contact form message from ${oneLineName}`;
  return {
    subject,
    ...renderMail(STORE, {
      title: 'New message from the contact form',
      preheader: `${oneLineName} wrote to ${STORE.name}.`,
      paragraphs: [`From: ${name} <${email}>`, message],
      footnote: `Reply to this email to answer ${oneLineName} at ${email}.`,
    }),
  };
}
