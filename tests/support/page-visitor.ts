import { createClient, type TestClient } from './http-client';

/**
 * A browser without JavaScript: urlencoded POSTs of page forms to the page's own URL, answered
 * with a redirect or the page rendered with the answer. Each visitor is a client of its own
 * address (the server must trust X-Forwarded-For from loopback: TRUSTED_PROXIES=127.0.0.1).
 */
export interface PageVisitor {
  client: TestClient;
  ip: string;
  post(
    path: string,
    fields: Record<string, string>,
    options?: { origin?: string | null; headers?: Record<string, string> },
  ): Promise<{ status: number; headers: Headers; text: string }>;
  get(path: string): Promise<{ status: number; headers: Headers; text: string }>;
}

export function pageVisitor(baseUrl: string, ip: string): PageVisitor {
  const client = createClient(baseUrl, { headers: { 'x-forwarded-for': ip } });
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const name = pair.slice(0, pair.indexOf('=')).trim();
      const value = pair.slice(pair.indexOf('=') + 1).trim();
      if (value === '' || /max-age=0\b/i.test(line)) client.cookies.delete(name);
      else client.cookies.set(name, value);
    }
  };
  const send = async (path: string, init: RequestInit & { headers: Record<string, string> }) => {
    if (client.cookies.size > 0) init.headers.cookie = client.cookieHeader();
    init.headers['x-forwarded-for'] = ip;
    const response = await fetch(new URL(path, baseUrl), { ...init, redirect: 'manual' });
    keep(response);
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
  return {
    client,
    ip,
    post: (path, fields, options = {}) => {
      const origin = options.origin === undefined ? baseUrl : options.origin;
      return send(path, {
        method: 'POST',
        body: new URLSearchParams(fields),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(origin ? { origin } : {}),
          ...options.headers,
        },
      });
    },
    get: (path) => send(path, { method: 'GET', headers: {} }),
  };
}
