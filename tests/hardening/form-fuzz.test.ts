import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { contactSchema } from '../../app/features/contact/contact.schema';
import { newsletterSchema } from '../../app/features/newsletter/newsletter.schema';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { hostileFields, RAW_FORM_BODIES } from './fuzz-inputs';
import { isApiError, rowCounts } from './support';

interface FormRoute {
  path: string;
  schema: z.ZodType;
  valid: Record<string, string>;
  /** Posted by its script asking for JSON too (answered ahead of the page's action). */
  json: boolean;
}

const FORMS: FormRoute[] = [
  {
    path: '/contact',
    schema: contactSchema,
    valid: { name: 'Pat Shopper', email: 'pat@example.com', message: 'Do you ship to Alaska?' },
    json: false,
  },
  { path: '/newsletter', schema: newsletterSchema, valid: { email: 'pat@example.com' }, json: true },
];

const RUNS = 40;

/**
 * The page forms that took the place of JSON endpoints (contact, newsletter sign-up), fed with
 * fields derived from their zod schemas, as the browser posts them and as their scripts do
 * (asking for JSON): never a 5xx, the API's error shape when JSON was asked for, and fields the
 * schema refuses are a 400 that writes nothing. Each request is a client of its own address
 * (127.0.0.1 is a trusted proxy), so the forms' rate limits do not answer first.
 */
describe.each(testEngines)('fuzzing the page forms on %s', (engine) => {
  let t: TestServer;
  let ip = 0;
  const nextIp = () => `10.${(++ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;

  beforeAll(async () => {
    t = await startTestServer(engine, { TRUSTED_PROXIES: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  async function post(path: string, body: string, asJson: boolean) {
    const res = await fetch(new URL(path, t.url), {
      method: 'POST',
      headers: {
        origin: new URL(t.url).origin,
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': nextIp(),
        ...(asJson ? { accept: 'application/json' } : {}),
      },
      body,
      redirect: 'manual',
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // a page
    }
    return { status: res.status, headers: res.headers, body: parsed, text };
  }

  async function expectAnswered(path: string, body: string, asJson: boolean, refused: boolean) {
    const what = `${asJson ? 'script' : 'browser'} ${path} ${body.slice(0, 200)}`;
    const before = await rowCounts(t.server.services.database);
    const res = await post(path, body, asJson);
    expect(res.status, `${what} -> ${res.status} ${res.text.slice(0, 200)}`).toBeLessThan(500);
    if (asJson) {
      expect(res.headers.get('content-type'), what).toMatch(/application\/json/);
      if (res.status >= 400) expect(isApiError(res), `${what}: ${res.text.slice(0, 200)}`).toBe(true);
    }
    if (refused) {
      expect(res.status, what).toBe(400);
      expect(await rowCounts(t.server.services.database), what).toEqual(before);
    }
  }

  it.each(FORMS.map((form) => [form.path, form] as const))(
    '%s: never a 5xx, refused fields are a 400 that writes nothing',
    async (_path, form) => {
      await fc.assert(
        fc.asyncProperty(hostileFields(form.schema, form.valid), async (fields) => {
          const body = new URLSearchParams(fields).toString();
          const refused = !form.schema.safeParse(fields).success;
          await expectAnswered(form.path, body, false, refused);
          if (form.json) await expectAnswered(form.path, body, true, refused);
        }),
        { numRuns: RUNS },
      );
      for (const raw of RAW_FORM_BODIES) {
        await expectAnswered(form.path, raw, false, true);
        if (form.json) await expectAnswered(form.path, raw, true, true);
      }
    },
  );
});
