import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small round-robin load balancer in front of store instances, behaving as a real one does
 * in the ways a restart depends on (docs/decisions/0037):
 *
 * - Active health checks: GET /api/health on each instance every `intervalMs` on a new
 *   connection; `unhealthyAfter` failed checks in a row (a 503, no answer in `timeoutMs`, a
 *   refused connection) take it out of rotation, one 200 puts it back.
 * - Passive checks: a request that cannot reach an instance takes it out at once.
 * - Retries as nginx's proxy_next_upstream does by default: a request that got no answer is sent
 *   to the next instance if it is idempotent (GET, HEAD, OPTIONS, PUT, DELETE), or if it
 *   certainly never left (connection refused). A POST whose connection broke after it was sent
 *   is not sent again: it fails, and the test counts it.
 * - Keep-alive connections to the instances, closed by the balancer after `idleMs` (60 s, as an
 *   AWS load balancer): the instances keep theirs longer (KEEP_ALIVE_TIMEOUT_MS).
 * - X-Forwarded-For gets the client's address appended; answers are streamed (event streams
 *   too), with an `x-backend` header naming the instance, for the test to see where a request
 *   went. Request bodies are read whole first, so that one can be sent again.
 */
export interface Balancer {
  url: string;
  /** Instances by name, with whether each is in rotation now. */
  backends: ReadonlyMap<string, { up: boolean; answered: number }>;
  /** Requests sent again to another instance, and why. */
  retries: { method: string; path: string; from: string; code: string }[];
  /** Every change of an instance's state, for the report. */
  transitions: { name: string; up: boolean; at: number; why: string }[];
  /** Resolves when the named instance is in rotation (or out of it, with up = false). */
  waitFor(name: string, up: boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface BalancerOptions {
  intervalMs?: number;
  timeoutMs?: number;
  unhealthyAfter?: number;
  idleMs?: number;
  /** How long a request waits for an instance in rotation when there is none, before a 502. */
  queueMs?: number;
}

interface Backend {
  name: string;
  host: string;
  port: number;
  agent: http.Agent;
  up: boolean;
  failedChecks: number;
  checking: boolean;
  answered: number;
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
// Hop-by-hop headers (RFC 9110, 7.6.1): they describe one connection and are not forwarded.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);
const endToEnd = <T>(headers: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));

type Outcome = { kind: 'answered' } | { kind: 'failed'; code: string; neverSent: boolean };

export async function startBalancer(
  instances: Record<string, string>,
  options: BalancerOptions = {},
): Promise<Balancer> {
  const intervalMs = options.intervalMs ?? 100;
  const timeoutMs = options.timeoutMs ?? 3_000;
  const unhealthyAfter = options.unhealthyAfter ?? 2;
  const idleMs = options.idleMs ?? 60_000;
  const queueMs = options.queueMs ?? 5_000;
  const backends: Backend[] = Object.entries(instances).map(([name, url]) => {
    const { hostname, port } = new URL(url);
    return {
      name,
      host: hostname,
      port: Number(port),
      agent: new http.Agent({ keepAlive: true, timeout: idleMs }),
      up: false,
      failedChecks: 0,
      checking: false,
      answered: 0,
    };
  });
  const retries: Balancer['retries'] = [];
  const transitions: Balancer['transitions'] = [];
  const listeners = new Set<() => void>();

  const setUp = (backend: Backend, up: boolean, why: string) => {
    if (backend.up === up) return;
    backend.up = up;
    transitions.push({ name: backend.name, up, at: Date.now(), why });
    for (const notify of listeners) notify();
  };

  const check = (backend: Backend) => {
    if (backend.checking) return;
    backend.checking = true;
    const failed = (why: string) => {
      backend.checking = false;
      if (++backend.failedChecks >= unhealthyAfter) setUp(backend, false, why);
    };
    const request = http.get(
      { host: backend.host, port: backend.port, path: '/api/health', agent: false, timeout: timeoutMs },
      (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode !== 200) return failed(`health ${response.statusCode}`);
          backend.checking = false;
          backend.failedChecks = 0;
          setUp(backend, true, 'health 200');
        });
        response.on('error', () => failed('health answer broken'));
      },
    );
    request.on('timeout', () => request.destroy(new Error('health check timed out')));
    request.on('error', (error: NodeJS.ErrnoException) => failed(`health ${error.code ?? error.message}`));
  };
  const checks = setInterval(() => backends.forEach(check), intervalMs);
  backends.forEach(check);

  let next = 0;
  const pick = async (tried: Set<Backend>): Promise<Backend | undefined> => {
    const deadline = Date.now() + queueMs;
    for (;;) {
      for (let i = 0; i < backends.length; i++) {
        const backend = backends[(next + i) % backends.length]!;
        if (backend.up && !tried.has(backend)) {
          next = (next + i + 1) % backends.length;
          return backend;
        }
      }
      if (Date.now() > deadline || tried.size === backends.length) return undefined;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  const forward = (
    backend: Backend,
    req: http.IncomingMessage,
    body: Buffer,
    res: http.ServerResponse,
  ): Promise<Outcome> =>
    new Promise((resolve) => {
      const headers: http.OutgoingHttpHeaders = endToEnd(req.headers);
      const client = req.socket.remoteAddress ?? '127.0.0.1';
      headers['x-forwarded-for'] = req.headers['x-forwarded-for']
        ? `${String(req.headers['x-forwarded-for'])}, ${client}`
        : client;
      if (body.length > 0 || req.headers['content-length'] !== undefined) {
        headers['content-length'] = String(body.length);
      }
      const upstream = http.request({
        host: backend.host,
        port: backend.port,
        method: req.method,
        path: req.url,
        headers,
        agent: backend.agent,
      });
      let answered = false;
      upstream.on('response', (answer) => {
        answered = true;
        backend.answered++;
        res.writeHead(answer.statusCode ?? 502, { ...endToEnd(answer.headers), 'x-backend': backend.name });
        res.flushHeaders();
        answer.pipe(res);
        // An answer cut off half-way is passed on as cut off: the client sees the failure.
        answer.on('close', () => {
          if (!answer.complete) res.destroy();
        });
        resolve({ kind: 'answered' });
      });
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (answered) return;
        resolve({
          kind: 'failed',
          code: error.code ?? error.message,
          neverSent: error.code === 'ECONNREFUSED',
        });
      });
      // The client went away (an event stream closed by the test): so does the upstream request.
      res.on('close', () => {
        if (!res.writableFinished) upstream.destroy();
      });
      upstream.end(body);
    });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        const tried = new Set<Backend>();
        for (;;) {
          const backend = await pick(tried);
          if (!backend) {
            res.writeHead(502, { 'content-type': 'text/plain' }).end('No instance in rotation answered.');
            return;
          }
          const outcome = await forward(backend, req, body, res);
          if (outcome.kind === 'answered') return;
          tried.add(backend);
          setUp(backend, false, `request ${outcome.code}`);
          if (!outcome.neverSent && !IDEMPOTENT.has(req.method ?? 'GET')) {
            res.writeHead(502, { 'content-type': 'text/plain' }).end(`Instance failed: ${outcome.code}`);
            return;
          }
          retries.push({
            method: req.method ?? '',
            path: req.url ?? '',
            from: backend.name,
            code: outcome.code,
          });
        }
      })();
    });
  });
  // Clients may keep their connections to the balancer for as long as it keeps them open.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    backends: new Map(backends.map((b) => [b.name, b])),
    retries,
    transitions,
    waitFor(name, up, waitMs = 60_000) {
      const backend = backends.find((b) => b.name === name);
      if (!backend) return Promise.reject(new Error(`no instance named ${name}`));
      return new Promise((resolve, reject) => {
        const done = () => {
          if (backend.up !== up) return;
          listeners.delete(done);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          listeners.delete(done);
          reject(new Error(`${name} not ${up ? 'up' : 'down'} within ${waitMs} ms`));
        }, waitMs);
        listeners.add(done);
        done();
      });
    },
    async close() {
      clearInterval(checks);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      for (const backend of backends) backend.agent.destroy();
      await closed;
    },
  };
}
