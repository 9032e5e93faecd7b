import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { cardPayment, withAddress } from '../support/checkout';
import { freePort } from '../support/free-port';
import { createClient, type TestClient } from '../support/http-client';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { PASSWORD, PRODUCT_A, PRODUCT_B } from './support';
import { prepareStore } from '../support/stocked-store';
import { readEvents } from './restart-support';

/** Loops sending requests one after another over shared keep-alive connections. */
const LOOPS = 4;
/** Uploads still arriving when SIGTERM comes, and how long each takes after it. */
const SLOW_UPLOADS = 3;
const TRICKLE_MS = 1_500;

interface Sent {
  status?: number;
  connection?: string;
  body?: string;
  /** The error, when no answer came. */
  error?: string;
  /** Sent on a connection an earlier answer had used (Node's req.reusedSocket). */
  reused: boolean;
  at: number;
}

/**
 * One request with Node's client, so a failure says whether it went out on a kept-alive
 * connection: a server closing an idle connection as the request leaves never saw that request,
 * and Node's documentation calls such a request safe to send again.
 */
function send(
  agent: http.Agent,
  url: string,
  method: string,
  path: string,
  options: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
): Promise<Sent> {
  // A page's form (URLSearchParams) is sent as its script posts it: URL-encoded, asking for JSON.
  const form = options.body instanceof URLSearchParams;
  const body = form
    ? String(options.body)
    : options.body === undefined
      ? undefined
      : JSON.stringify(options.body);
  const type = form
    ? { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }
    : { 'content-type': 'application/json' };
  return new Promise((resolve) => {
    const request = http.request(`${url}${path}`, {
      method,
      agent,
      headers: {
        ...(body ? { ...type, 'content-length': Buffer.byteLength(body) } : {}),
        ...(method !== 'GET' ? { origin: url } : {}),
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...options.headers,
      },
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          connection: response.headers.connection,
          body: Buffer.concat(chunks).toString(),
          reused: request.reusedSocket,
          at: Date.now(),
        }),
      );
      response.on('error', (error: NodeJS.ErrnoException) =>
        resolve({
          error: `answer cut: ${error.code ?? error.message}`,
          reused: request.reusedSocket,
          at: Date.now(),
        }),
      );
    });
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ error: error.code ?? error.message, reused: request.reusedSocket, at: Date.now() }),
    );
    request.end(body);
  });
}

/** Never accepted by the server: the listener was closed, or an idle connection was closed under it. */
const neverAccepted = (sent: Sent) =>
  sent.error === 'ECONNREFUSED' ||
  (sent.reused && (sent.error === 'ECONNRESET' || sent.error === 'socket hang up'));

async function signedIn(url: string, name: string): Promise<TestClient> {
  const client = createClient(url);
  const email = `${name}-${Date.now()}@example.com`;
  const account = {
    email,
    password: PASSWORD,
    name: `${name} Shopper`,
    firstName: name,
    lastName: 'Shopper',
  };
  expect((await client.post('/api/auth/sign-up/email', account)).status).toBe(200);
  expect((await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
  return client;
}

/**
 * An add to cart (the page's form, as its script posts it) whose headers the server has taken
 * ("100 Continue") and whose body is still to come: in flight, for sure, when SIGTERM arrives.
 */
async function slowUpload(url: string, cookie: string) {
  const body = new URLSearchParams({ intent: 'add', productId: PRODUCT_A.id, quantity: '1' }).toString();
  const request = http.request(`${url}/cart`, {
    method: 'POST',
    agent: false,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
      'content-length': Buffer.byteLength(body),
      expect: '100-continue',
      origin: url,
      cookie,
    },
  });
  const answered = new Promise<{ status?: number; connection?: string; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () =>
        resolve({ status: response.statusCode, connection: response.headers.connection, body: text }),
      );
    });
    request.on('error', reject);
  });
  answered.catch(() => undefined);
  request.flushHeaders();
  await new Promise<void>((resolve) => request.once('continue', resolve));
  return {
    answered,
    /** Sends the body in three pieces over `ms`. */
    async trickle(ms: number) {
      const third = Math.ceil(body.length / 3);
      for (let i = 0; i < 3; i++) {
        request.write(body.slice(i * third, (i + 1) * third));
        await new Promise((resolve) => setTimeout(resolve, ms / 3));
      }
      request.end();
    },
  };
}

/** The SQLite file's mail jobs by state. */
async function mailJobStates(testDb: TestDatabase): Promise<Record<string, number>> {
  const database = testDb.open();
  try {
    const rows = await database.db
      .selectFrom('jobs')
      .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
      .where('queue', '=', 'mail')
      .groupBy('state')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
  } finally {
    await database.close();
  }
}

/**
 * The embedded database has one instance (docs/decisions/0021): a restart cannot move its
 * traffic elsewhere, but must answer every request it accepted, end its event streams cleanly
 * and promptly, and leave no job to run twice (docs/decisions/0037).
 */
describe('a restart of the single SQLite instance', () => {
  let testDb: TestDatabase | undefined;
  let smtp: SmtpReceiver | undefined;
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) {
      if (server.child.exitCode === null) server.child.kill('SIGTERM');
      await server.exited;
    }
    await smtp?.close();
    await testDb?.cleanup();
  });

  it(
    'answers every request it accepted, ends event streams cleanly, and sends each mail once',
    { timeout: 120_000 },
    async () => {
      testDb = createTestDatabase('sqlite');
      await prepareStore(testDb, [PRODUCT_A.id, PRODUCT_B.id]);
      smtp = await startSmtpReceiver();
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      // SHUTDOWN_DRAIN_MS stays 0 (the test processes' default): no balancer to wait for, so the
      // listener closes at once, the hardest case for the requests in flight.
      const env = {
        DATABASE_URL: testDb.url,
        DATA_DIR: testDb.dir,
        AUTH_SECRET: 'single-restart-secret-that-is-long-enough',
        APP_URL: url,
        PORT: String(port),
        SMTP_URL: smtp.url,
        REQUIRE_EMAIL_VERIFICATION: 'false',
        TRUSTED_PROXIES: '127.0.0.1',
        SHUTDOWN_TIMEOUT_MS: '20000',
      };
      const first = await startServerProcess(env);
      servers.push(first);

      const shopper = (await signedIn(url, 'shopper')).cookieHeader();
      const uploader = (await signedIn(url, 'uploader')).cookieHeader();
      const watched = (await signedIn(url, 'watched')).cookieHeader();

      // The watched shopper's event stream.
      const stream = await fetch(`${url}/api/cart/events`, { headers: { cookie: watched } });
      expect(stream.status).toBe(200);
      let retry: number | undefined;
      let streamReady: () => void = () => undefined;
      const streamOpen = new Promise<void>((resolve) => (streamReady = resolve));
      const streamEnd = readEvents(stream.body!, (event) => {
        if (event.retry !== undefined) retry = event.retry;
        if (event.event === 'ready') streamReady();
      }).then((how) => ({ how, at: Date.now() }));
      await streamOpen;

      // Shoppers' requests over kept-alive connections, until the server is gone.
      const agent = new http.Agent({ keepAlive: true });
      const sent: (Sent & { what: string; expected: number })[] = [];
      const paid: string[] = [];
      let address = 0;
      const loop = async (w: number) => {
        for (let n = 0; ; n++) {
          const request = async (
            what: string,
            expected: number,
            path: string,
            options: Parameters<typeof send>[4] = {},
          ) => {
            const result = {
              ...(await send(agent, url, what.split(' ')[0]!, path, options)),
              what,
              expected,
            };
            sent.push(result);
            return result;
          };
          const page = await request('GET page', 200, n % 2 ? '/' : `/product/${PRODUCT_B.id}`);
          if (page.error) return;
          const added = await request('POST cart', 200, '/cart', {
            body: new URLSearchParams({ intent: 'add', productId: PRODUCT_B.id, quantity: '1' }),
            cookie: shopper,
          });
          if (added.error) return;
          if ((await request('GET cart', 200, '/api/cart', { cookie: shopper })).error) return;
          if ((n + w) % 4 === 0) {
            const from = { 'x-forwarded-for': `198.18.0.${++address}` };
            const items = [{ productId: PRODUCT_A.id, quantity: 1 }];
            const created = await request('POST checkout', 201, '/api/checkout', {
              body: withAddress({ items }),
              headers: from,
            });
            if (created.error) return;
            const orderId = (JSON.parse(created.body ?? '{}') as { orderId?: string }).orderId;
            const body = cardPayment(undefined, `buyer-${orderId}@example.com`);
            const pay = await request('POST pay', 200, `/api/checkout/${orderId}/pay`, {
              body,
              headers: from,
            });
            if (pay.error) return;
            const reference = (JSON.parse(pay.body ?? '{}') as { reference?: string }).reference;
            if (reference) paid.push(reference);
          }
        }
      };
      const loops = Promise.all(Array.from({ length: LOOPS }, (_, w) => loop(w)));
      await expect
        .poll(() => paid.length >= 4 && sent.length >= 100, { timeout: 60_000, interval: 50 })
        .toBe(true);

      const uploads = await Promise.all(
        Array.from({ length: SLOW_UPLOADS }, () => slowUpload(url, uploader)),
      );
      const signalled = Date.now();
      first.child.kill('SIGTERM');
      await Promise.all(uploads.map((upload) => upload.trickle(TRICKLE_MS)));
      const answers = await Promise.all(uploads.map((upload) => upload.answered));
      await loops;
      const code = await first.exited;
      const exitedAfter = Date.now() - signalled;
      const ended = await streamEnd;
      agent.destroy();

      const afterSignal = sent.filter((s) => s.at >= signalled);
      const refused = sent.filter(neverAccepted);
      const failed = sent.filter(
        (s) => !neverAccepted(s) && (s.error !== undefined || s.status !== s.expected),
      );
      console.log(
        `single-instance restart (SQLite): ${sent.length} requests, ${paid.length} orders paid; after SIGTERM ${
          afterSignal.length - refused.length
        } answered, ${refused.length} not accepted (${[...new Set(refused.map((s) => s.error))].join(', ')}), ${
          failed.length
        } failed; ${SLOW_UPLOADS} uploads answered ${answers.map((a) => a.status).join(', ')}; the event stream ${ended.how} ${
          ended.at - signalled
        } ms after SIGTERM (retry ${retry} ms); exited ${code} after ${exitedAfter} ms`,
      );

      expect(failed).toEqual([]);
      // Each upload was taken before SIGTERM and answered after it, telling its client to close.
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.connection).toBe('close');
      }
      expect(ended.how).toBe('ended');
      expect(retry).toBeLessThanOrEqual(1_000);
      expect(code).toBe(0);
      expect(first.output()).toContain('shutdown complete');
      expect(first.output()).not.toContain('shutdown timeout reached');
      // Well before SHUTDOWN_TIMEOUT_MS: nothing (the event stream) held the shutdown.
      expect(exitedAfter).toBeLessThan(TRICKLE_MS + 8_000);

      // Started again on the same file: the uploads' units are in the cart, and each paid order's
      // mail went out once, whichever process sent it.
      const second = await startServerProcess(env);
      servers.push(second);
      const cart = await fetch(`${url}/api/cart`, { headers: { cookie: uploader } });
      expect(((await cart.json()) as { count: number }).count).toBe(SLOW_UPLOADS);
      await expect
        .poll(
          async () => {
            const states = await mailJobStates(testDb!);
            const mailed = paid.filter((ref) => smtp!.messages.some((m) => m.subject.includes(ref)));
            return {
              unfinished: Object.keys(states).filter((s) => s !== 'completed'),
              mailed: mailed.length,
            };
          },
          { timeout: 30_000, interval: 250 },
        )
        .toEqual({ unfinished: [], mailed: paid.length });
      expect(
        paid.map((ref) => smtp!.messages.filter((m) => m.subject.includes(ref)).length).every((n) => n === 1),
      ).toBe(true);
    },
  );
});
