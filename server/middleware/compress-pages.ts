import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { asBody } from '../body';
import { GZIP_HEADER } from '../page-cache/gzip-template';
import type { AppBindings } from '../types';

/**
 * Compresses the pages (not the API). A page rendered in one go (nearly all: see
 * app/entry.server.tsx) is handed over whole (`WholePage`) and gzipped here in one call; a page
 * still streaming goes through a compression stream as before.
 *
 * A page rendered per shopper (the account page, an order) is about 75 KB, half of it the
 * stylesheet written into every page (app/lib/inline-css.ts). Through a CompressionStream it
 * cost about 3.5 ms of CPU: a web stream and the zlib thread pool per chunk, and the same 36 KB
 * of CSS deflated on every request. So the stylesheet is deflated once, at the highest level,
 * ending on a byte boundary (a sync flush), and spliced between the page's two other parts,
 * each deflated on its own (deflate has no references across those seams, so any can be a
 * separate stream). The gzip trailer's CRC-32 is of the whole page (tens of microseconds).
 *
 * Level 1 for the parts made per request: deflate's fastest matcher, about a third of the
 * default level's CPU (0.16 against 0.45 ms for the 42 KB of an account page after its
 * stylesheet) for output about 10% larger (the stylesheet, the larger half, is at level 9).
 */
export interface WholePage {
  /**
   * The response the page was sent in: one that replaced it (a page changed after the render)
   * is not this page. Compared as an object: reading its body would copy the page into a
   * stream (Hono's Node server keeps a Buffer body as it is until something asks for it).
   */
  response: Response;
  html: Buffer;
  /** Text inside `html` that is the same on every page (the inline stylesheet), deflated once. */
  staticText?: string;
}

const LEVEL = 1;
/** Responses under this size are sent as they are (as Hono's compress does). */
const THRESHOLD = 1024;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

interface StaticPart {
  bytes: Buffer;
  deflated: Buffer;
}

// The stylesheet is one string per build; the map stays this small (a dev server's edits aside).
const staticParts = new Map<string, StaticPart>();

function staticPart(text: string): StaticPart {
  let part = staticParts.get(text);
  if (!part) {
    const bytes = Buffer.from(text);
    part = { bytes, deflated: deflateRawSync(bytes, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }) };
    if (staticParts.size >= 4) staticParts.clear();
    staticParts.set(text, part);
  }
  return part;
}

/** `html` as a gzip member, with `staticText` (when it is in the page) deflated once for all pages. */
export function gzipPage(html: Buffer, staticText?: string): Buffer {
  const part = staticText ? staticPart(staticText) : undefined;
  const at = part ? html.indexOf(part.bytes) : -1;
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(html), 0);
  trailer.writeUInt32LE(html.length % 0x100000000, 4);
  if (!part || at === -1) {
    return Buffer.concat([GZIP_HEADER, deflateRawSync(html, { level: LEVEL }), trailer]);
  }
  const before = html.subarray(0, at);
  const after = html.subarray(at + part.bytes.length);
  return Buffer.concat([
    GZIP_HEADER,
    deflateRawSync(before, { level: LEVEL, finishFlush: constants.Z_SYNC_FLUSH }),
    part.deflated,
    deflateRawSync(after, { level: LEVEL }),
    trailer,
  ]);
}

function acceptsGzip(header: string | undefined): boolean {
  // "gzip;q=0" refuses it; any other mention accepts it.
  return header !== undefined && /\bgzip\b(?!\s*;\s*q=0(?:\.0*)?\s*(?:,|$))/i.test(header);
}

/** The pages' compression: whole pages gzipped in one go, streamed ones by Hono's compress. */
export function compressPages(): MiddlewareHandler<AppBindings> {
  const streamed = compress({ encoding: 'gzip', threshold: THRESHOLD });
  return (c, next) =>
    streamed(c, async () => {
      await next();
      const whole = c.get('wholePage');
      const res = c.res;
      if (!whole || res !== whole.response || whole.html.length < THRESHOLD) return;
      if (res.status === 206 || res.headers.has('Content-Encoding') || c.req.method === 'HEAD') return;
      if (NO_TRANSFORM.test(res.headers.get('Cache-Control') ?? '')) return;
      if (!acceptsGzip(c.req.header('Accept-Encoding'))) return;
      const headers = new Headers(res.headers);
      const vary = headers.get('Vary');
      if (vary !== '*' && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? '')) {
        headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
      }
      headers.set('Content-Encoding', 'gzip');
      headers.delete('Content-Length');
      const etag = headers.get('ETag');
      if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
      const body = gzipPage(whole.html, whole.staticText);
      // Unset first: Hono would otherwise copy the old response's headers onto the new one.
      c.res = undefined;
      c.res = new Response(asBody(body), { status: res.status, headers });
    });
}
