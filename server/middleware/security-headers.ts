import { randomFillSync } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { answersJson } from '../http-error';
import type { AppBindings } from '../types';

export interface SecurityHeaderOptions {
  https: boolean;
  /** Vite's dev server needs a websocket for hot reload. */
  development: boolean;
  /**
   * Origins a form may lead to besides ours: the sign-in providers (a "Continue with" form is
   * answered with a redirect to them, and browsers hold redirects to form-action too).
   */
  formActionOrigins?: readonly string[];
}

const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=(self)',
  'serial=()',
  'usb=()',
  'browsing-topics=()',
].join(', ');

export function contentSecurityPolicy(nonce: string, options: SecurityHeaderOptions): string {
  const directives = [
    "default-src 'self'",
    // Every script we serve is same-origin; inline ones (hydration data) carry the nonce.
    `script-src 'self' 'nonce-${nonce}'`,
    // React style props and the toast library's injected <style> need inline styles.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    options.development ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    ["form-action 'self'", ...(options.formActionOrigins ?? [])].join(' '),
    "frame-ancestors 'none'",
  ];
  if (options.https) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

const API_POLICY = "default-src 'none'; frame-ancestors 'none'";
const NONCE_BYTES = 18;
const pool = Buffer.alloc(NONCE_BYTES * 512);
let poolOffset = pool.length;

/**
 * 18 random bytes, base64. Drawn from a pool refilled by the same CSPRNG 512 nonces at a time:
 * one call into OpenSSL per request was a measurable part of serving a cached page.
 */
export function freshNonce(): string {
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const nonce = pool.toString('base64', poolOffset, poolOffset + NONCE_BYTES);
  poolOffset += NONCE_BYTES;
  return nonce;
}

/** The headers every answer carries, and a document's policy for its nonce (built once). */
export interface SecurityHeaderSet {
  common: readonly (readonly [string, string])[];
  documentPolicy(nonce: string): string;
}

/**
 * Built once per server: the policy around its nonce is two fixed strings. Shared by the
 * middleware and the cached pages' fast path (server/page-cache/fast-path.ts), which answers
 * ahead of the middleware and must send the same headers.
 */
export function securityHeaderSet(options: SecurityHeaderOptions): SecurityHeaderSet {
  const MARK = '\u0000';
  const [before = '', after = ''] = contentSecurityPolicy(MARK, options).split(MARK);
  const common: [string, string][] = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Permissions-Policy', PERMISSIONS_POLICY],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
  ];
  if (options.https) common.push(['Strict-Transport-Security', 'max-age=63072000; includeSubDomains']);
  return { common, documentPolicy: (nonce) => before + nonce + after };
}

/** Sets a fresh CSP nonce for the request and the security headers on every response. */
export function securityHeaders(options: SecurityHeaderOptions): MiddlewareHandler<AppBindings> {
  const set = securityHeaderSet(options);
  return async (c, next) => {
    // API answers, and a page form's JSON answer to its script, are data, never documents: they
    // load nothing, so their policy allows nothing and needs no nonce (one less random draw and
    // policy string on the busiest paths).
    const isApi = answersJson(c);
    const nonce = isApi ? '' : freshNonce();
    c.set('nonce', nonce);
    await next();
    const headers = c.res.headers;
    // A 304's headers replace the stored ones, and the stored page carries the nonce it was
    // sent with; a new policy would block its scripts (server/page-cache).
    // A file served as a download (a prescription, an uploaded image) brings its own, stricter
    // policy (default-src 'none'; sandbox), which stays.
    if (isApi) headers.set('Content-Security-Policy', API_POLICY);
    else if (c.res.status !== 304 && !headers.has('Content-Security-Policy'))
      headers.set('Content-Security-Policy', set.documentPolicy(nonce));
    for (const [name, value] of set.common) headers.set(name, value);
  };
}
