import type { MiddlewareHandler } from 'hono';
import { rateLimited } from '../http-error';
import type { RateLimiter } from '../rate-limit';
import type { AppBindings } from '../types';
import { entryOf, type IdentityKind, type LimitRule } from './endpoint-table';

const PREFIX = '/api/auth';

/** The user a request is about (a pending two-factor sign-in, or the session): server/auth/auth.ts. */
export type UserOf = (headers: Headers) => Promise<string | undefined>;

/**
 * One identity, however it was typed: an email trimmed and lowercased, a mobile number as its
 * digits only (with the +), so "+1 (555) 010-0000" and "+15550100000" share one counter.
 */
export function normaliseIdentity(kind: IdentityKind, value: string): string | undefined {
  if (kind === 'email') return value.trim().toLowerCase().slice(0, 320) || undefined;
  if (kind === 'phone') {
    const digits = value.replace(/\D/g, '').slice(0, 20);
    return digits ? `+${digits}` : undefined;
  }
  return value || undefined;
}

const FIELD: Record<Exclude<IdentityKind, 'user'>, string> = { email: 'email', phone: 'phoneNumber' };

/**
 * The identity field of a request, whatever its encoding: JSON, form-encoded or multipart
 * (better-call reads all three for the endpoints that allow them), else the query string.
 * A body that cannot be read names nobody; the library refuses it on its own.
 */
async function fieldOf(request: Request, field: string): Promise<string | undefined> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  let value: unknown;
  try {
    if (request.body && /^application\/([a-z0-9.+-]*\+)?json/.test(type)) {
      const body = (await request.clone().json()) as Record<string, unknown> | null;
      value = body && typeof body === 'object' ? body[field] : undefined;
    } else if (
      request.body &&
      (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data'))
    ) {
      value = (await request.clone().formData()).get(field);
    }
  } catch {
    value = undefined;
  }
  if (typeof value !== 'string') value = new URL(request.url).searchParams.get(field) ?? undefined;
  return typeof value === 'string' ? value : undefined;
}

/** The normalised identity an attempt at this path is about, when its entry has one. */
export async function identityOf(
  path: string,
  request: Request,
  userOf: UserOf,
  given?: string,
): Promise<string | undefined> {
  const kind = entryOf(path.slice(PREFIX.length))?.identity;
  if (!kind) return undefined;
  const raw =
    kind === 'user' ? await userOf(request.headers) : (given ?? (await fieldOf(request, FIELD[kind])));
  return raw === undefined ? undefined : normaliseIdentity(kind, raw);
}

function keyOf(path: string, rule: LimitRule, value: string): string {
  // The per-minute counters keep their earlier keys (`auth:<path>:ip:` and `:email:`).
  const scope = rule.counter ?? path;
  const per = rule.per === 'ip' ? 'ip' : 'email';
  return `auth:${scope}:${per}:${value}`;
}

export interface AuthAttempt {
  /** Seconds to wait when refused, or null. */
  refused: number | null;
  /** Told whether the attempt succeeded: a success gives back its count of failure-only counters. */
  settle(succeeded: boolean): Promise<void>;
}

/**
 * Counts one attempt at an auth endpoint (by its /api/auth path) for this client and identity.
 * The page actions that call Better Auth through auth.api (not over HTTP) count here too,
 * under the same keys as the endpoint: attempts through pages and the API share one allowance.
 */
export async function countAuthAttempt(
  limiter: RateLimiter,
  path: string,
  ip: string,
  identity?: string,
): Promise<AuthAttempt> {
  const entry = entryOf(path.slice(PREFIX.length));
  if (!entry) return { refused: null, settle: async () => undefined };
  // Counted under the table's path: `/reset-password/:token`, never the token itself (one counter
  // for every token, and no token at rest in the rate_limits table).
  const pattern = PREFIX + entry.path;
  const counted = entry.rules.flatMap((rule) => {
    const value = rule.per === 'ip' ? ip : identity;
    return value === undefined ? [] : [{ rule, key: keyOf(pattern, rule, value) }];
  });
  const results = await Promise.all(counted.map(({ rule, key }) => limiter.hit(key, rule)));
  const waits = results.filter((r) => !r.allowed).map((r) => r.retryAfterSeconds);
  return {
    refused: waits.length > 0 ? Math.max(...waits) : null,
    async settle(succeeded) {
      if (!succeeded) return;
      const refunds = counted.filter(({ rule }) => rule.failuresOnly);
      await Promise.all(refunds.map(({ key }) => limiter.refund(key)));
    },
  };
}

/**
 * Counts attempts in the database (shared by every instance) before Better Auth sees them.
 * The per-identity counters stop an attack spread over many addresses from guessing one
 * account's password or code; the per-IP counters stop one client trying many accounts.
 * Closed paths are not counted: the library answers them 404 (its disabledPaths).
 */
export function authRateLimits(limiter: RateLimiter, userOf: UserOf): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    const entry = entryOf(c.req.path.slice(PREFIX.length));
    if (!entry || entry.access === 'closed') return next();
    const identity = await identityOf(c.req.path, c.req.raw, userOf);
    const attempt = await countAuthAttempt(limiter, c.req.path, c.get('clientIp'), identity);
    if (attempt.refused !== null) return rateLimited(c, attempt.refused);
    await next();
    await attempt.settle(c.res.status < 400);
  };
}
