import { describe, expect, it } from 'vitest';
import { escapeHtml } from '#server/mail/layout';
import { contactMessageMail } from './contact-mail.server';

const evil = '<script>alert(1)</script>';

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
