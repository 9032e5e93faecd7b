import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  addFieldsSchema,
  mergeFieldsSchema,
  quantityFieldsSchema,
} from '../../app/features/cart/cart-form.schema';
import { formFields, formHoldsNul } from '../../app/lib/form-fields';
import {
  createCheckoutSchema,
  paymentSchema,
  quoteSchema,
} from '../../app/features/checkout/checkout.schema';
import { WISHLIST_LIST_FIELDS, wishlistFormSchema } from '../../app/features/wishlist/wishlist.schema';
import { signedInClient } from '../support/accounts';
import { bankPayment, cardPayment, startCheckout, TEST_ADDRESS } from '../support/checkout';
import type { TestClient, TestResponse } from '../support/http-client';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { hostileBodies, hostileValue, RAW_BODIES } from './fuzz-inputs';
import { cartLines, fillPath, isApiError, PRODUCT_A, PRODUCT_B, rowCounts } from './support';
import { addToCart } from '../support/cart';

interface FuzzRoute {
  method: 'POST' | 'PATCH';
  path: string;
  schema: z.ZodType;
  valid: Record<string, unknown>;
  /** A page's form as its script posts it: the body's fields URL-encoded, asking for JSON. */
  form?: true;
  /** A form's fields that are lists even when sent once. */
  lists?: readonly string[];
}

const ROUTES: FuzzRoute[] = [
  {
    method: 'POST',
    path: '/cart',
    form: true,
    schema: addFieldsSchema,
    valid: { intent: 'add', productId: PRODUCT_A.id, quantity: 2 },
  },
  {
    method: 'POST',
    path: '/cart',
    form: true,
    schema: quantityFieldsSchema,
    valid: { intent: 'quantity', lineId: ':line', quantity: 3 },
  },
  {
    method: 'POST',
    path: '/cart',
    form: true,
    schema: mergeFieldsSchema,
    valid: { intent: 'merge', productId: [PRODUCT_B.id], quantity: [1] },
  },
  ...[
    { intent: 'add', productId: PRODUCT_B.id },
    { intent: 'remove', productId: PRODUCT_B.id },
    { intent: 'clear' },
    { intent: 'merge', productIds: [PRODUCT_B.id] },
  ].map((valid) => ({
    method: 'POST' as const,
    path: '/wishlist',
    form: true as const,
    schema: wishlistFormSchema,
    lists: WISHLIST_LIST_FIELDS,
    valid,
  })),
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
];

const RUNS = 40;

/**
 * A hostile body as a form's fields: each value as text (a list as the field repeated), as a
 * browser or a script would post it; a body that is no object is sent as one raw text.
 */
function formBody(body: unknown): URLSearchParams {
  const text = (value: unknown) =>
    typeof value === 'string' ? value : value === null || value === undefined ? '' : JSON.stringify(value);
  if (!body || typeof body !== 'object' || Array.isArray(body)) return new URLSearchParams(text(body));
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(body))
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, text(one));
  return form;
}

/** What Better Auth's sign-up, sign-in and reset endpoints read. */
const authBody = z.object({
  email: z.email(),
  password: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});

/**
 * Every API route that takes a body (the page forms are in form-fuzz.test.ts), fed with inputs
 * derived from its zod schema: never a 5xx, always the JSON error shape, and a body the schema
 * refuses writes nothing. The server trusts
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
    await addToCart(client, PRODUCT_A.id, 1);
    const { session } = await startCheckout(client, {});
    ids = { line: (await cartLines(client))[0]?.id, order: session.orderId };
  });
  afterAll(async () => t.close());

  async function rawRequest(method: string, path: string, body: string, form = false): Promise<TestResponse> {
    const res = await fetch(new URL(path, t.url), {
      method,
      headers: {
        cookie: client.cookieHeader(),
        origin: new URL(t.url).origin,
        'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
        // A form's JSON answer is for a request asking for it (docs/decisions/0045).
        ...(form ? { accept: 'application/json' } : {}),
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
    ROUTES.map(
      (r) =>
        [`${r.method} ${r.path} (${String(r.valid.paymentMethod ?? r.valid.intent ?? 'json')})`, r] as const,
    ),
  )('%s: never a 5xx, always the error shape, nothing written', async (_name, route) => {
    const path = fillPath(route.path, ids);
    // A form names the cart line in a field.
    const valid = Object.fromEntries(
      Object.entries(route.valid).map(([key, value]) => [
        key,
        typeof value === 'string' ? fillPath(value, ids) : value,
      ]),
    );
    await fc.assert(
      fc.asyncProperty(hostileBodies(route.schema, valid), async (body) => {
        const before = await rowCounts(t.server.services.database);
        const form = route.form ? formBody(body) : undefined;
        const sent = form?.toString() ?? JSON.stringify(body) ?? 'null';
        const res = await rawRequest(route.method, path, sent, route.form);
        const what = `${route.method} ${path} ${sent.slice(0, 200)}`;
        expectRefused(res, what);
        // A form is judged as the server reads it: its fields, as text.
        const read = form ? formFields(form, route.lists) : undefined;
        if ((read && formHoldsNul(read)) || !route.schema.safeParse(read ?? body).success) {
          expect(res.status, what).toBe(400);
          expect(await rowCounts(t.server.services.database), what).toEqual(before);
        }
      }),
      { numRuns: RUNS },
    );
    for (const raw of RAW_BODIES) {
      const before = await rowCounts(t.server.services.database);
      const res = await rawRequest(route.method, path, raw, route.form);
      expectRefused(res, `${route.method} ${path} raw ${raw}`);
      expect(res.status).toBe(400);
      expect(await rowCounts(t.server.services.database)).toEqual(before);
    }
  });

  it('path parameters and queries: hostile ids answer 4xx with the error shape, pages never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(hostileValue, async (value) => {
        const id = encodeURIComponent(
          typeof value === 'string' ? value.slice(0, 2_000) : JSON.stringify(value),
        );
        const before = await rowCounts(t.server.services.database);
        // A cart line named by a hostile id: not the shopper's, or not readable.
        const lineId = typeof value === 'string' ? value.slice(0, 2_000) : JSON.stringify(value);
        for (const fields of [
          { intent: 'quantity', lineId, quantity: '1' },
          { intent: 'remove', lineId },
        ] as Record<string, string>[]) {
          const res = await rawRequest('POST', '/cart', new URLSearchParams(fields).toString(), true);
          expectRefused(res, `POST /cart ${fields.intent} ${lineId.slice(0, 100)}`);
          expect(res.status, `POST /cart ${fields.intent}`).toBeGreaterThanOrEqual(400);
        }
        // A wishlist product named by a hostile id.
        const remove = new URLSearchParams({ intent: 'remove', productId: lineId }).toString();
        const wishlist = await rawRequest('POST', '/wishlist', remove, true);
        expectRefused(wishlist, `POST /wishlist remove ${lineId.slice(0, 100)}`);
        for (const [method, path] of [['POST', `/api/checkout/${id}/pay`]] as const) {
          const res = await rawRequest(method, path, JSON.stringify({ quantity: 1 }));
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
