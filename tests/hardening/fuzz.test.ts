import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addToCartSchema, mergeCartSchema, setQuantitySchema } from '../../app/commerce/cart/cart.schema';
import {
  createCheckoutSchema,
  paymentSchema,
  quoteSchema,
} from '../../app/features/checkout/checkout.schema';
import { contactSchema } from '../../app/features/contact/contact.schema';
import { newsletterSchema } from '../../app/features/newsletter/newsletter.schema';
import { formFields } from '../../server/validate';
import { WISHLIST_LIST_FIELDS, wishlistFormSchema } from '../../app/features/wishlist/wishlist.schema';
import { signedInClient } from '../support/accounts';
import { bankPayment, cardPayment, startCheckout, TEST_ADDRESS } from '../support/checkout';
import type { TestClient, TestResponse } from '../support/http-client';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { hostileBodies, hostileValue, RAW_BODIES } from './fuzz-inputs';
import { cartLines, fillPath, isApiError, PRODUCT_A, PRODUCT_B, rowCounts } from './support';

interface FuzzRoute {
  method: 'POST' | 'PATCH';
  path: string;
  schema: z.ZodType;
  valid: Record<string, unknown>;
}

const ROUTES: FuzzRoute[] = [
  {
    method: 'POST',
    path: '/api/cart/items',
    schema: addToCartSchema,
    valid: { productId: PRODUCT_A.id, quantity: 2 },
  },
  { method: 'PATCH', path: '/api/cart/items/:line', schema: setQuantitySchema, valid: { quantity: 3 } },
  {
    method: 'POST',
    path: '/api/cart/merge',
    schema: mergeCartSchema,
    valid: { items: [{ productId: PRODUCT_B.id, quantity: 1 }] },
  },
  {
    method: 'POST',
    path: '/api/checkout',
    schema: createCheckoutSchema,
    valid: {
      paymentMethod: 'card',
      promoCode: null,
      items: [{ productId: PRODUCT_A.id, quantity: 1 }],
      shipping: 'standard',
      address: TEST_ADDRESS,
    },
  },
  {
    method: 'POST',
    path: '/api/checkout/quote',
    schema: quoteSchema,
    valid: { items: [{ productId: PRODUCT_A.id, quantity: 2 }], shipping: 'expedited', state: 'IL' },
  },
  { method: 'POST', path: '/api/checkout/:order/pay', schema: paymentSchema, valid: cardPayment() },
  { method: 'POST', path: '/api/checkout/:order/pay', schema: paymentSchema, valid: bankPayment() },
  {
    method: 'POST',
    path: '/api/contact',
    schema: contactSchema,
    valid: { name: 'Pat Shopper', email: 'pat@example.com', message: 'Do you ship to Alaska?' },
  },
  { method: 'POST', path: '/api/newsletter', schema: newsletterSchema, valid: { email: 'pat@example.com' } },
];

/**
 * Page forms a page's script posts (URL-encoded, asking for JSON; docs/decisions/0045): one
 * entry per intent, with its valid fields and the fields that may repeat.
 */
interface FormRoute {
  path: string;
  schema: z.ZodType;
  lists: readonly string[];
  valid: Record<string, unknown>;
}

const FORM_ROUTES: FormRoute[] = [
  ...[
    { intent: 'add', productId: PRODUCT_B.id },
    { intent: 'remove', productId: PRODUCT_B.id },
    { intent: 'clear' },
    { intent: 'merge', productIds: [PRODUCT_B.id] },
  ].map((valid) => ({ path: '/wishlist', schema: wishlistFormSchema, lists: WISHLIST_LIST_FIELDS, valid })),
];

/** A hostile body as a form's fields: lists repeat, anything else is sent as its text. */
function asFields(body: unknown): URLSearchParams {
  const fields = new URLSearchParams();
  const text = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
  if (!body || typeof body !== 'object' || Array.isArray(body)) return new URLSearchParams(text(body));
  for (const [name, value] of Object.entries(body))
    for (const one of Array.isArray(value) ? value : [value]) fields.append(name, text(one));
  return fields;
}

const RUNS = 40;

/** What Better Auth's sign-up, sign-in and reset endpoints read. */
const authBody = z.object({
  email: z.email(),
  password: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});

/**
 * Every API route that takes a body, fed with inputs derived from its zod schema: never a 5xx,
 * always the JSON error shape, and a body the schema refuses writes nothing. The server trusts
 * 127.0.0.1 as a proxy so each request can carry its own client address: the payment rate
 * limit would otherwise answer 429 before the body is even read.
 */
describe.each(testEngines)('fuzzing the API on %s', (engine) => {
  let t: TestServer;
  let client: TestClient;
  let ids: { line?: string; order?: string };
  let ip = 0;
  const nextIp = () => `10.${(++ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;

  beforeAll(async () => {
    t = await startTestServer(engine, { REQUIRE_EMAIL_VERIFICATION: 'false', TRUSTED_PROXIES: '127.0.0.1' });
    ({ client } = await signedInClient(t.url));
    await client.post('/api/cart/items', { productId: PRODUCT_A.id, quantity: 1 });
    const { session } = await startCheckout(client, {});
    ids = { line: (await cartLines(client))[0]?.id, order: session.orderId };
  });
  afterAll(async () => t.close());

  async function rawRequest(method: string, path: string, body: string): Promise<TestResponse> {
    const res = await fetch(new URL(path, t.url), {
      method,
      headers: {
        cookie: client.cookieHeader(),
        origin: new URL(t.url).origin,
        'content-type': 'application/json',
        'x-forwarded-for': nextIp(),
      },
      body: method === 'GET' ? undefined : body,
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // keep text
    }
    return { status: res.status, headers: res.headers, body: parsed, text };
  }

  function expectRefused(res: TestResponse, what: string) {
    expect(res.status, `${what} -> ${res.status} ${res.text.slice(0, 200)}`).toBeLessThan(500);
    expect(res.headers.get('content-type'), what).toMatch(/application\/json/);
    if (res.status >= 400) expect(isApiError(res), `${what}: ${res.text.slice(0, 200)}`).toBe(true);
  }

  it.each(
    ROUTES.map((r) => [`${r.method} ${r.path} (${String(r.valid.paymentMethod ?? 'json')})`, r] as const),
  )('%s: never a 5xx, always the error shape, nothing written', async (_name, route) => {
    const path = fillPath(route.path, ids);
    await fc.assert(
      fc.asyncProperty(hostileBodies(route.schema, route.valid), async (body) => {
        const before = await rowCounts(t.server.services.database);
        const res = await rawRequest(route.method, path, JSON.stringify(body) ?? 'null');
        const what = `${route.method} ${path} ${JSON.stringify(body)?.slice(0, 200)}`;
        expectRefused(res, what);
        if (!route.schema.safeParse(body).success) {
          expect(res.status, what).toBe(400);
          expect(await rowCounts(t.server.services.database), what).toEqual(before);
        }
      }),
      { numRuns: RUNS },
    );
    for (const raw of RAW_BODIES) {
      const before = await rowCounts(t.server.services.database);
      const res = await rawRequest(route.method, path, raw);
      expectRefused(res, `${route.method} ${path} raw ${raw}`);
      expect(res.status).toBe(400);
      expect(await rowCounts(t.server.services.database)).toEqual(before);
    }
  });

  it.each(FORM_ROUTES.map((r) => [`POST ${r.path} (${String(r.valid.intent)})`, r] as const))(
    '%s form: never a 5xx, always the error shape, nothing written',
    async (_name, route) => {
      await fc.assert(
        fc.asyncProperty(hostileBodies(route.schema, route.valid), async (body) => {
          const fields = asFields(body);
          const before = await rowCounts(t.server.services.database);
          const res = await client.form(
            route.path,
            Object.fromEntries([...new Set(fields.keys())].map((name) => [name, fields.getAll(name)])),
            { headers: { 'x-forwarded-for': nextIp() } },
          );
          const what = `POST ${route.path} ${fields.toString().slice(0, 200)}`;
          expectRefused(res, what);
          // What the server reads of these fields, as the server reads them.
          const read = formFields(await new Response(fields).formData(), route.lists);
          if (!read || !route.schema.safeParse(read).success) {
            expect(res.status, what).toBe(400);
            expect(await rowCounts(t.server.services.database), what).toEqual(before);
          }
        }),
        { numRuns: RUNS },
      );
    },
  );

  it('path parameters and queries: hostile ids answer 4xx with the error shape, pages never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(hostileValue, async (value) => {
        const id = encodeURIComponent(
          typeof value === 'string' ? value.slice(0, 2_000) : JSON.stringify(value),
        );
        const before = await rowCounts(t.server.services.database);
        for (const [method, path] of [
          ['PATCH', `/api/cart/items/${id}`],
          ['DELETE', `/api/cart/items/${id}`],
          ['GET', `/api/orders/${id}`],
          ['POST', `/api/checkout/${id}/pay`],
        ] as const) {
          const res = await rawRequest(method, path, method === 'GET' ? '' : JSON.stringify({ quantity: 1 }));
          expectRefused(res, `${method} ${path}`);
          expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
        }
        expect(await rowCounts(t.server.services.database)).toEqual(before);
        for (const page of [
          `/search?q=${id}`,
          `/product/${id}`,
          `/category/${id}`,
          `/account/orders/${id}`,
          `/product/${id}/reviews?page=${id}`,
          `/account/orders/${id}/review/${id}`,
        ]) {
          const res = await fetch(new URL(page, t.url), { headers: { cookie: client.cookieHeader() } });
          expect(res.status, page).toBeLessThan(500);
          await res.body?.cancel();
        }
      }),
      { numRuns: 25 },
    );
  });

  it('Better Auth routes: arbitrary bodies never cause a 5xx', async () => {
    const paths = ['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/request-password-reset'];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        hostileBodies(authBody, {
          email: 'fuzz@example.com',
          password: 'password-123',
          name: 'F',
          firstName: 'F',
          lastName: 'F',
        }),
        async (path, body) => {
          const res = await rawRequest('POST', path, JSON.stringify(body) ?? 'null');
          expect(
            res.status,
            `${path} ${JSON.stringify(body)?.slice(0, 200)} -> ${res.text.slice(0, 200)}`,
          ).toBeLessThan(500);
        },
      ),
      {
        numRuns: 40,
        // Always tried: NUL bytes, which PostgreSQL refuses in text (a 500 before the fix).
        examples: paths.map((path): [string, unknown] => [
          path,
          { email: 'nul\u0000@example.com', password: 'pass\u0000word', firstName: '\u0000' },
        ]),
      },
    );
  });
});
