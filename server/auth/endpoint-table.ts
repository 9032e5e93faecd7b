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

export const ENDPOINT_TABLE: readonly EndpointEntry[] = [
  // Signing in and registering.
  {
    path: '/sign-in/email',
    methods: ['POST'],
    access: 'limited',
    usedBy: 'sign-in page; API clients',
    identity: 'email',
    rules: [ip(20), id(5)],
  },
  {
    path: '/sign-up/email',
    methods: ['POST'],
    access: 'limited',
    usedBy: 'registration page (its verification link)',
    identity: 'email',
    rules: [ip(10), id(5), issued('verification-link')],
  },
  {
    path: '/sign-out',
    methods: ['POST'],
    access: 'limited',
    usedBy: 'sign-out button; API clients',
    rules: [ip(30)],
  },
  {
    path: '/get-session',
    methods: ['GET', 'POST'],
    access: 'limited',
    usedBy: 'API clients',
    rules: [ip(120)],
  },
  { path: '/token', methods: ['GET'], access: 'limited', usedBy: 'API clients (README)', rules: [ip(60)] },
  closed('/sign-in/phone-number', NOT_USED),
  // Sign-in codes and links by email.
  {
    path: '/email-otp/send-verification-otp',
    methods: ['POST'],
    access: 'limited',
    usedBy: 'sign-in page; confirm-it-is-you (type sign-in only)',
    identity: 'email',
    rules: [ip(10), id(3), issued('email-sign-in-code')],
  },
  {
    path: '/sign-in/email-otp',
    methods: ['POST'],
    access: 'limited',
    usedBy: 'sign-in page; confirm-it-is-you',
    identity: 'email',
    rules: [ip(10), id(5), guesses('email-code')],
  },
  {
    path: '/sign-in/magic-link',
    methods: ['POST'],
    access: 'limited',
    usedBy: 'sign-in page',
    identity: 'email',
    rules: [ip(10), id(3), issued('email-sign-in-link')],
  },
  {
    path: '/magic-link/verify',
    methods: ['GET'],
    access: 'closed',
    usedBy: 'closed: the mailed link opens /login/link, whose button calls it through auth.api',
    rules: [ip(10)],
  },
  closed('/email-otp/check-verification-otp', SERVER_ONLY),
  closed('/email-otp/verify-email', NOT_USED),
  closed('/email-otp/request-password-reset', NOT_USED),
  closed('/email-otp/reset-password', NOT_USED),
  closed('/email-otp/change-email', NOT_USED),
  closed('/email-otp/request-email-change', NOT_USED),
  closed('/forget-password/email-otp', NOT_USED),
  // Passwords and verification links.
  {
    path: '/request-password-reset',
    methods: ['POST'],
    access: 'limited',
    usedBy: 'forgot-password page',
    identity: 'email',
    rules: [ip(10), id(5), issued('reset-link')],
  },
  {
    path: '/reset-password',
    methods: ['POST'],
    access: 'limited',
    usedBy: 'reset-password page',
    rules: [ip(10), ip(20, HOUR, { counter: 'link-guesses/reset', failuresOnly: true })],
  },
  {
    path: '/reset-password/:token',
    methods: ['GET'],
    access: 'limited',
    usedBy: 'reset link in the mail (our route redirects to the page)',
    rules: [ip(20)],
  },
  {
    path: '/send-verification-email',
    methods: ['POST'],
    access: 'limited',
    usedBy: 'sign-in and account pages',
    identity: 'email',
    rules: [ip(10), id(5), issued('verification-link')],
  },
  {
    path: '/verify-email',
    methods: ['GET'],
    access: 'limited',
    usedBy: 'verification link in the mail (our route redirects to the page)',
    rules: [ip(20), ip(20, HOUR, { counter: 'link-guesses/verify', failuresOnly: true })],
  },
  {
    path: '/verify-password',
    methods: ['POST'],
    access: 'limited',
    usedBy: 'confirm-it-is-you',
    identity: 'email',
    rules: [ip(10), id(5)],
  },
  {
    path: '/change-password',
    methods: ['POST'],
    access: 'limited',
    usedBy: 'account page',
    rules: [ip(10)],
  },
  closed('/change-email', SERVER_ONLY),
  closed('/update-user', SERVER_ONLY),
  closed('/delete-user', SERVER_ONLY),
  closed('/delete-user/callback', NOT_USED, ['GET']),
  closed('/list-sessions', SERVER_ONLY, ['GET']),
  closed('/revoke-session', SERVER_ONLY),
  closed('/revoke-sessions', SERVER_ONLY),
  closed('/revoke-other-sessions', SERVER_ONLY),
  closed('/update-session', NOT_USED),
  closed('/refresh-token', NOT_USED),
  closed('/get-access-token', NOT_USED),
  closed('/account-info', NOT_USED, ['GET']),
  closed('/list-accounts', SERVER_ONLY, ['GET']),
  closed('/unlink-account', SERVER_ONLY),
  closed('/ok', NOT_USED, ['GET']),
  {
    path: '/error',
    methods: ['GET'],
    access: 'limited',
    usedBy: 'library redirects on a failed sign-in',
    rules: [ip(30)],
  },
  closed('/jwks', 'closed: keys are served at /.well-known/jwks.json', ['GET']),
  // Other services.
  {
    path: '/sign-in/social',
    methods: ['POST'],
    access: 'limited',
    usedBy: 'sign-in and account pages',
    rules: [ip(20)],
  },
  { path: '/link-social', methods: ['POST'], access: 'limited', usedBy: 'account page', rules: [ip(20)] },
  {
    path: '/callback/:id',
    methods: ['GET', 'POST'],
    access: 'limited',
    usedBy: 'providers redirecting back',
    rules: [ip(30)],
  },
  // Texted codes.
  {
    path: '/phone-number/send-otp',
    methods: ['POST'],
    access: 'limited',
    usedBy: 'sign-in page; account page (adding a number)',
    identity: 'phone',
    rules: [ip(10), id(3), issued('sms-code')],
  },
  {
    path: '/phone-number/verify',
    methods: ['POST'],
    access: 'limited',
    usedBy: 'sign-in page; account page',
    identity: 'phone',
    rules: [ip(10), id(5), guesses('sms-code')],
  },
  closed('/phone-number/request-password-reset', NOT_USED),
  closed('/phone-number/reset-password', NOT_USED),
  // The second factor.
  {
    path: '/two-factor/send-otp',
    methods: ['POST'],
    access: 'limited',
    usedBy: 'second-factor page (code by text)',
    identity: 'user',
    rules: [ip(5), issued('sms-two-factor-code')],
  },
  {
    path: '/two-factor/verify-otp',
    methods: ['POST'],
    access: 'limited',
    usedBy: 'second-factor page',
    identity: 'user',
    rules: [ip(5), guesses('two-factor')],
  },
  {
    path: '/two-factor/verify-totp',
    methods: ['POST'],
    access: 'limited',
    usedBy: 'second-factor page; account page (turning it on)',
    identity: 'user',
    rules: [ip(5), guesses('two-factor')],
  },
  {
    path: '/two-factor/verify-backup-code',
    methods: ['POST'],
    access: 'limited',
    usedBy: 'second-factor page',
    identity: 'user',
    rules: [ip(5), guesses('two-factor')],
  },
  {
    path: '/two-factor/enable',
    methods: ['POST'],
    access: 'limited',
    usedBy: 'account page',
    identity: 'user',
    rules: [ip(10)],
  },
  {
    path: '/two-factor/disable',
    methods: ['POST'],
    access: 'limited',
    usedBy: 'account page (our route checks a current code)',
    identity: 'user',
    rules: [ip(5), guesses('two-factor')],
  },
  closed('/two-factor/get-totp-uri', NOT_USED),
  closed('/two-factor/generate-backup-codes', NOT_USED),
  // Passkeys: a signature cannot be guessed; each try makes a challenge row, so keep them bounded.
  {
    path: '/passkey/generate-authenticate-options',
    methods: ['GET'],
    access: 'limited',
    usedBy: 'sign-in page',
    rules: [ip(30)],
  },
  {
    path: '/passkey/verify-authentication',
    methods: ['POST'],
    access: 'limited',
    usedBy: 'sign-in page',
    rules: [ip(20)],
  },
  {
    path: '/passkey/generate-register-options',
    methods: ['GET'],
    access: 'limited',
    usedBy: 'account page',
    rules: [ip(20)],
  },
  {
    path: '/passkey/verify-registration',
    methods: ['POST'],
    access: 'limited',
    usedBy: 'account page',
    rules: [ip(20)],
  },
  {
    path: '/passkey/update-passkey',
    methods: ['POST'],
    access: 'limited',
    usedBy: 'account page',
    rules: [ip(20)],
  },
  {
    path: '/passkey/delete-passkey',
    methods: ['POST'],
    access: 'limited',
    usedBy: 'account page',
    rules: [ip(20)],
  },
  closed('/passkey/list-user-passkeys', 'closed: the account page reads passkeys on the server', ['GET']),
];

const BY_PATH = new Map(ENDPOINT_TABLE.map((entry) => [entry.path, entry]));

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

/** The paths of an endpoint registry (Better Auth's `auth.api`): server-only ones have none. */
export function servedPaths(api: Record<string, unknown>): { path: string; methods: string[] }[] {
  const found: { path: string; methods: string[] }[] = [];
  for (const endpoint of Object.values(api)) {
    const { path, options } = endpoint as { path?: unknown; options?: { method?: unknown } };
    if (typeof path !== 'string') continue;
    const method = options?.method;
    const methods = (Array.isArray(method) ? method : [method]).filter(
      (m): m is string => typeof m === 'string',
    );
    found.push({ path, methods });
  }
  return found;
}

/**
 * Throws, naming the path, when the library serves a path the table does not classify: the
 * server must not start with an endpoint nobody decided about.
 */
export function assertEveryPathClassified(api: Record<string, unknown>): void {
  for (const { path } of servedPaths(api)) {
    if (!BY_PATH.has(path)) {
      throw new Error(
        `Auth endpoint ${path} is not classified in server/auth/endpoint-table.ts: close it or give it limits`,
      );
    }
  }
}
