import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../support/accounts';
import { createClient } from '../support/http-client';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

describe.each(testEngines)('signed API tokens and published keys on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(engine, {
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      REQUIRE_EMAIL_VERIFICATION: 'false',
    });
  });
  afterAll(async () => t.close());

  it('a signed-in client gets a 15-minute token that /.well-known/jwks.json verifies', async () => {
    const { client, email } = await signedInClient(t.url, 'Token');
    const issued = await client.get('/api/auth/token');
    expect(issued.status).toBe(200);
    const { token } = issued.body as { token: string };

    const published = await createClient(t.url).get('/.well-known/jwks.json');
    expect(published.status).toBe(200);
    expect(published.headers.get('cache-control')).toContain('max-age=300');
    const jwks = published.body as { keys: { kty: string; kid: string; d?: string }[] };
    expect(jwks.keys.length).toBeGreaterThan(0);
    expect(jwks.keys.every((key) => key.d === undefined)).toBe(true);

    const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet(jwks as never), {
      issuer: t.url,
      audience: t.url,
    });
    expect(protectedHeader.alg).toBe('EdDSA');
    expect(payload).toMatchObject({ email, role: 'customer' });
    const session = await client.get('/api/auth/get-session');
    expect(payload.sub).toBe((session.body as { user: { id: string } }).user.id);
    expect(payload.exp! - payload.iat!).toBe(15 * 60);

    // A token altered after signing fails the check.
    const [head, body, signature] = token.split('.');
    const forged = JSON.parse(Buffer.from(body!, 'base64url').toString());
    forged.role = 'admin';
    const altered = `${head}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
    await expect(jwtVerify(altered, createLocalJWKSet(jwks as never))).rejects.toThrow();
  });

  it('gives no token without a session', async () => {
    const res = await createClient(t.url).get('/api/auth/token');
    expect(res.status).toBe(401);
  });
});
