import { createClient, type TestClient, type TestResponse } from '../support/http-client';
import { readEvents } from './restart-support';

// The clients of rolling-restart.test.ts's load: requests counted with their failures, and the
// watched shopper's other device that follows the cart's event stream across the restarts.

export interface Failure {
  method: string;
  path: string;
  outcome: string;
  at: number;
}

export interface Counters {
  requests: number;
  failures: Failure[];
  paid: string[];
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Sends one request and counts it; anything but the expected status is a failure. */
export function call(
  counters: Counters,
  client: TestClient,
  method: string,
  path: string,
  expected: number,
  body?: unknown,
  headers?: Record<string, string>,
) {
  return counted(counters, method, path, expected, () => client.request(path, { method, body, headers }));
}

/** A page's form as its script posts it (URL-encoded fields, asking for JSON), counted as `call`. */
export function callForm(
  counters: Counters,
  client: TestClient,
  path: string,
  expected: number,
  fields: Record<string, string | number>,
) {
  return counted(counters, 'POST', path, expected, () => client.form(path, fields));
}

async function counted(
  counters: Counters,
  method: string,
  path: string,
  expected: number,
  send: () => Promise<TestResponse>,
) {
  counters.requests++;
  try {
    const response = await send();
    if (response.status !== expected) {
      counters.failures.push({
        method,
        path,
        outcome: `${response.status} ${response.text.slice(0, 200)}`,
        at: Date.now(),
      });
      return undefined;
    }
    return response;
  } catch (error) {
    counters.failures.push({ method, path, outcome: String(error), at: Date.now() });
    return undefined;
  }
}

export interface Watcher {
  /** When each count of units was first seen, in order. */
  seen: { at: number; count: number }[];
  /** Where each stream was answered, in order. */
  backends: string[];
  ended: number;
  cut: number;
  /** From a stream's end to the next one's "ready": how long the device was not listening. */
  gaps: number[];
  close(): void;
}

/**
 * Another device of the watched shopper, doing what the app does (cart-sync.ts): holds the
 * cart's event stream, reads the cart on "changed", and on "ready" (a new stream: changes may
 * have been missed); when a stream ends it reconnects after the stream's `retry` time.
 */
export function watch(url: string, device: TestClient, counters: Counters, first: string): Promise<Watcher> {
  const controller = new AbortController();
  const watcher: Watcher = {
    seen: [],
    backends: [],
    ended: 0,
    cut: 0,
    gaps: [],
    close: () => controller.abort(),
  };
  const reader = createClient(url);
  for (const [name, value] of device.cookies) reader.cookies.set(name, value);
  const cookie = device.cookieHeader();
  let reading: Promise<void> | undefined;
  let again = false;
  const read = () => {
    if (reading) {
      again = true;
      return;
    }
    reading = (async () => {
      do {
        again = false;
        const answer = await call(counters, reader, 'GET', '/api/cart', 200);
        const count = (answer?.body as { count?: number } | undefined)?.count;
        if (count !== undefined) watcher.seen.push({ at: Date.now(), count });
      } while (again);
      reading = undefined;
    })();
  };
  let retry = 2_000;
  let ready: () => void = () => undefined;
  const connected = new Promise<void>((resolve) => (ready = resolve));
  void (async () => {
    let endedAt: number | undefined;
    for (let tries = 0; !controller.signal.aborted; tries++) {
      let response: Response;
      try {
        response = await fetch(`${url}/api/cart/events`, { headers: { cookie }, signal: controller.signal });
      } catch (error) {
        if (!controller.signal.aborted)
          counters.failures.push({
            method: 'GET',
            path: '/api/cart/events',
            outcome: String(error),
            at: Date.now(),
          });
        await sleep(retry);
        continue;
      }
      const backend = response.headers.get('x-backend') ?? '?';
      // The first streams are spread over both instances, so a restart ends some of them.
      if (watcher.backends.length === 0 && backend !== first && tries < 20) {
        await response.body?.cancel();
        continue;
      }
      if (response.status !== 200) {
        counters.failures.push({
          method: 'GET',
          path: '/api/cart/events',
          outcome: String(response.status),
          at: Date.now(),
        });
        await sleep(retry);
        continue;
      }
      watcher.backends.push(backend);
      const how = await readEvents(response.body!, (event) => {
        if (event.retry !== undefined) retry = event.retry;
        if (event.event === 'ready') {
          if (endedAt !== undefined) watcher.gaps.push(Date.now() - endedAt);
          ready();
          read();
        } else if (event.event === 'changed') {
          read();
        }
      });
      if (controller.signal.aborted) break;
      if (how === 'ended') watcher.ended++;
      else watcher.cut++;
      endedAt = Date.now();
      await sleep(retry);
    }
  })();
  return connected.then(() => watcher);
}

/** How long each unit added went unseen by the watcher: from its answer to the first read showing it. */
export function unseenTimes(acked: number[], seen: Watcher['seen']): number[] {
  return acked.map((at, i) => {
    const shown = seen.find((s) => s.count >= i + 1);
    return shown ? Math.max(0, shown.at - at) : Number.POSITIVE_INFINITY;
  });
}
