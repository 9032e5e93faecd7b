import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type TestResponse } from '../support/http-client';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

let forged = 0;
const forgedIp = () => `203.0.113.${(++forged % 250) + 1}`;

function expectLimited(res: TestResponse, what: string) {
  expect(res.status, `${what}: ${res.text}`).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter) && retryAfter >= 1, `${what} Retry-After`).toBe(true);
  expect(res.body).toMatchObject({ error: { code: 'rate_limited' } });
}

async function post(baseUrl: string, path: string, body: unknown, xff?: string) {
  return createClient(baseUrl).request(path, {
    method: 'POST',
    body,
    headers: xff ? { 'x-forwarded-for': xff } : {},
  });
}

/** Sends until the limit answers; returns how many were let through before it. */
async function hitUntilLimited(
  send: (i: number) => Promise<TestResponse>,
  max: number,
): Promise<{ allowed: number; limited: TestResponse }> {
  for (let i = 0; i < max; i++) {
    const res = await send(i);
    if (res.status === 429) return { allowed: i, limited: res };
    expect(res.status, res.text).toBeLessThan(500);
  }
  throw new Error(`no 429 after ${max} attempts`);
}

describe.each(testEngines)('brute-force limits without a trusted proxy on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
  });
  afterAll(async () => t.close());

  it('sign-in: 5 guesses per email, then 429 with Retry-After, whatever X-Forwarded-For says', async () => {
    const email = `victim-${Date.now()}@example.com`;
    const { allowed, limited } = await hitUntilLimited(
      (i) => post(t.url, '/api/auth/sign-in/email', { email, password: `guess-${i}` }, forgedIp()),
      10,
    );
    expect(allowed).toBe(5);
    expectLimited(limited, 'sign-in per email');
  });

  it('sign-in: 20 per client address across accounts; a forged X-Forwarded-For does not reset it', async () => {
    const { allowed, limited } = await hitUntilLimited(
      (i) =>
        post(
          t.url,
          '/api/auth/sign-in/email',
          { email: `spray-${i}@example.com`, password: 'x-123456' },
          forgedIp(),
        ),
      30,
    );
    // The per-email test above spent 5 of this address's 20 (the limit counts requests it let through).
    expect(allowed).toBeLessThanOrEqual(15);
    expectLimited(limited, 'sign-in per IP');
    expectLimited(
      await post(
        t.url,
        '/api/auth/sign-in/email',
        { email: 'new@example.com', password: 'x' },
        '198.51.100.7',
      ),
      'forged',
    );
  });

  it('two-factor: 5 codes per client address, then 429', async () => {
    const { allowed, limited } = await hitUntilLimited(
      () => post(t.url, '/api/auth/two-factor/verify-totp', { code: '000000' }, forgedIp()),
      10,
    );
    expect(allowed).toBe(5);
    expectLimited(limited, 'two-factor');
    const backup = await hitUntilLimited(
      () => post(t.url, '/api/auth/two-factor/verify-backup-code', { code: 'abcde-fghij' }, forgedIp()),
      10,
    );
    expect(backup.allowed).toBe(5);
    expectLimited(backup.limited, 'backup code');
  });

  it('password reset: requests per email and per address, and reset attempts per address', async () => {
    const email = `reset-${Date.now()}@example.com`;
    const perEmail = await hitUntilLimited(
      () =>
        post(t.url, '/api/auth/request-password-reset', { email, redirectTo: '/reset-password' }, forgedIp()),
      10,
    );
    expect(perEmail.allowed).toBe(5);
    expectLimited(perEmail.limited, 'reset request per email');
    const tokens = await hitUntilLimited(
      (i) =>
        post(
          t.url,
          '/api/auth/reset-password',
          { token: `guess-${i}`, newPassword: 'password-999' },
          forgedIp(),
        ),
      15,
    );
    expect(tokens.allowed).toBe(10);
    expectLimited(tokens.limited, 'reset-password');
  });

  it("the newsletter sign-up is limited too, the script's JSON answer as the API's", async () => {
    const { limited } = await hitUntilLimited(
      (i) =>
        createClient(t.url).form(
          '/newsletter',
          { email: `pat-${i}@example.com` },
          { headers: { 'x-forwarded-for': forgedIp() } },
        ),
      60,
    );
    expectLimited(limited, '/newsletter');
  });

  it('the contact form is limited too, the page saying how long to wait', async () => {
    const { limited } = await hitUntilLimited(
      (i) =>
        createClient(t.url).request('/contact', {
          method: 'POST',
          fields: new URLSearchParams({
            name: 'Pat',
            email: `pat-${i}@example.com`,
            message: 'A message long enough.',
          }),
          headers: { 'x-forwarded-for': forgedIp() },
        }),
      60,
    );
    expect(limited.status).toBe(429);
    const retryAfter = limited.headers.get('retry-after');
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(limited.text).toContain(`Too many attempts. Try again in ${retryAfter} seconds.`);
  });
});

describe('brute-force limits behind a trusted proxy', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('sqlite', {
      REQUIRE_EMAIL_VERIFICATION: 'false',
      TRUSTED_PROXIES: '127.0.0.1',
    });
  });
  afterAll(async () => t.close());

  it('counts each forwarded client on its own, and a client cannot escape by adding addresses', async () => {
    // 30 clients behind the proxy, one attempt each: none is limited.
    for (let i = 0; i < 30; i++) {
      const res = await post(
        t.url,
        '/api/auth/sign-in/email',
        { email: `c-${i}@example.com`, password: 'x-123456' },
        `198.51.100.${i + 1}`,
      );
      expect(res.status).not.toBe(429);
    }
    // One client: what it writes in front of the proxy's own entry does not change who it is.
    const { allowed, limited } = await hitUntilLimited(
      (i) =>
        post(t.url, '/api/auth/two-factor/verify-totp', { code: '000000' }, `10.9.9.${i + 1}, 192.0.2.50`),
      10,
    );
    expect(allowed).toBe(5);
    expectLimited(limited, 'two-factor behind proxy');
  });
});
