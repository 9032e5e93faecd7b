import { serializeSignedCookie } from 'better-call';
import { describe, expect, it } from 'vitest';
import { readCookie } from '../../app/lib/cookies';
import { verifySignedCookie } from './session-lookup';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';

/** The cookie exactly as Better Auth (better-call) sets it, as a browser sends it back. */
async function signedByBetterAuth(name: string, value: string, secret = SECRET) {
  const setCookie = await serializeSignedCookie(name, value, secret, { path: '/' });
  return setCookie.split(';')[0] ?? '';
}

describe('fresh session lookup: cookie reading', () => {
  it('verifies a session cookie signed by Better Auth', async () => {
    const header = `other=1; ${await signedByBetterAuth('better-auth.session_token', 'tok_ABC-123')}; x=y`;
    const raw = readCookie(header, 'better-auth.session_token');
    expect(raw).toBeDefined();
    expect(verifySignedCookie(raw ?? '', SECRET)).toBe('tok_ABC-123');
  });

  it('refuses a cookie signed with another secret, a changed token or no signature', async () => {
    const cookie = await signedByBetterAuth('s', 'token-one', 'another-secret-that-is-long-enough-01234');
    expect(verifySignedCookie(readCookie(cookie, 's') ?? '', SECRET)).toBeNull();
    const good = readCookie(await signedByBetterAuth('s', 'token-one'), 's') ?? '';
    expect(verifySignedCookie(good.replace('token-one', 'token-two'), SECRET)).toBeNull();
    expect(verifySignedCookie('token-one', SECRET)).toBeNull();
    expect(verifySignedCookie('token-one.', SECRET)).toBeNull();
    expect(verifySignedCookie(`token-one.${'A'.repeat(43)}=`, SECRET)).toBeNull();
  });

  it('remembers a good signature for its own secret only', async () => {
    const raw = readCookie(await signedByBetterAuth('s', 'token-three'), 's') ?? '';
    expect(verifySignedCookie(raw, SECRET)).toBe('token-three');
    expect(verifySignedCookie(raw, SECRET)).toBe('token-three');
    expect(verifySignedCookie(raw, 'another-secret-that-is-long-enough-01234')).toBeNull();
    expect(verifySignedCookie(raw.replace('token-three', 'token-four'), SECRET)).toBeNull();
  });

  it('reads the first cookie of a name, trimmed, unquoted and decoded like better-call', () => {
    expect(readCookie('a=1; a=2', 'a')).toBe('1');
    expect(readCookie(' b = "x%3Dy" ', 'b')).toBe('x=y');
    expect(readCookie('ab=1', 'a')).toBeUndefined();
    expect(readCookie('broken; a=3', 'a')).toBe('3');
  });
});
