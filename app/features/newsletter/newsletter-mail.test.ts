import { describe, expect, it } from 'vitest';
import { newsletterConfirmMail } from './newsletter-mail.server';

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
