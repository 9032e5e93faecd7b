import { createHmac } from 'node:crypto';
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';

/**
 * Codes and tokens Better Auth keeps in its `verification` table are stored as keyed hashes
 * (docs/decisions/0039): a copy of the database (a backup, a dump, a read-only account) gives
 * no live reset link or code. A plain SHA-256 of a 6-digit code is reversed by trying the
 * million codes, so the hash is an HMAC under a key derived from AUTH_SECRET, which is not in
 * the database. Changing AUTH_SECRET ends the codes and links then in flight (minutes to hours).
 */
export function storedSecretHash(authSecret: string): (value: string) => Promise<string> {
  const key = createHmac('sha256', authSecret).update('medisupply:stored-verification-secret').digest();
  return async (value) => createHmac('sha256', key).update(value).digest('base64url');
}

/**
 * Identifiers that are themselves the secret: a reset link's token (`reset-password:<token>`,
 * also the staff invitation's set-password link) and an account deletion's. Others stay plain:
 * an emailed code's row is named by its address (its value is the hashed code), and the
 * account erasure deletes those rows by address.
 */
export function hashedIdentifiers(hash: (value: string) => Promise<string>) {
  return {
    default: 'plain' as const,
    overrides: { 'reset-password:': { hash }, 'delete-account-': { hash } },
  };
}

const PHONE_CODE_IDENTIFIER = 'phone-number-otp-';
/** The phone-number plugin stores `<code>:<wrong tries>` in the clear. */
const PLAIN_PHONE_CODE = /^(\d{4,10}):(\d+)$/;

/**
 * The phone-number plugin has no option to hash its codes: this stores the code's hash in its
 * row, and hashes the code a visitor types before the plugin compares the two. The plugin
 * rewrites the row on a wrong guess with the stored (hashed) part, which is left as it is.
 */
export function hashedPhoneCodes(hash: (value: string) => Promise<string>): BetterAuthPlugin {
  return {
    id: 'hashed-phone-codes',
    init: () => ({
      options: {
        databaseHooks: {
          verification: {
            create: {
              async before(row: { identifier: string; value: string }) {
                if (!row.identifier.startsWith(PHONE_CODE_IDENTIFIER)) return;
                const match = PLAIN_PHONE_CODE.exec(row.value);
                if (!match) return;
                return { data: { ...row, value: `${await hash(match[1] ?? '')}:${match[2]}` } };
              },
            },
          },
        },
      },
    }),
    hooks: {
      before: [
        {
          matcher: (context) => context.path === '/phone-number/verify',
          handler: createAuthMiddleware(async (ctx) => {
            const body = ctx.body as { code?: unknown } | undefined;
            if (!body || typeof body.code !== 'string') return;
            return { context: { body: { ...body, code: await hash(body.code) } } };
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
