import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What a first visit to a page costs on the wire: the gzip size of its HTML, of the JavaScript
 * it loads before it is interactive (module scripts and modulepreloads, also those the page starts
 * after its first paint), and of the images it loads eagerly (above the fold). Sizes are deterministic, unlike timings.
 */
export interface PageWeight {
  path: string;
  status: number;
  htmlGzip: number;
  jsGzip: number;
  jsFiles: string[];
  eagerImageBytes: number;
  eagerImages: string[];
}

const CLIENT_DIR = path.resolve('build/client');
const gzipSize = (data: Buffer | string) => gzipSync(data, { level: 9 }).length;

function attr(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}

export async function measurePage(baseUrl: string, pagePath: string, cookie?: string): Promise<PageWeight> {
  const res = await fetch(baseUrl + pagePath, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  const html = await res.text();
  const js = new Set<string>();
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    if (attr(tag, 'rel') === 'modulepreload') js.add(attr(tag, 'href') ?? '');
  }
  for (const match of html.matchAll(/(?:import\s*\(?\s*|from\s*)"(\/assets\/[^"]+\.js)"/g))
    js.add(match[1] ?? '');
  // The preloads the boot script brings back after the first paint (app/lib/scripts-after-load).
  for (const list of html.matchAll(/[,;]h=(\[[^\]]*\])/g))
    for (const href of JSON.parse(list[1] ?? '[]') as string[]) js.add(href);
  js.delete('');
  const images = new Set<string>();
  for (const tag of html.match(/<img\b[^>]*>/g) ?? []) {
    const src = attr(tag, 'src');
    if (src?.startsWith('/') && attr(tag, 'loading') !== 'lazy') images.add(src);
  }
  const fileOf = (url: string) => path.join(CLIENT_DIR, url.split('?')[0] ?? url);
  return {
    path: pagePath,
    status: res.status,
    htmlGzip: gzipSize(html),
    jsGzip: [...js].reduce((sum, url) => sum + gzipSize(readFileSync(fileOf(url))), 0),
    jsFiles: [...js],
    eagerImageBytes: [...images].reduce((sum, url) => sum + readFileSync(fileOf(url)).length, 0),
    eagerImages: [...images],
  };
}

export const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/**
 * A session cookie for the pages behind sign-in: a new account, on a server started with
 * REQUIRE_EMAIL_VERIFICATION=false and APP_URL set to `baseUrl`.
 */
export async function signedInCookie(baseUrl: string): Promise<string> {
  const email = `weight-${process.pid}-${Date.now()}@example.com`;
  const headers = { origin: new URL(baseUrl).origin, 'content-type': 'application/json' };
  const body = { email, password: 'password-123', name: 'Pat Weight', firstName: 'Pat', lastName: 'Weight' };
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status}`);
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: body.password }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
  return signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}
