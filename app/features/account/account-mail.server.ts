import type { AccountCodePurpose, AuthMails } from '#server/auth/auth';
import { type MailContent, renderMail } from '#server/mail/layout';
import { STORE } from '~/lib/store-info';

/** Accounts may have no first name; an empty one must not read "Hi ,". */
export interface Recipient {
  firstName?: string | null;
}

/** Links are absolute URLs the caller builds from env.APP_URL; the layout refuses anything else. */
export interface RecipientWithLink extends Recipient {
  url: string;
}

function greeting(firstName: string | null | undefined): string {
  const name = firstName?.trim();
  return name ? `Hi ${name},` : 'Hello,';
}

const contactUs = `call us at ${STORE.phone} or email ${STORE.supportEmail}`;

export function verifyEmailMail({ firstName, url }: RecipientWithLink): MailContent {
  const subject = 'Confirm your email address';
  return {
    subject,
    ...renderMail(STORE, {
      title: subject,
      preheader: `One click to finish setting up your ${STORE.name} account.`,
      paragraphs: [
        greeting(firstName),
        `Thank you for creating a ${STORE.name} account. Please confirm your email address so we can send you order updates and keep your account secure.`,
      ],
      action: { label: 'Confirm email address', url },
      footnote: `If you did not create a ${STORE.name} account, you can ignore this email.`,
    }),
  };
}

export function changeEmailMail({ firstName, url }: RecipientWithLink): MailContent {
  const subject = 'Confirm your new email address';
  return {
    subject,
    ...renderMail(STORE, {
      title: subject,
      preheader: `One click to use this address for your ${STORE.name} account.`,
      paragraphs: [
        greeting(firstName),
        `You asked to use this email address for your ${STORE.name} account. Use the button below to confirm it: your account's address changes when you do.`,
      ],
      action: { label: 'Confirm new email address', url },
      footnote: `If you did not ask for this, you can ignore this email. Nothing changes.`,
    }),
  };
}

export function resetPasswordMail({ firstName, url }: RecipientWithLink): MailContent {
  const subject = 'Reset your password';
  return {
    subject,
    ...renderMail(STORE, {
      title: subject,
      preheader: 'Use this link within 1 hour to choose a new password.',
      paragraphs: [
        greeting(firstName),
        `We received a request to reset the password for your ${STORE.name} account. Use the button below to choose a new password. The link expires in 1 hour.`,
      ],
      action: { label: 'Reset password', url },
      footnote:
        'If you did not ask to reset your password, you can ignore this email. Your password will not change.',
    }),
  };
}

/**
 * The code is in the body only: a subject is shown by the jobs console, mail logs and lock
 * screens, and whoever reads the code can sign in as its owner.
 */
export function signInCodeMail({ code }: { code: string }): MailContent {
  const subject = `Your ${STORE.name} sign-in code`;
  return {
    subject,
    ...renderMail(STORE, {
      title: 'Your sign-in code',
      preheader: `Enter ${code} to sign in. It works once, within 10 minutes.`,
      paragraphs: [
        'Hello,',
        `Enter this code on the ${STORE.name} sign-in page to sign in: ${code}`,
        'The code works once and expires in 10 minutes. We will never ask you for it on the phone.',
      ],
      footnote: `If you did not ask to sign in to ${STORE.name}, you can ignore this email. Nobody can sign in without the code.`,
    }),
  };
}

const ACCOUNT_CODE_USE: Record<AccountCodePurpose, { subject: string; use: string }> = {
  'email-verification': { subject: 'Your email confirmation code', use: 'confirm your email address' },
  'forget-password': { subject: 'Your password reset code', use: 'reset your password' },
  'change-email': { subject: 'Your email change code', use: 'confirm the change of your email address' },
};

/** A code for another purpose than signing in: the code in the body only, as for sign-in. */
export function accountCodeMail({
  code,
  purpose,
}: {
  code: string;
  purpose: AccountCodePurpose;
}): MailContent {
  const { subject, use } = ACCOUNT_CODE_USE[purpose];
  return {
    subject: `${subject} for ${STORE.name}`,
    ...renderMail(STORE, {
      title: subject,
      preheader: `Enter ${code} to ${use}. It works once, within 10 minutes.`,
      paragraphs: [
        'Hello,',
        `Enter this code to ${use}: ${code}`,
        'The code works once and expires in 10 minutes.',
      ],
      footnote: `If you did not ask for it, you can ignore this email, and ${contactUs} if it happens again.`,
    }),
  };
}

export function signInLinkMail({ url }: { url: string }): MailContent {
  const subject = `Sign in to ${STORE.name}`;
  return {
    subject,
    ...renderMail(STORE, {
      title: subject,
      preheader: 'Your sign-in link works once, within 10 minutes.',
      paragraphs: [
        'Hello,',
        `Use the button below to sign in to ${STORE.name}. The link works once and expires in 10 minutes.`,
      ],
      action: { label: `Sign in to ${STORE.name}`, url },
      footnote: `If you did not ask to sign in to ${STORE.name}, you can ignore this email. Nobody can sign in without the link.`,
    }),
  };
}

export function passwordChangedMail({ firstName }: Recipient): MailContent {
  const subject = 'Your password was changed';
  return {
    subject,
    ...renderMail(STORE, {
      title: subject,
      preheader: `The password for your ${STORE.name} account was just changed.`,
      paragraphs: [
        greeting(firstName),
        `The password for your ${STORE.name} account was just changed. If you made this change, there is nothing else to do.`,
        `If you did not change your password, reset it right away from the sign-in page and ${contactUs}.`,
      ],
    }),
  };
}

export function twoFactorEnabledMail({ firstName }: Recipient): MailContent {
  const subject = 'Two-factor authentication is on';
  return {
    subject,
    ...renderMail(STORE, {
      title: subject,
      preheader: `Your ${STORE.name} account now asks for a code when you sign in.`,
      paragraphs: [
        greeting(firstName),
        `Two-factor authentication was turned on for your ${STORE.name} account. From now on, signing in asks for a code from your authenticator app as well as your password.`,
        `If you did not turn it on, ${contactUs} right away.`,
      ],
    }),
  };
}

export function twoFactorDisabledMail({ firstName }: Recipient): MailContent {
  const subject = 'Two-factor authentication is off';
  return {
    subject,
    ...renderMail(STORE, {
      title: subject,
      preheader: `Your ${STORE.name} account no longer asks for a code when you sign in.`,
      paragraphs: [
        greeting(firstName),
        `Two-factor authentication was turned off for your ${STORE.name} account. Signing in now needs only your password.`,
        `If you did not turn it off, reset your password right away from the sign-in page and ${contactUs}.`,
      ],
    }),
  };
}

/** The mails Better Auth sends, in the account feature's words (server/auth/auth.ts). */
export const authMails: AuthMails = {
  verifyEmail: verifyEmailMail,
  resetPassword: resetPasswordMail,
  changeEmail: changeEmailMail,
  signInCode: signInCodeMail,
  signInLink: signInLinkMail,
  accountCode: accountCodeMail,
  passwordChanged: passwordChangedMail,
};
