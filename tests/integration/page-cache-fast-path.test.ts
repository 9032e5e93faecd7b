import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import pino from 'pino';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cachedPagesFirstFor, type CreateAppOptions, createApp } from '../../server/app';
import { BUILD_DIR } from '../../server/server';
import { startTestServer, type TestServer } from '../support/test-server';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** Any method and headers, the bytes as sent (no client that decodes or adds headers). */
function send(
  base: string,
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base);
    // The request target as given (a URL object would resolve dot segments), one connection each.
    const req = request({ hostname, port, path: url, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const nonceOf = (answer: Answer) =>
  /'nonce-([^']+)'/.exec(String(answer.headers['content-security-policy']))?.[1];

/** The headers without those that differ per answer: the date, the request id, the nonce. */
function comparable(answer: Answer): Record<string, unknown> {
  const { date: _date, 'x-request-id': _id, ...rest } = answer.headers;
  const nonce = nonceOf(answer);
  return Object.fromEntries(
    Object.entries(rest).map(([name, value]) => [
      name,
      nonce ? String(value).replaceAll(nonce, 'NONCE') : value,
    ]),
  );
}

function page(answer: Answer): string {
  const html = answer.headers['content-encoding'] === 'gzip' ? gunzipSync(answer.body) : answer.body;
  const nonce = nonceOf(answer);
  expect(nonce, 'a nonce').toBeTruthy();
  return html.toString().replaceAll(nonce!, 'NONCE');
}

/** A session cookie of no session: the app answers it, with the guest's cached page. */
const STALE_SESSION = { cookie: 'better-auth.session_token=not-a-session' };
const GZIP = { 'accept-encoding': 'gzip' };

describe('cached pages answered ahead of the framework', () => {
  let t: TestServer;
  let server: Server;
  let base: string;
  let throughApp: string[];
  let shuttingDown = false;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    t = await startTestServer('sqlite', { REQUIRE_EMAIL_VERIFICATION: 'false' });
    // The store's own composition (server/server.ts) on the test server's services, with a
    // logger to read and a count of the requests that reached the app behind the fast path.
    const build = (await import(pathToFileURL(path.join(BUILD_DIR, 'server/index.js')).href)) as ServerBuild;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const logger = pino({ level: 'info', base: undefined }, sink);
    const options: CreateAppOptions = {
      services: { ...t.server.services, logger },
      build,
      clientDir: path.relative(process.cwd(), path.join(BUILD_DIR, 'client')),
      isShuttingDown: () => shuttingDown,
      cachePages: true,
    };
    const app = getRequestListener(createApp(options).fetch);
    server = createServer(
      cachedPagesFirstFor(options)((req, res) => {
        throughApp.push(`${req.method} ${req.url}`);
        return app(req, res);
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await t?.close();
  });
  beforeEach(() => {
    throughApp = [];
    lines.length = 0;
    shuttingDown = false;
  });

  it('answers a cached page with the same headers and page the app gives it, and a fresh nonce', async () => {
    for (const url of ['/category/mobility', '/search?q=walker&page=1', '/']) {
      for (const encoding of [GZIP, {}]) {
        const first = await send(base, url, encoding);
        const before = throughApp.length;
        const fast = await send(base, url, encoding);
        expect(throughApp.length, 'the second answer comes from the fast path').toBe(before);
        const viaApp = await send(base, url, { ...encoding, ...STALE_SESSION });
        expect(throughApp.length).toBe(before + 1);
        expect(first.status).toBe(200);
        expect(fast.status).toBe(200);
        expect(comparable(fast)).toEqual(comparable(viaApp));
        expect(comparable(fast)).toEqual(comparable(first));
        expect(page(fast)).toBe(page(viaApp));
        expect(nonceOf(fast)).not.toBe(nonceOf(viaApp));
        expect(fast.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
        expect(Number(fast.headers['content-length'])).toBe(fast.body.length);
      }
    }
  });

  it('answers a matching If-None-Match with 304 and no policy, like the app', async () => {
    const url = '/category/respiratory';
    const first = await send(base, url, GZIP);
    const tag = { 'if-none-match': String(first.headers.etag), ...GZIP };
    const fast = await send(base, url, tag);
    const viaApp = await send(base, url, { ...tag, ...STALE_SESSION });
    expect(fast.status).toBe(304);
    expect(fast.body.length).toBe(0);
    expect(fast.headers['content-security-policy']).toBeUndefined();
    expect(comparable(fast)).toEqual(comparable(viaApp));
    expect(throughApp).toEqual([`GET ${url}`, `GET ${url}`]);
  });

  it('keeps a plain incoming request id, replaces any other, and logs the line the app logs', async () => {
    const url = '/category/mobility?sort=price-asc';
    await send(base, url);
    lines.length = 0;
    const kept = await send(base, url, { 'x-request-id': 'proxy-42=a' });
    const replaced = await send(base, url, { 'x-request-id': 'no spaces, please' });
    const viaApp = await send(base, url, STALE_SESSION);
    expect(kept.headers['x-request-id']).toBe('proxy-42=a');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const requestLines = lines.filter((line) => line.msg === 'request');
    expect(requestLines).toHaveLength(3);
    for (const line of requestLines) {
      expect(Object.keys(line).sort()).toEqual([
        'level',
        'method',
        'ms',
        'msg',
        'path',
        'reqId',
        'status',
        'time',
      ]);
      // The path without its query string, which may carry tokens.
      expect(line).toMatchObject({ level: 30, method: 'GET', path: '/category/mobility', status: 200 });
    }
    expect(requestLines.map((line) => line.reqId)).toEqual([
      'proxy-42=a',
      replaced.headers['x-request-id'],
      viaApp.headers['x-request-id'],
    ]);
    expect(throughApp).toEqual([`GET ${url}`, `GET ${url}`]);
  });

  it('leaves to the app what the app would answer differently', async () => {
    const url = '/category/bathroom-safety';
    await send(base, url);
    throughApp = [];
    await send(base, url, STALE_SESSION);
    await send(base, url, {}, 'HEAD');
    await send(base, url, { 'content-type': 'text/plain', 'content-length': '6' }, 'GET', 'a body');
    await send(base, url, { 'content-type': 'text/plain', 'transfer-encoding': 'chunked' }, 'GET', 'a body');
    await send(base, url, { host: 'Store.Example' });
    await send(base, `${url}?q=%zz`);
    await send(base, '/category/./bathroom-safety');
    await send(base, `${url}?x=/../`);
    await send(base, '/about');
    shuttingDown = true;
    const closing = await send(base, url);
    expect(closing.headers.connection).toBe('close');
    expect(throughApp).toHaveLength(10);
    // Still served from the cache once the fast path is back.
    shuttingDown = false;
    await send(base, url);
    expect(throughApp).toHaveLength(10);
  });

  it('serves an uncached page through the app, which stores it for the next guest', async () => {
    const url = '/product/not-a-product';
    const missing = await send(base, url);
    const again = await send(base, url);
    expect([missing.status, again.status]).toEqual([404, 404]);
    expect(throughApp).toEqual([`GET ${url}`, `GET ${url}`]);
  });
});
