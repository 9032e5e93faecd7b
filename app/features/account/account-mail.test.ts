import { describe, expect, it } from 'vitest';
import { escapeHtml, type MailContent } from '#server/mail/layout';
import { STORE } from '~/lib/store-info';
import {
  accountCodeMail,
  passwordChangedMail,
  resetPasswordMail,
  twoFactorDisabledMail,
  twoFactorEnabledMail,
  verifyEmailMail,
} from './account-mail.server';

const url = 'https://shop.example/reset-password?token=abc123&callbackURL=%2Faccount';
const evil = '<script>alert(1)</script>';

const templates: [string, string, (firstName?: string | null) => MailContent][] = [
  ['verifyEmailMail', 'Confirm your email address', (firstName) => verifyEmailMail({ firstName, url })],
  ['resetPasswordMail', 'Reset your password', (firstName) => resetPasswordMail({ firstName, url })],
  ['passwordChangedMail', 'Your password was changed', (firstName) => passwordChangedMail({ firstName })],
  [
    'twoFactorEnabledMail',
    'Two-factor authentication is on',
    (firstName) => twoFactorEnabledMail({ firstName }),
  ],
  [
    'twoFactorDisabledMail',
    'Two-factor authentication is off',
    (firstName) => twoFactorDisabledMail({ firstName }),
  ],
];

describe.each(templates)('%s', (_name, subject, build) => {
  it('has a subject, an accessible html part and a plain text part', () => {
    const mail = build('Pat');
    expect(mail.subject).toBe(subject);
    expect(mail.html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    expect(mail.html).toContain(`<title>${subject}</title>`);
    expect(mail.html).toContain('max-width:600px');
    expect(mail.html).toContain('Hi Pat,');
    expect(mail.text).toContain('Hi Pat,');
    expect(mail.text).not.toMatch(/<[a-z/]/i);
  });

  it('shows the store contact details in the footer of both parts', () => {
    const mail = build('Pat');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain(STORE.phone);
      expect(part).toContain(STORE.supportEmail);
      expect(part).toContain(STORE.address.street);
    }
  });

  it('escapes the first name in html', () => {
    const mail = build(evil);
    expect(mail.html).not.toContain('<script');
    expect(mail.html).toContain('Hi &lt;script&gt;alert(1)&lt;/script&gt;,');
    expect(mail.text).toContain(`Hi ${evil},`);
  });

  it('says "Hello," when there is no first name', () => {
    for (const firstName of [undefined, null, '', '   ']) {
      const mail = build(firstName);
      expect(mail.text).toContain('Hello,');
      expect(mail.html).toContain('Hello,');
      expect(mail.text).not.toContain('Hi ');
    }
  });
});

describe.each([
  ['verifyEmailMail', verifyEmailMail],
  ['resetPasswordMail', resetPasswordMail],
])('%s link', (_name, build) => {
  it('appears as a button, as a visible link and on its own line in the text part', () => {
    const mail = build({ firstName: 'Pat', url });
    const escaped = escapeHtml(url);
    expect(mail.html.split(`href="${escaped}"`)).toHaveLength(3);
    expect(mail.html).toContain(`>${escaped}</a>`);
    expect(mail.html).toContain('background:#0b5cad');
    expect(mail.text.split('\n')).toContain(url);
  });

  it('refuses a link that is not an absolute http(s) URL', () => {
    for (const bad of [
      'javascript:alert(1)',
      '/reset-password?token=abc',
      'ftp://shop.example/x',
      'data:text/html,hi',
    ]) {
      expect(() => build({ firstName: 'Pat', url: bad })).toThrow(/absolute http\(s\) URL/);
    }
  });
});

describe('resetPasswordMail', () => {
  it('says when the link expires and what to do if the reader did not ask', () => {
    const { text, html } = resetPasswordMail({ firstName: 'Pat', url });
    for (const part of [text, html]) {
      expect(part).toContain('expires in 1 hour');
      expect(part).toContain('If you did not ask to reset your password, you can ignore this email.');
    }
  });
});

describe('accountCodeMail', () => {
  it.for(['email-verification', 'forget-password', 'change-email'] as const)(
    'a %s code is in the body only, never in the subject',
    (purpose) => {
      const mail = accountCodeMail({ code: '482913', purpose });
      expect(mail.subject).not.toContain('482913');
      expect(mail.text).toContain(': 482913');
      expect(mail.html).toContain('482913');
    },
  );
});
