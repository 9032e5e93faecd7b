/**
 * Every path Better Auth serves, classified: `closed` (Better Auth's `disabledPaths`: 404 over
 * HTTP, while `auth.api.*` still works on the server) or `limited` by the rules below, counted
 * in our limiter before the library sees the request (server/auth/limits.ts). The server
 * refuses to start when the library serves a path this table does not name
 * (`assertEveryPathClassified`), so a library upgrade or a new plugin cannot open one silently.
 * A path is open only when our pages use it (from the browser, or in a page action through
 * `callAuth` with that path as its limit key) or an API client documented in the README does.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Whom a request is about: an email address, a mobile number, or the user a session or a
 * pending two-factor sign-in names. */
export type IdentityKind = 'email' | 'phone' | 'user';

export interface LimitRule {
  /** Counted per client address or per identity (the entry's `identity`). */
  per: 'ip' | 'identity';
  limit: number;
  windowMs: number;
  /**
   * A counter shared by several paths (codes issued for one purpose; guesses at one kind of
   * code). Unset: the path's own counter.
   */
  counter?: string;
  /** Only refused attempts count: a success gives its count back (guesses at a code). */
  failuresOnly?: boolean;
}

export interface EndpointEntry {
  path: string;
  methods: readonly ('GET' | 'POST')[];
  access: 'closed' | 'limited';
  /** Who uses it, or why it is closed. */
  usedBy: string;
  identity?: IdentityKind;
  /** For a closed path: the rules a page action calling it through auth.api counts under. */
  rules: readonly LimitRule[];
}

const ip = (limit: number, windowMs = MINUTE, extra: Partial<LimitRule> = {}): LimitRule => ({
  per: 'ip',
  limit,
  windowMs,
  ...extra,
});
const id = (limit: number, windowMs = MINUTE, extra: Partial<LimitRule> = {}): LimitRule => ({
  per: 'identity',
  limit,
  windowMs,
  ...extra,
});

/** At most 5 codes or links an hour for each purpose, per identity (issue 31). */
export const CODES_PER_HOUR = 5;
/** At most 10 wrong guesses an hour across all codes of one kind, per identity. */
export const GUESSES_PER_HOUR = 10;

const issued = (purpose: string) => id(CODES_PER_HOUR, HOUR, { counter: `codes-issued/${purpose}` });
const guesses = (kind: string) =>
  id(GUESSES_PER_HOUR, HOUR, { counter: `code-guesses/${kind}`, failuresOnly: true });

const closed = (path: string, why: string, methods: EndpointEntry['methods'] = ['POST']): EndpointEntry => ({
  path,
  methods,
  access: 'closed',
  usedBy: why,
  rules: [],
});

const NOT_USED = 'closed: no page or documented client uses it';
const SERVER_ONLY = 'closed: page actions call it through auth.api only';

/** An open path: who uses it, its rules, and the identity its body or session names. */
const limited = (
  path: string,
  methods: EndpointEntry['methods'],
  usedBy: string,
  rules: LimitRule[],
  identity?: IdentityKind,
): EndpointEntry => ({ path, methods, access: 'limited', usedBy, rules, identity });

const POST = ['POST'] as const;
const GET = ['GET'] as const;

export const ENDPOINT_TABLE: readonly EndpointEntry[] = [
  // Signing in and registering.
  limited('/sign-in/email', POST, 'sign-in page; API clients', [ip(20), id(5)], 'email'),
  limited(
    '/sign-up/email',
    POST,
    'registration page (its verification link)',
    [ip(10), id(5), issued('verification-link')],
    'email',
  ),
  limited('/sign-out', POST, 'sign-out button; API clients', [ip(30)]),
  limited('/get-session', ['GET', 'POST'], 'API clients', [ip(120)]),
  limited('/token', GET, 'API clients (README)', [ip(60)]),
  closed('/sign-in/phone-number', NOT_USED),
  // Sign-in codes and links by email.
  limited(
    '/email-otp/send-verification-otp',
    POST,
    'sign-in page; confirm-it-is-you (type sign-in only)',
    [ip(10), id(3), issued('email-sign-in-code')],
    'email',
  ),
  limited(
    '/sign-in/email-otp',
    POST,
    'sign-in page; confirm-it-is-you',
    [ip(10), id(5), guesses('email-code')],
    'email',
  ),
  limited(
    '/sign-in/magic-link',
    POST,
    'sign-in page',
    [ip(10), id(3), issued('email-sign-in-link')],
    'email',
  ),
  {
    ...closed('/magic-link/verify', 'closed: the mailed link opens /login/link, whose button calls it', GET),
    rules: [ip(10)],
  },
  closed('/email-otp/check-verification-otp', SERVER_ONLY),
  closed('/email-otp/verify-email', NOT_USED),
  closed('/email-otp/request-password-reset', NOT_USED),
  closed('/email-otp/reset-password', NOT_USED),
  closed('/email-otp/change-email', NOT_USED),
  closed('/email-otp/request-email-change', NOT_USED),
  closed('/forget-password/email-otp', NOT_USED),
  // Passwords and verification links. Link tokens are long and random: limited per IP.
  limited(
    '/request-password-reset',
    POST,
    'forgot-password page',
    [ip(10), id(5), issued('reset-link')],
    'email',
  ),
  limited('/reset-password', POST, 'reset-password page', [
    ip(10),
    ip(20, HOUR, { counter: 'link-guesses/reset', failuresOnly: true }),
  ]),
  limited('/reset-password/:token', GET, 'reset link in the mail (our route redirects to the page)', [
    ip(20),
  ]),
  limited(
    '/send-verification-email',
    POST,
    'sign-in and account pages',
    [ip(10), id(5), issued('verification-link')],
    'email',
  ),
  limited('/verify-email', GET, 'verification link in the mail (our route redirects to the page)', [ip(20)]),
  limited('/verify-password', POST, 'confirm-it-is-you', [ip(10), id(5)], 'email'),
  limited('/change-password', POST, 'account page', [ip(10)]),
  closed('/change-email', SERVER_ONLY),
  closed('/update-user', SERVER_ONLY),
  closed('/delete-user', SERVER_ONLY),
  closed('/delete-user/callback', NOT_USED, GET),
  closed('/list-sessions', SERVER_ONLY, GET),
  closed('/revoke-session', SERVER_ONLY),
  closed('/revoke-sessions', SERVER_ONLY),
  closed('/revoke-other-sessions', SERVER_ONLY),
  closed('/update-session', NOT_USED),
  closed('/refresh-token', NOT_USED),
  closed('/get-access-token', NOT_USED),
  closed('/account-info', NOT_USED, GET),
  closed('/list-accounts', SERVER_ONLY, GET),
  closed('/unlink-account', SERVER_ONLY),
  closed('/ok', NOT_USED, GET),
  limited('/error', GET, 'library redirects on a failed sign-in', [ip(30)]),
  closed('/jwks', 'closed: keys are served at /.well-known/jwks.json', GET),
  // Other services.
  limited('/sign-in/social', POST, 'sign-in and account pages', [ip(20)]),
  limited('/link-social', POST, 'account page', [ip(20)]),
  limited('/callback/:id', ['GET', 'POST'], 'providers redirecting back', [ip(30)]),
  // Texted codes.
  limited(
    '/phone-number/send-otp',
    POST,
    'sign-in page; account page (adding a number)',
    [ip(10), id(3), issued('sms-code')],
    'phone',
  ),
  limited(
    '/phone-number/verify',
    POST,
    'sign-in page; account page',
    [ip(10), id(5), guesses('sms-code')],
    'phone',
  ),
  closed('/phone-number/request-password-reset', NOT_USED),
  closed('/phone-number/reset-password', NOT_USED),
  // The second factor: the user is the pending sign-in's (its cookie) or the session's.
  limited(
    '/two-factor/send-otp',
    POST,
    'second-factor page (code by text)',
    [ip(5), issued('sms-two-factor-code')],
    'user',
  ),
  limited('/two-factor/verify-otp', POST, 'second-factor page', [ip(5), guesses('two-factor')], 'user'),
  limited(
    '/two-factor/verify-totp',
    POST,
    'second-factor page; account page (turning it on)',
    [ip(5), guesses('two-factor')],
    'user',
  ),
  limited(
    '/two-factor/verify-backup-code',
    POST,
    'second-factor page',
    [ip(5), guesses('two-factor')],
    'user',
  ),
  limited('/two-factor/enable', POST, 'account page', [ip(10)], 'user'),
  limited(
    '/two-factor/disable',
    POST,
    'account page (our route checks a current code)',
    [ip(5), guesses('two-factor')],
    'user',
  ),
  closed('/two-factor/get-totp-uri', NOT_USED),
  closed('/two-factor/generate-backup-codes', NOT_USED),
  // Passkeys: a signature cannot be guessed; each try makes a challenge row, so keep them bounded.
  limited('/passkey/generate-authenticate-options', GET, 'sign-in page', [ip(30)]),
  limited('/passkey/verify-authentication', POST, 'sign-in page', [ip(20)]),
  limited('/passkey/generate-register-options', GET, 'account page', [ip(20)]),
  limited('/passkey/verify-registration', POST, 'account page', [ip(20)]),
  limited('/passkey/update-passkey', POST, 'account page', [ip(20)]),
  limited('/passkey/delete-passkey', POST, 'account page', [ip(20)]),
  closed('/passkey/list-user-passkeys', 'closed: the account page reads passkeys on the server', GET),
];

export const BY_PATH: ReadonlyMap<string, EndpointEntry> = new Map(
  ENDPOINT_TABLE.map((entry) => [entry.path, entry]),
);

/** The paths Better Auth must answer 404 to (its `disabledPaths`). */
export const CLOSED_PATHS: string[] = ENDPOINT_TABLE.filter((e) => e.access === 'closed').map((e) => e.path);

/** A path as the library routes it: `/reset-password/abc` matches `/reset-password/:token`. */
function matches(pattern: string, path: string): boolean {
  if (pattern === path) return true;
  if (!pattern.includes(':')) return false;
  const want = pattern.split('/');
  const got = path.split('/');
  return want.length === got.length && want.every((part, i) => part.startsWith(':') || part === got[i]);
}

/** The entry for a path under /api/auth (without the prefix), or undefined. */
export function entryOf(path: string): EndpointEntry | undefined {
  const exact = BY_PATH.get(path);
  if (exact) return exact;
  return ENDPOINT_TABLE.find((entry) => matches(entry.path, path));
}
