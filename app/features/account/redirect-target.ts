import { safeRedirectPath } from './account.schema';

const AUTH_PAGES = /^\/(login|signup|reset-password)(?=$|[/?#])/;

/**
 * Where a visitor goes after signing in: a same-site path from ?redirectTo=, never back to a
 * sign-in page (that would loop) and never a path with whitespace or backslashes, which
 * browsers may rewrite into another host.
 */
export function signInTarget(value: unknown): string {
  const path = safeRedirectPath(value);
  if (/[\s\\]/.test(path) || AUTH_PAGES.test(path)) return '/';
  return path;
}
