import { createHash, randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { asBody } from '../body';
import type { AppBindings, Viewer } from '../types';
import { gzipTemplate, type GzipTemplate } from './gzip-template';

/**
 * Catalogue pages, rendered once and served from memory (ADR 0009, 0029).
 *
 * A page is the same for every guest until the catalogue changes (the composition root drops
 * the pages a change touches), except for the CSP nonce: each response gets a fresh one (see
 * gzip-template.ts). Only paths known to depend on nothing but the URL are cached, and only
 * when the rendered answer says nothing against it (200, HTML, no cookie set, not
 * no-store/private).
 *
 * A signed-in shopper's page differs only in their name, their cart's count and the hearts of
 * the products in their wishlist. The count and the wishlist change the page's shape (a badge,
 * "1 item", a pressed heart), so they are part of the key; the name
 * is spliced in like the nonce. The page is rendered once per count with a stand-in name (a
 * mark), and the mark is replaced per answer: escaped as React escapes text in the HTML, and
 * as React Router writes a string into its hydration script.
 */
const CACHEABLE_PATH = /^\/(?:category\/[a-z0-9-]+(?:\/[a-z0-9-]+)?|product\/[a-z0-9-]+|search)?$/;
/** The kinds of CACHEABLE_PATH, by their first segment ("/" is home). */
export const CACHED_PAGE_KINDS = ['home', 'category', 'product', 'search'] as const;
export type CachedPageKind = (typeof CACHED_PAGE_KINDS)[number];
const KIND_BY_SEGMENT: Record<string, CachedPageKind> = {
  category: 'category',
  product: 'product',
  search: 'search',
};
/** A cacheable path's kind: what its first segment names, home for "/". */
const kindOf = (path: string): CachedPageKind => KIND_BY_SEGMENT[path.split('/', 2)[1] ?? ''] ?? 'home';

/** Told of each lookup of a cacheable page, hit or not (GET /metrics' hit ratio). */
export interface PageCacheTally {
  /** signedIn: a shopper's page. */
  looked(kind: CachedPageKind, signedIn: boolean, hit: boolean): void;
}
/** Better Auth's session cookies (with or without the __Secure- prefix). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_/;
/** The footer's year and anything else that follows the clock stays at most this old. */
const MAX_AGE_MS = 10 * 60_000;
/** Random query strings can each make an entry; the least recently used go first. */
const MAX_BYTES = 48 * 1024 * 1024;
const CACHE_CONTROL = 'private, no-cache';
const VARY = 'Cookie, Accept-Encoding';

/** The stand-in name, and what it becomes inside a script (letters and digits: the same in both). */
const NAME_MARK = `vn${randomBytes(12).toString('hex')}`;
const NAME_IN_SCRIPT = `vs${randomBytes(12).toString('hex')}`;

interface Entry {
  /** The page's path, without its query string: what a catalogue change drops. */
  path: string;
  template: GzipTemplate;
  contentType: string;
  etag: string;
  bytes: number;
  storedAt: number;
}

/** A cached page's answer, ready for Hono's Response or Node's ServerResponse. */
export interface CachedAnswer {
  status: 200 | 304;
  headers: [string, string][];
  body: Buffer | string | null;
}

/** What a cached answer depends on in the request. */
export interface PageRequest {
  /** Path and query string, as the request line gave them. */
  url: string;
  cookie: string | undefined;
  ifNoneMatch: string | undefined;
  acceptEncoding: string | undefined;
}

export interface PageCache {
  middleware: MiddlewareHandler<AppBindings>;
  /**
   * A guest's GET answered from the cache with this nonce, or undefined when the app must
   * answer it (not a cached page, or a session cookie). For the fast path (fast-path.ts).
   */
  guestAnswer(request: PageRequest, nonce: string): CachedAnswer | undefined;
  /** Forget these paths' pages (with any query string): their content changed. */
  drop(paths: readonly string[]): void;
  /** Forget every page. */
  clear(): void;
}

export interface PageCacheOptions {
  /** The signed-in shopper of a request with a session cookie; null when the session is over. */
  viewerOf?: (c: Context<AppBindings>) => Promise<Viewer | null>;
  /** Told of each lookup of a cacheable page, hit or miss (GET /metrics' hit ratio). */
  tally?: PageCacheTally;
  /** Cookies that make a guest's page their own (a wishlist kept without scripts): never cached. */
  guestCookies?: readonly string[];
}

export function pageCache(options: PageCacheOptions = {}): PageCache {
  const tally = options.tally ?? { looked: () => undefined };
  const ownPage = ownGuestPage(options.guestCookies ?? []);
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
    const { viewerOf } = options;
    const cookie = c.req.header('cookie') ?? '';
    const signedIn = SESSION_COOKIE.test(cookie);
    if (signedIn ? !viewerOf : ownPage(cookie)) return next();
    const viewer = signedIn && viewerOf ? await viewerOf(c) : null;
    // Path and query string, without parsing the whole URL on every cached answer.
    const query = c.req.url.indexOf('?');
    const page = query === -1 ? c.req.path : c.req.path + c.req.url.slice(query);
    const key = viewer ? `${viewer.cartCount}\n${viewer.wishlist?.join(' ') ?? ''}\n${page}` : page;
    const nonce = c.get('nonce');

    const cached = lookup(key);
    tally.looked(kindOf(c.req.path), viewer !== null, cached !== undefined);
    if (cached) return answer(c, cached, nonce, viewer);

    // A shopper's page is rendered with the stand-in name whatever the answer (a missing
    // product's 404 page too), so every HTML answer for them has the mark replaced.
    if (viewer) c.set('viewer', { ...viewer, name: NAME_MARK });
    await next();
    const contentType = c.res.headers.get('Content-Type') ?? '';
    const cacheable = isCacheable(c.res);
    if (viewer ? !contentType.startsWith('text/html') : !cacheable) return;
    const html = await c.res.text();
    const entry = toEntry(c.req.path, html, nonce, viewer !== null, contentType);
    if (!entry && !viewer) {
      // A page without a nonce: sent as it is, not kept.
      c.res = new Response(html, c.res);
      return;
    }
    if (!entry) {
      c.get('logger').error({ path: c.req.path }, 'page cache: the signed-in page has no place for the name');
      c.res = c.text('Something went wrong on our side. Please try again.', 500);
      return;
    }
    if (!cacheable) {
      c.res = new Response(entry.template.text(valuesFor(nonce, viewer)), c.res);
      return;
    }
    remember(key, entry);
    c.res = answer(c, entry, nonce, viewer);
  };

  return {
    middleware,
    guestAnswer(request, nonce) {
      const query = request.url.indexOf('?');
      const path = query === -1 ? request.url : request.url.slice(0, query);
      const cookie = request.cookie ?? '';
      if (!CACHEABLE_PATH.test(path) || SESSION_COOKIE.test(cookie) || ownPage(cookie)) return undefined;
      const entry = lookup(request.url);
      // A guest's page not found here goes on to the middleware, which counts its miss.
      if (entry) tally.looked(kindOf(path), false, true);
      return entry && cachedAnswer(entry, nonce, null, request.ifNoneMatch, request.acceptEncoding);
    },
    drop(paths) {
      const dropped = new Set(paths);
      for (const [key, entry] of [...entries]) {
        if (dropped.has(entry.path)) forget(key);
      }
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
  };
}

/** Whether a Cookie header holds one of these cookies with a value (an empty one is a removal). */
function ownGuestPage(names: readonly string[]): (cookie: string) => boolean {
  if (names.length === 0) return () => false;
  const pattern = new RegExp(`(?:^|;\\s*)(?:${names.join('|')})=[^;\\s]`);
  return (cookie) => pattern.test(cookie);
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

/**
 * The page as a template: split at its nonce and, on a signed-in page, at the stand-in name
 * (in the HTML, and in the hydration script as NAME_IN_SCRIPT). Undefined when a mark is not
 * where it must be, or was cut (a script split inside it): such a page is not served.
 */
function toEntry(
  path: string,
  html: string,
  nonce: string,
  named: boolean,
  contentType: string,
): Entry | undefined {
  if (!html.includes(nonce)) return undefined;
  let page = html;
  if (named) {
    page = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, (script) =>
      script.replaceAll(NAME_MARK, NAME_IN_SCRIPT),
    );
    const whole = page.split(NAME_MARK).length + page.split(NAME_IN_SCRIPT).length - 2;
    const cut = page.split(NAME_MARK.slice(0, 8)).length + page.split(NAME_IN_SCRIPT.slice(0, 8)).length - 2;
    if (!page.includes(NAME_IN_SCRIPT) || cut !== whole) return undefined;
  }
  const template = gzipTemplate(page, named ? [nonce, NAME_MARK, NAME_IN_SCRIPT] : [nonce]);
  // Tagged by the page without its nonce: the same page, whichever nonce it went out with.
  const etag = createHash('sha256').update(page.split(nonce).join('')).digest('base64url').slice(0, 27);
  return { path, template, contentType, etag: `W/"${etag}"`, bytes: page.length * 2, storedAt: Date.now() };
}

/** A name as React writes text into HTML. */
function inHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}
const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
};

/**
 * A name as React Router writes it into its hydration script: a JSON string in the
 * turbo-stream text, which is itself a JSON string in the script, with the characters that
 * could end the script escaped (react-router's escapeHtml).
 */
function inHydrationScript(text: string): string {
  const inStream = JSON.stringify(text).slice(1, -1);
  return JSON.stringify(inStream)
    .slice(1, -1)
    .replace(/[&<>\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c] ?? c);
}
const SCRIPT_ESCAPES: Record<string, string> = {
  '&': '\\u0026',
  '<': '\\u003c',
  '>': '\\u003e',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** What replaces the template's marks, in the order toEntry gave them. */
function valuesFor(nonce: string, viewer: Viewer | null): string[] {
  return viewer ? [nonce, inHtml(viewer.name), inHydrationScript(viewer.name)] : [nonce];
}

function cachedAnswer(
  entry: Entry,
  nonce: string,
  viewer: Viewer | null,
  ifNoneMatch: string | undefined,
  acceptEncoding: string | undefined,
): CachedAnswer {
  // A signed-in page's tag names its shopper too: a browser another account used must not keep
  // their page.
  const etag = viewer
    ? `W/"${createHash('sha256').update(entry.etag).update(viewer.name).digest('base64url').slice(0, 27)}"`
    : entry.etag;
  const headers: [string, string][] = [
    ['Cache-Control', CACHE_CONTROL],
    ['Vary', VARY],
    ['ETag', etag],
  ];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) {
    // No new CSP either (see security-headers.ts): the browser keeps the page it has with the
    // headers it came with, and a 304's headers would replace them.
    return { status: 304, headers, body: null };
  }
  const values = valuesFor(nonce, viewer);
  headers.push(['Content-Type', entry.contentType]);
  if (/\bgzip\b/.test(acceptEncoding ?? '')) {
    headers.push(['Content-Encoding', 'gzip']);
    return { status: 200, headers, body: entry.template.gzip(values) };
  }
  return { status: 200, headers, body: entry.template.text(values) };
}

function answer(c: Context<AppBindings>, entry: Entry, nonce: string, viewer: Viewer | null): Response {
  const { status, headers, body } = cachedAnswer(
    entry,
    nonce,
    viewer,
    c.req.header('if-none-match'),
    c.req.header('accept-encoding'),
  );
  return new Response(typeof body === 'string' || body === null ? body : asBody(body), { status, headers });
}
