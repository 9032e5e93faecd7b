/** JSON calls to our own API, with one way to read an error message whatever its shape. */
export interface ApiResult<T> {
  ok: boolean;
  status: number;
  /** The answer's body on success. */
  data?: T;
  /** A message for people: ours ({error:{message}}) or Better Auth's ({message}); none on success. */
  message?: string;
  code?: string;
  fields?: Record<string, string>;
}

/** What a call may add: headers of its own (X-Cart-Tab), and a signal to give up. */
type CallOptions = { headers?: Record<string, string>; signal?: AbortSignal };

export function postJson<T = unknown>(path: string, body: unknown = {}, options: CallOptions = {}) {
  return request<T>(path, 'POST', JSON.stringify(body), options);
}

/**
 * A page's form posted by its script to the page's own action (docs/decisions/0045): the same
 * fields a browser without scripts posts, answered as JSON because the script asks for it.
 * A field sent several times (a list) is given as [name, value] pairs.
 */
export function postForm<T = unknown>(
  path: string,
  fields: Record<string, string | number> | readonly (readonly [string, string])[],
  options: CallOptions = {},
) {
  // Numbers become their text, as in a form (URLSearchParams reads every value as a string).
  return request<T>(path, 'POST', new URLSearchParams(fields as Record<string, string>), options);
}

export function getJson<T = unknown>(path: string) {
  return request<T>(path, 'GET');
}

async function request<T>(
  path: string,
  method: string,
  body?: string | URLSearchParams,
  options: CallOptions = {},
): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      body,
      signal: options.signal,
      headers: {
        ...options.headers,
        // JSON says its type; a form's fields (URLSearchParams) say their own.
        ...(typeof body === 'string' ? { 'Content-Type': 'application/json' } : {}),
        Accept: 'application/json',
      },
      credentials: 'same-origin',
    });
  } catch {
    return {
      ok: false,
      status: 0,
      message: 'We could not reach the store. Check your connection and try again.',
      code: 'network',
    };
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (response.ok) return { ok: true, status: response.status, data: payload as T };
  const p = (payload ?? {}) as {
    message?: string;
    code?: string;
    error?: { message?: string; code?: string; fields?: Record<string, string> };
  };
  return {
    ok: false,
    status: response.status,
    message: p.error?.message ?? p.message,
    code: p.error?.code ?? p.code,
    fields: p.error?.fields,
  };
}
