import { describe, expect, it } from 'vitest';
import { serializeError } from './logger';
import { redactUrlSecrets } from './redact';

describe('redactUrlSecrets', () => {
  it('redacts the token segment of a reset-password path', () => {
    expect(redactUrlSecrets('/api/auth/reset-password/htgu8C4aofwAbpFzmmVeKPW7')).toBe(
      '/api/auth/reset-password/<redacted>',
    );
    expect(redactUrlSecrets('/api/auth/reset-password/abc/next')).toBe(
      '/api/auth/reset-password/<redacted>/next',
    );
  });

  it('keeps the path that takes the token in its body', () => {
    expect(redactUrlSecrets('/api/auth/reset-password')).toBe('/api/auth/reset-password');
    expect(redactUrlSecrets('/reset-password')).toBe('/reset-password');
  });

  it('redacts token, code, otp and key values of a query, keeping the other parameters', () => {
    expect(redactUrlSecrets('/login/link?token=abc123&redirectTo=%2Fcart')).toBe(
      '/login/link?token=<redacted>&redirectTo=%2Fcart',
    );
    expect(redactUrlSecrets('/x?a=1&code=123456&otp=654321')).toBe('/x?a=1&code=<redacted>&otp=<redacted>');
    expect(redactUrlSecrets('/account/orders/MS-1/receipt.pdf?key=s3cr3t')).toBe(
      '/account/orders/MS-1/receipt.pdf?key=<redacted>',
    );
  });

  it('redacts inside longer text, such as an error message quoting a link', () => {
    expect(
      redactUrlSecrets('fetch failed for https://shop.example/api/auth/reset-password/T0k3n?callbackURL=/x'),
    ).toBe('fetch failed for https://shop.example/api/auth/reset-password/<redacted>?callbackURL=/x');
  });

  it('leaves ordinary paths as they are', () => {
    for (const path of ['/', '/product/drive-walker-2024', '/api/auth/sign-in/email', '/search?q=code']) {
      expect(redactUrlSecrets(path)).toBe(path);
    }
  });
});

describe('serializeError', () => {
  it('redacts URL secrets in an error’s message, stack and fields', () => {
    const error = Object.assign(new Error('GET /api/auth/reset-password/T0k3n failed'), {
      url: 'https://shop.example/login/link?token=L1nk',
    });
    const text = JSON.stringify(serializeError(error));
    expect(text).not.toContain('T0k3n');
    expect(text).not.toContain('L1nk');
    expect(text).toContain('/api/auth/reset-password/<redacted>');
    expect(text).toContain('token=<redacted>');
  });
});
