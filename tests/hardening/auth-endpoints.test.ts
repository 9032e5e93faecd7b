import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertEveryPathClassified, servedPaths } from '../../server/auth/endpoint-check';
import { ENDPOINT_TABLE, type EndpointEntry } from '../../server/auth/endpoint-table';
import { identityOf } from '../../server/auth/limits';
import { createClient, type TestResponse } from '../support/http-client';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { endpointTableMarkdown, TABLE_END, TABLE_START, tableCells } from './endpoint-table-doc';

let ipCounter = 0;
/** A client address of its own for every request or run (the server trusts the loopback proxy). */
const freshIp = () => {
  ipCounter += 1;
  return `198.18.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
};
let unique = 0;
const uniqueEmail = () => `endpoint-${process.pid}-${++unique}@example.com`;
const uniquePhone = () =>
  `+1555${String(process.pid % 1000).padStart(3, '0')}${String(++unique).padStart(4, '0')}`;

const concrete = (path: string) =>
  `/api/auth${path.replace(':token', 'no-such-token').replace(/:[a-zA-Z]+/g, 'no-such-provider')}`;

/** A body any endpoint can read (unknown fields are ignored), naming the given identity. */
function bodyFor(identity: { email?: string; phoneNumber?: string } = {}): Record<string, string> {
  return {
    email: identity.email ?? uniqueEmail(),
    phoneNumber: identity.phoneNumber ?? uniquePhone(),
    password: 'wrong-password-1',
    newPassword: 'another-password-2',
    code: '000000',
    otp: '000000',
    token: 'no-such-token',
    type: 'sign-in',
    provider: 'no-such-provider',
    name: 'Pat Doe',
    firstName: 'Pat',
    lastName: 'Doe',
  };
}

async function send(
  url: string,
  method: string,
  path: string,
  ip: string,
  body: Record<string, string> | undefined,
  encoding: 'json' | 'form' = 'json',
): Promise<TestResponse> {
  const client = createClient(url, { headers: { 'x-forwarded-for': ip } });
  if (method === 'GET' || body === undefined) return client.request(path, { method });
  if (encoding === 'json') return client.request(path, { method, body });
  const response = await fetch(new URL(path, url), {
    method,
    headers: {
      'x-forwarded-for': ip,
      origin: new URL(url).origin,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(body).toString(),
    redirect: 'manual',
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

/** How many requests were let through before the 429, which must carry Retry-After. */
async function allowedBefore429(attempt: () => Promise<TestResponse>, max: number): Promise<number> {
  for (let i = 0; i <= max; i++) {
    const res = await attempt();
    if (res.status === 429) {
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      return i;
    }
    expect(res.status, res.text).toBeLessThan(500);
  }
  return Number.POSITIVE_INFINITY;
}

const smallest = (entry: EndpointEntry, per: 'ip' | 'identity') =>
  Math.min(...entry.rules.filter((r) => r.per === per).map((r) => r.limit));

const limited = ENDPOINT_TABLE.filter((e) => e.access === 'limited');
const closed = ENDPOINT_TABLE.filter((e) => e.access === 'closed');
const byIdentity = limited.filter((e) => e.identity === 'email' || e.identity === 'phone');

describe('the endpoint table', () => {
  it('stops the start when the library serves a path it does not classify, naming the path', () => {
    const api = { brandNew: { path: '/brand-new/endpoint', options: { method: 'POST' } } };
    expect(() => assertEveryPathClassified(api)).toThrow(/\/brand-new\/endpoint/);
    expect(() => assertEveryPathClassified({ serverOnly: { options: { method: 'POST' } } })).not.toThrow();
  });

  it('reads the identity from JSON, form-encoded and multipart bodies and the query, normalised', async () => {
    const none = async () => undefined;
    const at = (init: RequestInit, query = '') =>
      identityOf(
        '/api/auth/sign-in/email',
        new Request(`http://x/api/auth/sign-in/email${query}`, init),
        none,
      );
    const json = { method: 'POST', headers: { 'content-type': 'application/json' } };
    expect(await at({ ...json, body: JSON.stringify({ email: ' Pat@Example.COM ' }) })).toBe(
      'pat@example.com',
    );
    const form = new URLSearchParams({ email: 'PAT@example.com' });
    expect(await at({ method: 'POST', body: form })).toBe('pat@example.com');
    const multipart = new FormData();
    multipart.set('email', 'pat@EXAMPLE.com');
    expect(await at({ method: 'POST', body: multipart })).toBe('pat@example.com');
    expect(await at({ method: 'GET' }, '?email=Pat%40example.com')).toBe('pat@example.com');
    const phone = new Request('http://x/api/auth/phone-number/send-otp', {
      ...json,
      body: JSON.stringify({ phoneNumber: '+1 (555) 010-0000' }),
    });
    expect(await identityOf('/api/auth/phone-number/send-otp', phone, none)).toBe('+15550100000');
  });

  it('matches the table in docs/security.md', () => {
    const doc = readFileSync('docs/security.md', 'utf8');
    const start = doc.indexOf(TABLE_START);
    const end = doc.indexOf(TABLE_END);
    expect(start, 'docs/security.md has the endpoint table markers').toBeGreaterThan(-1);
    const written = tableCells(doc.slice(start + TABLE_START.length, end));
    // On a difference, paste endpointTableMarkdown()'s output between the markers.
    expect(written, endpointTableMarkdown()).toEqual(tableCells(endpointTableMarkdown()));
  });
});

describe.each(testEngines)('every auth endpoint on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false', TRUSTED_PROXIES: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  it('is classified, and the table names no path the library does not serve', () => {
    const served = servedPaths(t.server.services.auth.api as unknown as Record<string, unknown>);
    expect(served.length).toBeGreaterThan(40);
    const classified = new Map(ENDPOINT_TABLE.map((e) => [e.path, e]));
    for (const { path, methods } of served) {
      expect(classified.has(path), `${path} is classified`).toBe(true);
      expect([...(classified.get(path)?.methods ?? [])].sort(), `${path} methods`).toEqual(
        [...methods].sort(),
      );
    }
    expect(ENDPOINT_TABLE.map((e) => e.path).sort()).toEqual(served.map((s) => s.path).sort());
  });

  it.each(closed.map((e) => [e.path]))('closed: %s answers 404 to GET and POST', async (path) => {
    const ip = freshIp();
    expect((await send(t.url, 'GET', concrete(path), ip, undefined)).status).toBe(404);
    expect((await send(t.url, 'POST', concrete(path), ip, bodyFor())).status).toBe(404);
    expect((await send(t.url, 'POST', concrete(path), ip, bodyFor(), 'form')).status).toBe(404);
  });

  // The per-IP counters never read the body, so one encoding shows them; the per-identity ones
  // below read it, and are shown with both.
  const ipRuns = limited.flatMap((e) =>
    e.methods.map((method) => [`${method} ${e.path}`, e, method] as const),
  );
  it.each(ipRuns)('limited per IP: %s', async (_name, entry, method) => {
    const ip = freshIp();
    const limit = smallest(entry, 'ip');
    const allowed = await allowedBefore429(
      () => send(t.url, method, concrete(entry.path), ip, bodyFor()),
      limit + 1,
    );
    expect(allowed).toBe(limit);
  });

  const identityRuns = byIdentity.flatMap((e) =>
    (['json', 'form'] as const).map((encoding) => [`${e.path} (${encoding})`, e, encoding] as const),
  );
  it.each(identityRuns)('limited per identity: %s', async (_name, entry, encoding) => {
    const email = uniqueEmail();
    const phone = uniquePhone();
    // The same person typed differently each time still counts as one.
    const typed = (i: number) =>
      entry.identity === 'email'
        ? { email: i % 2 ? email.toUpperCase() : ` ${email}` }
        : { phoneNumber: i % 2 ? phone.replace(/^\+1/, '+1 ') : phone };
    let i = 0;
    const limit = smallest(entry, 'identity');
    const allowed = await allowedBefore429(
      () => send(t.url, 'POST', concrete(entry.path), freshIp(), bodyFor(typed(i++)), encoding),
      limit + 1,
    );
    expect(allowed).toBe(limit);
  });

  it('8 wrong passwords sent form-encoded to /sign-in/email: 429 after 5', async () => {
    const email = uniqueEmail();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const body = { email, password: `wrong-${i}-password` };
      statuses.push((await send(t.url, 'POST', '/api/auth/sign-in/email', freshIp(), body, 'form')).status);
    }
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });

  it('sends sign-in codes only: another type is refused with a clear message and sends nothing', async () => {
    const email = uniqueEmail();
    const before = t.smtp.messages.length;
    const res = await send(t.url, 'POST', '/api/auth/email-otp/send-verification-otp', freshIp(), {
      email,
      type: 'forget-password',
    });
    expect(res.status).toBe(400);
    expect(res.text).toContain('Only sign-in codes');
    await t.settled();
    expect(t.smtp.messages.slice(before).filter((m) => m.to.includes(email))).toEqual([]);
  });
});
