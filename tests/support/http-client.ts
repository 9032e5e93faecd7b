/**
 * A minimal browser stand-in for API tests: keeps cookies between calls and sends the Origin
 * header a browser would send, so the server's CSRF checks see real requests.
 */
export interface TestClient {
  cookies: Map<string, string>;
  cookieHeader(): string;
  request(
    path: string,
    init?: {
      method?: string;
      body?: unknown;
      origin?: string | null;
      headers?: Record<string, string>;
      /** URL-encoded fields instead of a JSON body. */
      fields?: URLSearchParams;
    },
  ): Promise<TestResponse>;
  post(path: string, body?: unknown, options?: { origin?: string | null }): Promise<TestResponse>;
  /**
   * A page's form as its script posts it (URL-encoded fields, asking for JSON): the same action
   * a browser without scripts posts to (docs/decisions/0045).
   */
  form(
    path: string,
    fields: Record<string, string | number | readonly (string | number)[]>,
    options?: { origin?: string | null; headers?: Record<string, string> },
  ): Promise<TestResponse>;
  get(path: string): Promise<TestResponse>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

/** `headers`: sent with every request (such as X-Forwarded-For, to be another client). */
export function createClient(
  baseUrl: string,
  defaults: { headers?: Record<string, string> } = {},
): TestClient {
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');

  async function request(
    path: string,
    init: Parameters<TestClient['request']>[1] = {},
  ): Promise<TestResponse> {
    const method = init.method ?? 'GET';
    const headers: Record<string, string> = { ...defaults.headers, ...init.headers };
    if (cookies.size > 0) headers.cookie = cookieHeader();
    const origin = init.origin === undefined ? new URL(baseUrl).origin : init.origin;
    if (origin && method !== 'GET') headers.origin = origin;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(new URL(path, baseUrl), {
      method,
      headers,
      body: init.fields ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim())) || value === '';
      if (expired) cookies.delete(name);
      else cookies.set(name, value);
    }
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, headers: response.headers, body, text };
  }

  return {
    cookies,
    cookieHeader,
    request,
    post: (path, body = {}, options = {}) => request(path, { method: 'POST', body, origin: options.origin }),
    get: (path) => request(path),
    form: (path, fields, options = {}) => {
      const body = new URLSearchParams();
      for (const [name, value] of Object.entries(fields))
        for (const one of Array.isArray(value) ? value : [value]) body.append(name, String(one));
      return request(path, {
        method: 'POST',
        fields: body,
        origin: options.origin,
        headers: { accept: 'application/json', ...options.headers },
      });
    },
  };
}
