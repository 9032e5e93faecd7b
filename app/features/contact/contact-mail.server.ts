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

/** A member of staff's answer, from the console, to the person who wrote; their message quoted. */
export function contactReplyMail({
  name,
  reply,
  original,
  staffName,
}: {
  name: string;
  reply: string;
  original: string;
  staffName: string;
}): MailContent {
  const subject = `Re: your message to ${STORE.name}`;
  const oneLineName = name.replace(/\s+/g, ' ').trim().slice(0, 80);
  return {
    subject,
    ...renderMail(STORE, {
      title: `An answer from ${STORE.name}`,
      preheader: reply.replace(/\s+/g, ' ').slice(0, 90),
      paragraphs: [`Hello ${oneLineName},`, reply, `${staffName}, ${STORE.name} customer support`],
      footnote: `You wrote: ${original}`,
    }),
  };
}
