import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hasTaskset } from './server-process';

/**
 * wrk (Debian's package) drives the bench's HTTP load: on these cores autocannon tops out near
 * 2,000 requests a second, below what the server answers, so it measured itself (issue 36). wrk
 * runs on core 0, the server on core 1. Requests are written out whole beforehand
 * (scripts/bench/wrk.lua sends them in turn); one file per connection when each connection is
 * its own shopper.
 */
export interface HttpRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface WrkResult {
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  non2xx: number;
}

/** What scripts/bench/wrk.lua prints when wrk is done (times in microseconds). */
interface WrkLine {
  requests: number;
  microseconds: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
}

const LUA = path.resolve('scripts/bench/wrk.lua');

export function hasWrk(): boolean {
  return spawnSync('wrk', ['--version']).error === undefined;
}

/** Installs wrk from Debian's packages when it is missing (the bench needs it; root only). */
export function ensureWrk(): void {
  if (hasWrk()) return;
  console.log('wrk is missing: apt-get install -y wrk');
  const apt = spawnSync('apt-get', ['install', '-y', 'wrk'], { stdio: 'inherit' });
  if (apt.status !== 0 || !hasWrk()) {
    throw new Error('the bench needs wrk (Debian package "wrk"): install it with apt-get install -y wrk');
  }
}

function message(host: string, request: HttpRequest): string {
  const body = request.body ?? '';
  const headers = {
    host,
    ...request.headers,
    ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return `${request.method} ${request.path} HTTP/1.1\r\n${lines.join('')}\r\n${body}`;
}

const ms = (microseconds: number) => Math.round(microseconds / 10) / 100;

/**
 * Runs wrk against `url` for `seconds` with `connections` connections. `requestsFor(i)` gives
 * connection i's requests (sent in turn, over and over); when `perConnection` is false, every
 * connection sends connection 0's, from one wrk thread.
 */
export async function runWrk(options: {
  url: string;
  connections: number;
  seconds: number;
  perConnection: boolean;
  requestsFor: (connection: number) => HttpRequest[];
}): Promise<WrkResult> {
  const { host } = new URL(options.url);
  const folder = mkdtempSync(path.join(tmpdir(), 'wrk-'));
  const files = options.perConnection ? options.connections : 1;
  for (let i = 0; i < files; i++) {
    const messages = options.requestsFor(i).map((r) => message(host, r));
    if (messages.some((m) => m.includes('\0'))) throw new Error('a request holds a NUL byte');
    writeFileSync(path.join(folder, `${i}.req`), messages.join('\0'));
  }
  const threads = options.perConnection ? options.connections : 1;
  const args = ['-t', String(threads), '-c', String(options.connections), '-d', `${options.seconds}s`];
  args.push('--timeout', '10s', '-s', LUA, options.url, '--', folder, String(files));
  const [command, rest] = hasTaskset ? ['taskset', ['-c', '0', 'wrk', ...args]] : ['wrk', args];
  try {
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(command, rest, { stdio: ['ignore', 'pipe', 'inherit'] });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0 ? resolve(text) : reject(new Error(`wrk exited ${code}: ${text}`)),
      );
    });
    const line = output.split('\n').find((l) => l.startsWith('WRK_RESULT '));
    if (!line) throw new Error(`wrk printed no result: ${output}`);
    const r = JSON.parse(line.slice('WRK_RESULT '.length)) as WrkLine;
    return {
      requests: r.requests,
      requestsPerSecond: Math.round(r.requests / (r.microseconds / 1e6)),
      p50Ms: ms(r.p50),
      p99Ms: ms(r.p99),
      maxMs: ms(r.max),
      errors: r.errors,
      non2xx: r.non2xx,
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * The load generator's own ceiling on this machine: wrk against a bare Node HTTP server on the
 * server's core answering an empty 204, the cheapest answer there is. A scenario near this rate
 * measured wrk, not the store.
 */
export async function generatorCeiling(seconds: number, connections = 50): Promise<number> {
  const script = `require('node:http').createServer((q, s) => { s.statusCode = 204; s.end(); }).listen(0, '127.0.0.1', function () { process.send(this.address().port); });`;
  const node = [process.execPath, '-e', script];
  const [command, args] = hasTaskset ? ['taskset', ['-c', '1', ...node]] : [process.execPath, node.slice(1)];
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  try {
    const port = await new Promise<number>((resolve) => child.once('message', (p) => resolve(Number(p))));
    const url = `http://127.0.0.1:${port}`;
    const get = () => [{ method: 'GET', path: '/', headers: {} }];
    await runWrk({ url, connections, seconds: 1, perConnection: false, requestsFor: get });
    const result = await runWrk({ url, connections, seconds, perConnection: false, requestsFor: get });
    return result.requestsPerSecond;
  } finally {
    child.kill();
  }
}
