import { type MailContent, renderMail } from '#server/mail/layout';
import { MEMBER_ROLES, type MemberRole } from '~/commerce/organisations/organisations';
import { STORE } from '~/lib/store-info';

/** The organisation's mails (docs/decisions/0055): staff's decision, and a member's invitation. */
const help = `Questions? Call us at ${STORE.phone} or email ${STORE.supportEmail}.`;

export function organisationApprovedMail(name: string, homeUrl: string): MailContent {
  return {
    subject: `Your ${STORE.name} organisation account for ${name} is approved`,
    ...renderMail(STORE, {
      title: 'Your organisation account is approved',
      preheader: `${name} can now buy with ${STORE.name}.`,
      paragraphs: [
        `We have approved the organisation account for ${name}.`,
        'You are its admin: invite the people who buy for it, and set their roles and spending limits.',
      ],
      action: { label: 'Open your organisation', url: homeUrl },
      footnote: help,
    }),
  };
}

export function organisationRefusedMail(name: string, reason: string): MailContent {
  return {
    subject: `About your ${STORE.name} organisation account for ${name}`,
    ...renderMail(STORE, {
      title: 'We cannot open this organisation account',
      preheader: `Your application for ${name} was not approved.`,
      paragraphs: [
        `We are sorry: we cannot open an organisation account for ${name}.`,
        `The reason: ${reason}`,
        'Your own account stays as it was: you can still buy for yourself.',
      ],
      footnote: help,
    }),
  };
}

export function organisationInvitationMail(input: {
  organisation: string;
  role: MemberRole;
  invitedBy: string;
  link: string;
  expiresAt: number;
}): MailContent {
  const until = new Date(input.expiresAt).toUTCString();
  return {
    subject: `${input.invitedBy} invites you to buy for ${input.organisation} at ${STORE.name}`,
    ...renderMail(STORE, {
      title: `Join ${input.organisation}`,
      preheader: `You are invited as ${MEMBER_ROLES[input.role].toLowerCase()}.`,
      paragraphs: [
        `${input.invitedBy} invites you to join ${input.organisation} as ${MEMBER_ROLES[input.role].toLowerCase()}.`,
        'Open the link, then sign in, or create an account, with this email address to accept.',
        `The link works once, until ${until}.`,
      ],
      action: { label: 'Accept the invitation', url: input.link },
      footnote: `Not expecting this? Ignore this mail: nothing happens. ${help}`,
    }),
  };
}
