import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { asBody } from './body';
import type { AppBindings } from './types';

/**
 * The browser build, served from memory. The list of files is read once at start-up (about
 * 500 names), so a page request costs no file-system call, and each file is read the first
 * time it is asked for, with the .br and .gz copies the build made (scripts/precompress.ts):
 * no response is compressed on the fly.
 */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};
/** Vite names these by content hash, so they can be cached forever. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=3600';

interface StaticFile {
  type: string;
  etag: string;
  cacheControl: string;
  identity: Buffer;
  gzip?: Buffer;
  br?: Buffer;
}

function listFiles(root: string, dir = ''): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return listFiles(root, relative);
    return /\.(gz|br)$/.test(entry.name) ? [] : [relative];
  });
}

function readOptional(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

export function staticFiles(root: string): MiddlewareHandler<AppBindings> {
  const known = new Set(listFiles(root));
  const loaded = new Map<string, StaticFile>();

  const load = (urlPath: string): StaticFile => {
    let file = loaded.get(urlPath);
    if (file) return file;
    const full = path.join(root, urlPath);
    const identity = readFileSync(full);
    file = {
      type: TYPES[path.extname(urlPath).toLowerCase()] ?? 'application/octet-stream',
      etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
      cacheControl: urlPath.startsWith('/assets/') ? IMMUTABLE : REVALIDATE,
      identity,
      gzip: readOptional(`${full}.gz`),
      br: readOptional(`${full}.br`),
    };
    loaded.set(urlPath, file);
    return file;
  };

  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    // Only names from the listing are served: no path from the request reaches the disk.
    if (!known.has(c.req.path)) return next();
    const file = load(c.req.path);
    const headers = new Headers({
      'Content-Type': file.type,
      'Cache-Control': file.cacheControl,
      ETag: file.etag,
    });
    if (file.gzip || file.br) headers.set('Vary', 'Accept-Encoding');
    if (c.req.header('if-none-match') === file.etag) return new Response(null, { status: 304, headers });
    const accepted = c.req.header('accept-encoding') ?? '';
    let body = file.identity;
    if (file.br && /\bbr\b/.test(accepted)) {
      body = file.br;
      headers.set('Content-Encoding', 'br');
    } else if (file.gzip && /\bgzip\b/.test(accepted)) {
      body = file.gzip;
      headers.set('Content-Encoding', 'gzip');
    }
    headers.set('Content-Length', String(body.length));
    return new Response(c.req.method === 'HEAD' ? null : asBody(body), { status: 200, headers });
  };
}
