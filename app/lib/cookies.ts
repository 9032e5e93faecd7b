/**
 * The store's own cookies, read and written one way: the session lookup, the guest cart and
 * promo code a browser without scripts keeps, and a guest's order access.
 */

/** The first cookie of that name, as better-call reads it (trimmed, unquoted, URI-decoded). */
export function readCookie(header: string, name: string): string | undefined {
  let index = 0;
  while (index < header.length) {
    const eq = header.indexOf('=', index);
    if (eq === -1) return undefined;
    let end = header.indexOf(';', index);
    if (end === -1) end = header.length;
    else if (end < eq) {
      index = header.lastIndexOf(';', eq - 1) + 1;
      continue;
    }
    if (header.slice(index, eq).trim() === name) {
      let value = header.slice(eq + 1, end).trim();
      if (value.codePointAt(0) === 34) value = value.slice(1, -1);
      if (!value.includes('%')) return value;
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
    index = end + 1;
  }
  return undefined;
}

/**
 * A Set-Cookie line for one of the store's own cookies: the whole site, SameSite=Lax, Secure
 * over HTTPS; `maxAge: 0` with an empty value deletes it.
 */
export function setCookieLine(
  name: string,
  value: string,
  options: { maxAge: number; secure: boolean; httpOnly?: boolean },
): string {
  return [
    `${name}=${value}`,
    'Path=/',
    `Max-Age=${options.maxAge}`,
    ...(options.httpOnly ? ['HttpOnly'] : []),
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

/** A month without a visit: how long a guest's lists kept for a browser without scripts last. */
const GUEST_LIST_MAX_AGE = 30 * 24 * 60 * 60;

/**
 * The Set-Cookie line of a guest's list kept for a browser without scripts (the cart's lines,
 * the wishlist's products), or of its removal when `value` is empty. Readable by scripts on
 * purpose: once they run, the device takes the list over and clears the cookie.
 */
export function guestListCookie(name: string, value: string, secure: boolean): string {
  const attributes = ['Path=/', 'SameSite=Lax', ...(secure ? ['Secure'] : [])];
  if (!value) return [`${name}=`, 'Max-Age=0', ...attributes].join('; ');
  return [`${name}=${value}`, `Max-Age=${GUEST_LIST_MAX_AGE}`, ...attributes].join('; ');
}
