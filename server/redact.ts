/**
 * Secrets that travel in URLs, kept out of log lines (docs/decisions/0039). A reset-password
 * link carries its token as a path segment (`/api/auth/reset-password/<token>`); other links
 * carry theirs in the query (`token=`, `code=`, `otp=`, a receipt's `key=`). Request lines log
 * the path only, never the query; error messages and stacks may quote a whole URL.
 */
const TOKEN_SEGMENT = /(\/reset-password\/)[^/?#\s"'<>]+/gi;
const SECRET_PARAM = /([?&;](?:token|code|otp|key|secret|password)=)[^&#\s"'<>]+/gi;
const MIGHT_HOLD_SECRET = /reset-password\/|[?&;](?:token|code|otp|key|secret|password)=/i;

export const REDACTED = '<redacted>';

/** The text with every token-like part of a URL in it replaced by `<redacted>`. */
export function redactUrlSecrets(text: string): string {
  // Most lines hold none: one test, no copy.
  if (!MIGHT_HOLD_SECRET.test(text)) return text;
  return text.replace(TOKEN_SEGMENT, `$1${REDACTED}`).replace(SECRET_PARAM, `$1${REDACTED}`);
}
