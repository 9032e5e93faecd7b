import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../support/accounts';
import { freePort } from '../support/free-port';
import { createClient, type TestClient } from '../support/http-client';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { PASSWORD, PRODUCT_A } from './support';
import { addToCart } from '../support/cart';

const TOKEN = 'better-auth.session_token';

/** Replays a set of cookies exactly as an attacker who copied them would. */
function replay(baseUrl: string, cookieHeader: string): TestClient {
  const client = createClient(baseUrl);
  for (const pair of cookieHeader.split('; ')) {
    const index = pair.indexOf('=');
    client.cookies.set(pair.slice(0, index), pair.slice(index + 1));
  }
  return client;
}

function setCookieLines(headers: Headers): string[] {
  return headers.getSetCookie();
}

describe.each(testEngines)('session lifecycle on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false' });
  });
  afterAll(async () => t.close());

  it('gives a new token at every sign-in, never the one the client brought (no fixation)', async () => {
    const { client, email } = await signedInClient(t.url);
    const first = client.cookies.get(TOKEN);
    expect(first).toBeTruthy();
    const planted = replay(t.url, `${TOKEN}=${first}`);
    const signIn = await planted.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(signIn.status).toBe(200);
    const second = planted.cookies.get(TOKEN);
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
  });

  it('sets the session cookies HttpOnly and SameSite, without Secure on plain http', async () => {
    const client = createClient(t.url);
    const { email } = await signedInClient(t.url);
    const res = await client.request('/api/auth/sign-in/email', {
      method: 'POST',
      body: { email, password: PASSWORD },
    });
    const lines = setCookieLines(res.headers).filter((l) => l.startsWith('better-auth.'));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line).toMatch(/;\s*HttpOnly/i);
      expect(line).toMatch(/;\s*SameSite=(Lax|Strict)/i);
    }
  });

  it('refuses the old cookies after sign-out, even replayed with the signed session cache', async () => {
    const { client } = await signedInClient(t.url);
    await addToCart(client, PRODUCT_A.id, 1);
    expect((await client.get('/api/cart')).status).toBe(200);
    const stolen = client.cookieHeader();
    expect((await client.post('/api/auth/sign-out', {})).status).toBe(200);

    const attacker = replay(t.url, stolen);
    for (const path of ['/api/cart', '/api/cart/count', '/api/wishlist']) {
      expect((await attacker.get(path)).status, path).toBe(401);
    }
    expect((await addToCart(attacker, PRODUCT_A.id)).status).toBe(401);
    expect((await attacker.get('/api/auth/get-session')).body ?? null).toBeNull();
    // The account page, with its order list, sends them to sign in.
    const page = await attacker.get('/account');
    expect([302, 303]).toContain(page.status);
  });

  it('ends every other session when the password changes (revokeOtherSessions)', async () => {
    const { client, email } = await signedInClient(t.url);
    const laptop = createClient(t.url);
    await laptop.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect((await laptop.get('/api/cart')).status).toBe(200);
    const laptopCookies = laptop.cookieHeader();

    const change = await client.post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'new-password-456',
      revokeOtherSessions: true,
    });
    expect(change.status).toBe(200);
    expect((await replay(t.url, laptopCookies).get('/api/cart')).status).toBe(401);
    expect((await laptop.get('/api/wishlist')).status).toBe(401);
    // The device that changed it goes on with its new session; the old password is dead.
    expect((await client.get('/api/cart')).status).toBe(200);
    const old = await createClient(t.url).post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(old.status).toBe(401);
  });
});

describe.each(testEngines)('session cookies on https on %s', (engine) => {
  let t: TestServer;
  let origin: string;
  let url: string;
  beforeAll(async () => {
    // The store sits behind TLS termination: APP_URL is https, the test talks to it over http.
    const port = String(await freePort());
    origin = `https://127.0.0.1:${port}`;
    url = `http://127.0.0.1:${port}`;
    t = await startTestServer(engine, {
      REQUIRE_EMAIL_VERIFICATION: 'false',
      APP_URL: origin,
      PAYMENT_PROVIDER: 'test',
      PORT: port,
      AUTH_SECRET: 'a-test-secret-that-is-long-enough-123456',
    });
  });
  afterAll(async () => t.close());

  it('uses the __Secure- prefix with Secure, HttpOnly and SameSite', async () => {
    const client = createClient(url);
    const email = `secure-${Date.now()}@example.com`;
    const body = { email, password: PASSWORD, name: 'S S', firstName: 'S', lastName: 'S' };
    expect((await client.post('/api/auth/sign-up/email', body, { origin })).status).toBe(200);
    const res = await client.request('/api/auth/sign-in/email', {
      method: 'POST',
      body: { email, password: PASSWORD },
      origin,
    });
    expect(res.status).toBe(200);
    const lines = setCookieLines(res.headers);
    expect(lines.some((l) => l.startsWith(`__Secure-${TOKEN}=`))).toBe(true);
    for (const line of lines) {
      expect(line.startsWith('__Secure-'), line).toBe(true);
      expect(line).toMatch(/;\s*Secure/i);
      expect(line).toMatch(/;\s*HttpOnly/i);
      expect(line).toMatch(/;\s*SameSite=(Lax|Strict)/i);
    }
  });
});
