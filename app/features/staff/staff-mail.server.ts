import { type MailContent, renderMail } from '#server/mail/layout';
import { STORE } from '~/lib/store-info';
import { SET_PASSWORD_LINK_HOURS } from './staff-accounts.server';

/** An admin asked this person to help run the store: set a password, then turn on two-factor. */
export function staffInviteMail(invite: {
  firstName: string;
  role: 'staff' | 'admin';
  link: string;
}): MailContent {
  const role = invite.role === 'admin' ? 'an administrator' : 'a member of staff';
  return {
    subject: `You have been added to the ${STORE.name} store console`,
    ...renderMail(STORE, {
      title: `Welcome to the ${STORE.name} team`,
      preheader: 'Set your password to open the store console.',
      paragraphs: [
        `Hello ${invite.firstName}, you have been added to the ${STORE.name} store console as ${role}.`,
        `Set your password with the button below (the link works once, for ${SET_PASSWORD_LINK_HOURS} hours). Then sign in and turn on two-factor authentication in My Account: the console opens after that.`,
      ],
      action: { label: 'Set your password', url: invite.link },
      footnote: 'If you did not expect this, you can ignore this email.',
    }),
  };
}
