import { describe, expect, it } from 'vitest';
import { STORE } from '../../app/lib/store-info';
import { escapeHtml, renderMail } from './layout';
import {
  contactMessageMail,
  newsletterConfirmMail,
  passwordChangedMail,
  resetPasswordMail,
  twoFactorDisabledMail,
  twoFactorEnabledMail,
  verifyEmailMail,
  type MailContent,
} from './templates';

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

describe('renderMail', () => {
  it('escapes every dynamic string, including the action label and url', () => {
    const { html } = renderMail({
      title: `<b>"T"</b>`,
      preheader: '<i>pre</i>',
      paragraphs: ["Tom & Jerry's <img src=x onerror=alert(1)>"],
      action: { label: '<u>Go</u>', url: 'https://shop.example/?a="><script>x</script>' },
      footnote: '<em>small</em>',
    });
    expect(html).not.toMatch(/<(b|i|u|em|img|script)[\s>]/);
    expect(html).toContain('Tom &amp; Jerry&#39;s &lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;u&gt;Go&lt;/u&gt;');
  });

  it('hides the preheader and leaves out the action when there is none', () => {
    const { html, text } = renderMail({ title: 'Notice', preheader: 'Preview', paragraphs: ['Body'] });
    expect(html).toMatch(/<div style="display:none;[^"]*">Preview<\/div>/);
    expect(html).not.toContain('If the button does not work');
    expect(text).toBe(
      `${STORE.name}\n\nNotice\n\nBody\n\n--\n${STORE.name}\n` +
        `1200 Harbor Park Drive, Suite 300, Columbus, OH 43215, United States\n` +
        `Phone: ${STORE.phone}\nEmail: ${STORE.supportEmail}\n`,
    );
  });

  it('escapeHtml covers the five special characters', () => {
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });
});

describe('contactMessageMail', () => {
  const mail = contactMessageMail({
    name: `Pat\r\nBcc: victim@example.com ${evil}`,
    email: 'pat@example.com',
    message: `First line\nSecond line ${evil}`,
  });

  it('keeps the subject on one line whatever the name holds', () => {
    expect(mail.subject).toBe(`Contact form message from Pat Bcc: victim@example.com ${evil}`);
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it('escapes the sender and message in html and keeps the line breaks', () => {
    expect(mail.html).not.toContain(evil);
    expect(mail.html).toContain(`Second line ${escapeHtml(evil)}`);
    expect(mail.html).toContain('white-space:pre-wrap');
    expect(mail.text).toContain('First line\nSecond line');
  });
});

describe('newsletterConfirmMail', () => {
  const confirmUrl = 'https://shop.example/newsletter/confirm?token=abc';
  const unsubscribeUrl = 'https://shop.example/newsletter/unsubscribe?token=def';
  const mail = newsletterConfirmMail({ confirmUrl, unsubscribeUrl, expiresInDays: 7 });

  it('carries the confirm button and an unsubscribe link in both parts', () => {
    expect(mail.subject).toBe('Confirm your newsletter subscription');
    expect(mail.html).toContain(`href="${confirmUrl}"`);
    expect(mail.html).toContain(`href="${unsubscribeUrl}"`);
    expect(mail.text).toContain(`Confirm subscription:\n${confirmUrl}`);
    expect(mail.text).toContain(`Unsubscribe:\n${unsubscribeUrl}`);
    expect(mail.text).toContain('expires in 7 days');
  });

  it('refuses links that are not absolute http(s) URLs', () => {
    expect(() =>
      newsletterConfirmMail({ confirmUrl, unsubscribeUrl: 'javascript:alert(1)', expiresInDays: 7 }),
    ).toThrow('Mail links must be absolute http(s) URLs');
  });
});
