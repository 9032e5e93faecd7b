import { type MailContent, renderMail } from '#server/mail/layout';
import { stateName, type UsStateCode } from '~/commerce/delivery/us-states';
import { formatDay } from '~/commerce/organisations/tax-exemption';
import { STORE } from '~/lib/store-info';

/**
 * The mails to an organisation's admins about its tax exemption certificates
 * (docs/decisions/0057): verified, refused with staff's reason, and expiring in 30 days.
 */
export interface CertificateMailInput {
  organisationName: string;
  state: string;
  number: string | null;
  expiresOn: string | null;
  refusalReason: string | null;
  /** The organisation's tax exemption page. */
  pageUrl: string;
}

const stateOf = (code: string) => stateName(code as UsStateCode);
const help = `Questions? Call us at ${STORE.phone} or email ${STORE.supportEmail}.`;
const action = (url: string) => ({ label: 'See your certificates', url });

export function certificateVerifiedMail(input: CertificateMailInput): MailContent {
  const expires = input.expiresOn ? formatDay(input.expiresOn) : '';
  return {
    subject: `Your ${stateOf(input.state)} tax exemption certificate is verified`,
    ...renderMail(STORE, {
      title: 'Tax exemption certificate verified',
      preheader: `Orders shipped to ${stateOf(input.state)} now carry no sales tax.`,
      paragraphs: [
        `We have verified ${input.organisationName}'s tax exemption certificate for ${stateOf(input.state)}, number ${input.number ?? ''}.`,
        `Orders your members ship to ${stateOf(input.state)} carry no sales tax until the certificate expires on ${expires}. We remind you 30 days before.`,
      ],
      action: action(input.pageUrl),
      footnote: help,
    }),
  };
}

export function certificateRefusedMail(input: CertificateMailInput): MailContent {
  return {
    subject: `Your ${stateOf(input.state)} tax exemption certificate was not accepted`,
    ...renderMail(STORE, {
      title: 'We could not accept your certificate',
      preheader: `Your tax exemption certificate for ${stateOf(input.state)} was not accepted.`,
      paragraphs: [
        `We are sorry: we could not accept ${input.organisationName}'s tax exemption certificate for ${stateOf(input.state)}.`,
        `The reason: ${input.refusalReason ?? 'not given'}`,
        `Until a certificate for ${stateOf(input.state)} is verified, orders shipped there carry sales tax. You can upload a corrected certificate on your organisation's tax exemption page.`,
      ],
      action: action(input.pageUrl),
      footnote: help,
    }),
  };
}

export function certificateExpiringMail(input: CertificateMailInput): MailContent {
  const expires = input.expiresOn ? formatDay(input.expiresOn) : '';
  return {
    subject: `Your ${stateOf(input.state)} tax exemption certificate expires on ${expires}`,
    ...renderMail(STORE, {
      title: 'Your tax exemption certificate expires soon',
      preheader: `Upload a renewed certificate for ${stateOf(input.state)} before ${expires}.`,
      paragraphs: [
        `${input.organisationName}'s tax exemption certificate for ${stateOf(input.state)}, number ${input.number ?? ''}, expires on ${expires}.`,
        `After that day, orders shipped to ${stateOf(input.state)} carry sales tax. Upload the renewed certificate now: the current one stays in use until we have verified the new one.`,
      ],
      action: action(input.pageUrl),
      footnote: help,
    }),
  };
}
