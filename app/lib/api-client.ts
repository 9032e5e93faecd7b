/** JSON calls to our own API, with one way to read an error message whatever its shape. */
export interface ApiResult<T> {
  ok: boolean;
  status: number;
  data: T | undefined;
  /** A message for people: ours ({error:{message}}) or Better Auth's ({message}). */
  message: string | undefined;
  code: string | undefined;
  fields?: Record<string, string>;
}

export async function postJson<T = unknown>(
  path: string,
  body: unknown = {},
  options: { headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<ApiResult<T>> {
  return request<T>(path, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: options.headers,
    signal: options.signal,
  });
}

/**
 * A page's form posted by its script to the page's own action (docs/decisions/0045): the same
 * fields a browser without scripts posts, answered as JSON because the script asks for it.
 */
export async function postForm<T = unknown>(
  path: string,
  fields: Record<string, string | number | readonly (string | number)[]>,
  options: { headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<ApiResult<T>> {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields))
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, String(one));
  return request<T>(path, { method: 'POST', body, headers: options.headers, signal: options.signal });
}

export async function getJson<T = unknown>(path: string): Promise<ApiResult<T>> {
  return request<T>(path, { method: 'GET' });
}

export async function deleteJson<T = unknown>(
  path: string,
  options: { headers?: Record<string, string> } = {},
): Promise<ApiResult<T>> {
  return request<T>(path, { method: 'DELETE', headers: options.headers });
}

async function request<T>(path: string, init: RequestInit): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      headers: {
        ...(init.headers as Record<string, string> | undefined),
        // A form's fields say their own type (URL-encoded) when the body is URLSearchParams.
        ...(init.body instanceof URLSearchParams ? {} : { 'Content-Type': 'application/json' }),
        Accept: 'application/json',
      },
      credentials: 'same-origin',
    });
  } catch {
    return {
      ok: false,
      status: 0,
      data: undefined,
      message: 'We could not reach the store. Check your connection and try again.',
      code: 'network',
    };
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (response.ok)
    return { ok: true, status: response.status, data: payload as T, message: undefined, code: undefined };
  const p = (payload ?? {}) as {
    message?: string;
    code?: string;
    error?: { message?: string; code?: string; fields?: Record<string, string> };
  };
  return {
    ok: false,
    status: response.status,
    data: undefined,
    message: p.error?.message ?? p.message,
    code: p.error?.code ?? p.code,
    fields: p.error?.fields,
  };
}
