import type { TestClient } from './http-client';

/**
 * Confirms an address as its owner does: the mailed link opens /verify-email, whose button posts
 * the form from this site (opening the link alone confirms nothing). The client keeps the
 * session a shopper is signed in with.
 */
export async function confirmEmail(
  client: TestClient,
  link: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; location: string | null; text: string }> {
  const url = new URL(link);
  const response = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({
      intent: 'verify-email',
      token: url.searchParams.get('token') ?? '',
      callbackURL: url.searchParams.get('callbackURL') ?? '',
    }),
    headers: {
      ...headers,
      'content-type': 'application/x-www-form-urlencoded',
      origin: url.origin,
      ...(client.cookies.size > 0 ? { cookie: client.cookieHeader() } : {}),
    },
  });
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const index = pair.indexOf('=');
    const name = pair.slice(0, index).trim();
    const value = pair.slice(index + 1).trim();
    if (value === '' || /max-age=0\b/i.test(line)) client.cookies.delete(name);
    else client.cookies.set(name, value);
  }
  return { status: response.status, location: response.headers.get('location'), text: await response.text() };
}
