import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { asBody } from '../body';
import type { AppBindings } from '../types';
import { gzipTemplate, type GzipTemplate } from './gzip-template';

/**
 * Anonymous catalogue pages, rendered once and served from memory (ADR 0009).
 *
 * A page without a session is the same for every visitor until the catalogue changes (the
 * composition root drops the pages a change touches), except for the CSP nonce: each response
 * gets a fresh one (see gzip-template.ts). Only paths known to depend on nothing but the URL are cached, and
 * only when the rendered answer says nothing against it (200, HTML, no cookie set, not
 * no-store/private). A signed-in visitor's page shows their name and is always rendered.
 */
const CACHEABLE_PATH = /^\/(?:category\/[a-z0-9-]+(?:\/[a-z0-9-]+)?|product\/[a-z0-9-]+|search)?$/;
/** Better Auth's session cookies (with or without the __Secure- prefix). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_/;
/** The footer's year and anything else that follows the clock stays at most this old. */
const MAX_AGE_MS = 10 * 60_000;
/** Random query strings can each make an entry; the least recently used go first. */
const MAX_BYTES = 48 * 1024 * 1024;
const CACHE_CONTROL = 'private, no-cache';
const VARY = 'Cookie, Accept-Encoding';

interface Entry {
  template: GzipTemplate;
  contentType: string;
  etag: string;
  bytes: number;
  storedAt: number;
}

export interface PageCache {
  middleware: MiddlewareHandler<AppBindings>;
  /** Forget these paths' pages (with any query string): their content changed. */
  drop(paths: readonly string[]): void;
  /** Forget every page. */
  clear(): void;
}

export function pageCache(): PageCache {
  const entries = new Map<string, Entry>();
  let bytes = 0;

  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };

  const remember = (key: string, entry: Entry) => {
    const old = entries.get(key);
    if (old) bytes -= old.bytes;
    entries.delete(key);
    entries.set(key, entry);
    bytes += entry.bytes;
    for (const [oldestKey, oldest] of entries) {
      if (bytes <= MAX_BYTES) break;
      entries.delete(oldestKey);
      bytes -= oldest.bytes;
    }
  };

  const lookup = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (Date.now() - entry.storedAt > MAX_AGE_MS) {
      entries.delete(key);
      bytes -= entry.bytes;
      return undefined;
    }
    // Most recently used last.
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  };

  const middleware: MiddlewareHandler<AppBindings> = async (c, next) => {
    if (c.req.method !== 'GET' || !CACHEABLE_PATH.test(c.req.path)) return next();
    if (SESSION_COOKIE.test(c.req.header('cookie') ?? '')) return next();
    // Path and query string, without parsing the whole URL on every cached answer.
    const query = c.req.url.indexOf('?');
    const key = query === -1 ? c.req.path : c.req.path + c.req.url.slice(query);
    const nonce = c.get('nonce');

    const cached = lookup(key);
    if (cached) return answer(c, cached, nonce);

    await next();
    if (!isCacheable(c.res)) return;
    const html = await c.res.text();
    if (!html.includes(nonce)) {
      c.res = new Response(html, c.res);
      return;
    }
    const entry = toEntry(html, nonce, c.res.headers.get('Content-Type') ?? '', Date.now());
    remember(key, entry);
    c.res = answer(c, entry, nonce);
  };

  return {
    middleware,
    drop(paths) {
      const dropped = new Set(paths);
      for (const key of [...entries.keys()]) {
        const query = key.indexOf('?');
        if (dropped.has(query === -1 ? key : key.slice(0, query))) forget(key);
      }
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
  };
}

function isCacheable(res: Response): boolean {
  return (
    res.status === 200 &&
    (res.headers.get('Content-Type') ?? '').startsWith('text/html') &&
    !res.headers.has('Set-Cookie') &&
    !res.headers.has('Content-Encoding') &&
    !/no-store|private/.test(res.headers.get('Cache-Control') ?? '')
  );
}

function toEntry(html: string, nonce: string, contentType: string, storedAt: number): Entry {
  const template = gzipTemplate(html, nonce);
  // Tagged by the page without its nonce: the same page, whichever nonce it went out with.
  const etag = `W/"${createHash('sha256').update(html.split(nonce).join('')).digest('base64url').slice(0, 27)}"`;
  return { template, contentType, etag, bytes: html.length * 2, storedAt };
}

function answer(c: Context<AppBindings>, entry: Entry, nonce: string): Response {
  const headers = new Headers({ 'Cache-Control': CACHE_CONTROL, Vary: VARY, ETag: entry.etag });
  const tags = c.req.header('if-none-match');
  if (tags && tags.split(',').some((tag) => tag.trim() === entry.etag || tag.trim() === '*')) {
    // No new CSP either (see security-headers.ts): the browser keeps the page it has with the
    // headers it came with, and a 304's headers would replace them.
    return new Response(null, { status: 304, headers });
  }
  headers.set('Content-Type', entry.contentType);
  if (/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
    headers.set('Content-Encoding', 'gzip');
    return new Response(asBody(entry.template.gzip(nonce)), { status: 200, headers });
  }
  return new Response(entry.template.text(nonce), { status: 200, headers });
}
