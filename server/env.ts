import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
// With its extension: scripts/start.ts runs this file on Node's own TypeScript support, which
// resolves no extensionless import (tests/integration/server-process.test.ts).
import { booleanFlag, isAddressRange, oidcProvidersSchema } from './env-fields.ts';
import { keptSecret } from './owner-only.ts';
import { EnvError } from './env-error.ts';
import { resolveHealthDataKey } from './health-data-key.ts';

export type { OidcProviderConfig } from './env-fields.ts';

const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      error: 'must be development, production or test',
    })
    .default('production'),
  HOST: z.string().min(1, 'must not be empty').default('0.0.0.0'),
  PORT: z.coerce
    .number({ error: 'must be a whole number between 0 and 65535' })
    .int('must be a whole number between 0 and 65535')
    .min(0, 'must be a whole number between 0 and 65535')
    .max(65535, 'must be a whole number between 0 and 65535')
    .default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^(file:|postgres(ql)?:\/\/)/, 'must start with file: or postgres://')
    .default('file:./data/store.db'),
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: 'must be a whole number from 1 to 100' })
    .int('must be a whole number from 1 to 100')
    .min(1, 'must be a whole number from 1 to 100')
    .max(100, 'must be a whole number from 1 to 100')
    .default(10),
  APP_URL: z.url({ error: 'must be an absolute http(s) URL' }).optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Health data's key(s), `id:base64`, comma-separated, the first sealing (server/health-data-key.ts). */
  HEALTH_DATA_KEY: z.string().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z
    .string()
    .min(3, 'must be an address such as "Store <store@example.com>"')
    .default('MediSupply Store <no-reply@medisupply.example>'),
  STORE_EMAIL: z.email({ error: 'must be an email address' }).default('support@medisupply.example'),
  PAYMENT_PROVIDER: z
    .enum(['test', 'authorizenet', 'none'], { error: 'must be test, authorizenet or none' })
    .default('test'),
  AUTHORIZENET_API_LOGIN_ID: z.string().max(25, 'must be at most 25 characters').optional(),
  AUTHORIZENET_TRANSACTION_KEY: z.string().max(16, 'must be at most 16 characters').optional(),
  AUTHORIZENET_ENDPOINT: z
    .string()
    .regex(/^(sandbox|production|https?:\/\/.+)$/, 'must be sandbox, production or an http(s) URL')
    .default('sandbox'),
  REQUIRE_EMAIL_VERIFICATION: booleanFlag.default(true),
  /** Off renders every page: to measure renders, or to rule the cache out while looking into a fault. */
  PAGE_CACHE: booleanFlag.default(true),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  TRUSTED_PROXIES: z
    .string()
    .regex(/^[0-9a-fA-F:.,\s]*$/, 'must be a comma-separated list of IP addresses')
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((ip) => ip.trim())
        .filter(Boolean),
    ),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  /**
   * GET /metrics (docs/operations.md): a scraper sends this as `Authorization: Bearer <token>`.
   * Unset: only the addresses of METRICS_ALLOW may read the metrics.
   */
  METRICS_TOKEN: z
    .string()
    .min(32, 'must be at least 32 characters (a random token, such as `openssl rand -hex 32`)')
    .max(512, 'must be at most 512 characters')
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .optional(),
  /**
   * Client addresses (after TRUSTED_PROXIES) that may read GET /metrics without the token:
   * comma-separated IP addresses or CIDR ranges; `none` for the token only. Loopback by default.
   */
  METRICS_ALLOW: z
    .string()
    .default('127.0.0.0/8,::1')
    .transform((value, ctx) => {
      if (value.trim().toLowerCase() === 'none') return [];
      const ranges = value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      const bad = ranges.find((range) => !isAddressRange(range));
      if (bad !== undefined) {
        ctx.addIssue({
          code: 'custom',
          message: `must be IP addresses or CIDR ranges separated by commas (such as 10.0.0.0/8,::1), or none; "${bad}" is neither`,
        });
        return z.NEVER;
      }
      return ranges;
    }),
  ABANDONED_ORDER_MINUTES: z.coerce
    .number({ error: 'must be a whole number of minutes from 1 to 10080' })
    .int('must be a whole number of minutes from 1 to 10080')
    .min(1, 'must be a whole number of minutes from 1 to 10080')
    .max(10_080, 'must be a whole number of minutes from 1 to 10080')
    .default(60),
  /** How often each instance offers to run the abandoned-order sweep (one runs it at a time). */
  ABANDONED_SWEEP_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds from 1 to 3600' })
    .int('must be a whole number of seconds from 1 to 3600')
    .min(1, 'must be a whole number of seconds from 1 to 3600')
    .max(3600, 'must be a whole number of seconds from 1 to 3600')
    .default(60),
  /**
   * How often each instance offers the retention job (expired sessions, verifications and
   * rate-limit rows deleted; one instance runs it per interval). An hour keeps the tables
   * within an hour's sign-ins of their live rows.
   */
  RETENTION_SWEEP_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds from 1 to 86400' })
    .int('must be a whole number of seconds from 1 to 86400')
    .min(1, 'must be a whole number of seconds from 1 to 86400')
    .max(86_400, 'must be a whole number of seconds from 1 to 86400')
    .default(3600),
  /**
   * SQLite only (docs/decisions/0035): off stops the scheduled backups; `npm run db:backup`
   * still works. PostgreSQL is backed up by the operator (pg_dump, point-in-time recovery).
   */
  SCHEDULED_BACKUPS: booleanFlag.default(true),
  /** Where backups are written; default DATA_DIR/backups. */
  BACKUP_DIR: z.string().min(1, 'must not be empty').optional(),
  /** How often each instance offers the backup job (one runs it per interval). */
  BACKUP_INTERVAL_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds from 60 to 86400' })
    .int('must be a whole number of seconds from 60 to 86400')
    .min(60, 'must be a whole number of seconds from 60 to 86400')
    .max(86_400, 'must be a whole number of seconds from 60 to 86400')
    .default(3600),
  /** Hours back in which the newest backup of each hour is kept. */
  BACKUP_KEEP_HOURLY: z.coerce
    .number({ error: 'must be a whole number of hours from 0 to 1000' })
    .int('must be a whole number of hours from 0 to 1000')
    .min(0, 'must be a whole number of hours from 0 to 1000')
    .max(1000, 'must be a whole number of hours from 0 to 1000')
    .default(48),
  /** Days back in which the newest backup of each day is kept (the newest of all always is). */
  BACKUP_KEEP_DAILY: z.coerce
    .number({ error: 'must be a whole number of days from 0 to 3650' })
    .int('must be a whole number of days from 0 to 3650')
    .min(0, 'must be a whole number of days from 0 to 3650')
    .max(3650, 'must be a whole number of days from 0 to 3650')
    .default(30),
  /** The longest wait between two tries of one mail while the mail server is away. */
  MAIL_RETRY_MAX_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds from 1 to 3600' })
    .int('must be a whole number of seconds from 1 to 3600')
    .min(1, 'must be a whole number of seconds from 1 to 3600')
    .max(3600, 'must be a whole number of seconds from 1 to 3600')
    .default(600),
  /** Seconds before a failed webhook delivery's first retry; each later wait doubles (up to 6 h). */
  WEBHOOK_RETRY_DELAY_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds from 1 to 3600' })
    .int('must be a whole number of seconds from 1 to 3600')
    .min(1, 'must be a whole number of seconds from 1 to 3600')
    .max(3600, 'must be a whole number of seconds from 1 to 3600')
    .default(30),
  /** How long one webhook delivery may take before it counts as failed. */
  WEBHOOK_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds from 1 to 60' })
    .int('must be a whole number of seconds from 1 to 60')
    .min(1, 'must be a whole number of seconds from 1 to 60')
    .max(60, 'must be a whole number of seconds from 1 to 60')
    .default(10),
  /** Newsletter campaign mails sent per second, across every instance. */
  CAMPAIGN_RATE_PER_SECOND: z.coerce
    .number({ error: 'must be a whole number from 1 to 1000' })
    .int('must be a whole number from 1 to 1000')
    .min(1, 'must be a whole number from 1 to 1000')
    .max(1000, 'must be a whole number from 1 to 1000')
    .default(10),
  /**
   * Text messages (sign-in codes by phone): a Twilio-compatible API's base URL, such as
   * https://api.twilio.com/2010-04-01. Unset: messages are written to DATA_DIR/sms instead.
   */
  SMS_URL: z.url({ error: 'must be an absolute http(s) URL' }).optional(),
  SMS_ACCOUNT_SID: z.string().max(64, 'must be at most 64 characters').optional(),
  SMS_AUTH_TOKEN: z.string().max(128, 'must be at most 128 characters').optional(),
  SMS_FROM: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, 'must be a phone number in international form, such as +15035550100')
    .optional(),
  /** "Continue with Google" and "Continue with Apple", shown when both values of a provider are set. */
  GOOGLE_CLIENT_ID: z.string().max(200, 'must be at most 200 characters').optional(),
  GOOGLE_CLIENT_SECRET: z.string().max(200, 'must be at most 200 characters').optional(),
  APPLE_CLIENT_ID: z.string().max(200, 'must be at most 200 characters').optional(),
  /** Apple's client secret is a signed JWT made from the key Apple gives (docs/deployment.md). */
  APPLE_CLIENT_SECRET: z.string().max(2000, 'must be at most 2000 characters').optional(),
  /**
   * Any OpenID Connect provider, as a JSON array of {id, name, issuer, clientId, clientSecret,
   * domains?}. With `domains`, it is an organisation's sign-in, chosen by the email's domain.
   */
  OIDC_PROVIDERS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value) return [];
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON array of providers' });
        return z.NEVER;
      }
      const result = oidcProvidersSchema.safeParse(parsed);
      if (!result.success) {
        const issue = result.error.issues[0];
        ctx.addIssue({
          code: 'custom',
          message: `${issue?.path.join('.') ?? ''} ${issue?.message ?? 'is invalid'}`.trim(),
        });
        return z.NEVER;
      }
      return result.data;
    }),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(0, 'must be a whole number of milliseconds')
    .default(10_000),
  /**
   * After SIGTERM, how long the instance keeps serving while its health check answers 503, before
   * it stops taking connections: a load balancer must see the 503 and take it out of rotation
   * first (its check interval times its unhealthy threshold, plus a check's time). 0 with no
   * balancer in front. docs/decisions/0037.
   */
  SHUTDOWN_DRAIN_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds from 0 to 120000' })
    .int('must be a whole number of milliseconds from 0 to 120000')
    .min(0, 'must be a whole number of milliseconds from 0 to 120000')
    .max(120_000, 'must be a whole number of milliseconds from 0 to 120000')
    .default(5_000),
  /**
   * How long an idle keep-alive connection is kept open: longer than the idle timeout of the
   * balancer in front (60 s by default on AWS's ALB and nginx's upstream connections; 620 s
   * behind Google's), so the balancer, not the instance, closes an idle connection. An instance
   * closing it just as the balancer sends a request on it fails that request (ECONNRESET).
   * docs/decisions/0037.
   */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds from 1000 to 3600000' })
    .int('must be a whole number of milliseconds from 1000 to 3600000')
    .min(1_000, 'must be a whole number of milliseconds from 1000 to 3600000')
    .max(3_600_000, 'must be a whole number of milliseconds from 1000 to 3600000')
    .default(65_000),
});

type ParsedEnv = z.infer<typeof envSchema>;

export type Env = Omit<ParsedEnv, 'APP_URL' | 'AUTH_SECRET' | 'HEALTH_DATA_KEY'> & {
  APP_URL: string;
  AUTH_SECRET: string;
  HEALTH_DATA_KEY: string;
  isProduction: boolean;
  isHttps: boolean;
};

export { EnvError };

/** Empty strings mean "unset", as in most .env tooling. */
function withoutEmpty(source: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) {
    if (value !== undefined && value.trim() !== '') out[key] = value.trim();
  }
  return out;
}

/**
 * Outside production a missing AUTH_SECRET is generated once and kept in the data folder,
 * so sessions survive restarts on a developer machine; production must provide one.
 */
function resolveAuthSecret(parsed: ParsedEnv): string {
  if (parsed.AUTH_SECRET) return parsed.AUTH_SECRET;
  if (parsed.NODE_ENV === 'production' && parsed.APP_URL?.startsWith('https:')) {
    throw new EnvError('AUTH_SECRET must be set (at least 32 characters) when APP_URL is https');
  }
  // The data folder holds the database, backups and this secret: its owner's only (0700).
  return keptSecret(path.resolve(parsed.DATA_DIR, 'auth-secret'), () =>
    randomBytes(32).toString('base64url'),
  );
}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const given = withoutEmpty(source);
  const paymentProviderSet = given.PAYMENT_PROVIDER !== undefined;
  const result = envSchema.safeParse(given);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new EnvError(`${name} ${issue?.message ?? 'is invalid'}`);
  }
  const parsed = result.data;
  if (
    parsed.PAYMENT_PROVIDER === 'authorizenet' &&
    (!parsed.AUTHORIZENET_API_LOGIN_ID || !parsed.AUTHORIZENET_TRANSACTION_KEY)
  ) {
    throw new EnvError(
      'AUTHORIZENET_API_LOGIN_ID and AUTHORIZENET_TRANSACTION_KEY must be set when PAYMENT_PROVIDER is authorizenet',
    );
  }
  if (parsed.SMS_URL && (!parsed.SMS_ACCOUNT_SID || !parsed.SMS_AUTH_TOKEN || !parsed.SMS_FROM)) {
    throw new EnvError('SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM must be set when SMS_URL is set');
  }
  const appUrl = (parsed.APP_URL ?? `http://localhost:${parsed.PORT || 3000}`).replace(/\/+$/, '');
  if (!/^https?:\/\//.test(appUrl)) throw new EnvError('APP_URL must be an absolute http(s) URL');
  // The default is for trying the store out: the test gateway approves test cards and every bank
  // transfer. A public (https) store says which gateway it means, `test` included, on purpose.
  if (appUrl.startsWith('https:') && !paymentProviderSet) {
    throw new EnvError(
      'PAYMENT_PROVIDER must be set when APP_URL is https (authorizenet, none, or test on purpose: the test gateway approves test cards and every bank transfer)',
    );
  }
  return {
    ...parsed,
    APP_URL: appUrl,
    AUTH_SECRET: resolveAuthSecret(parsed),
    HEALTH_DATA_KEY: resolveHealthDataKey(parsed),
    isProduction: parsed.NODE_ENV === 'production',
    isHttps: appUrl.startsWith('https:'),
  };
}
