import { isIP } from 'node:net';
import { z } from 'zod';

// The field types that server/env.ts's schema reads more than once or that need a helper of their
// own. Imported with its extension by env.ts: scripts/start.ts runs that on Node's own TypeScript
// support, so this file must import nothing extensionless either.

/** `true`/`false`, `1`/`0` or `yes`/`no`. */
export const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** One OpenID Connect provider of OIDC_PROVIDERS. */
export const oidcProvidersSchema = z.array(
  z.strictObject({
    id: z
      .string()
      .regex(/^[a-z][a-z0-9-]{1,31}$/, 'id must be 2 to 32 lowercase letters, digits or hyphens')
      .refine((id) => !['google', 'apple', 'credential', 'email-otp', 'phone'].includes(id), 'id is taken'),
    name: z.string().min(1).max(60),
    issuer: z.url({ error: 'issuer must be an absolute URL' }),
    clientId: z.string().min(1).max(200),
    clientSecret: z.string().min(1).max(500),
    domains: z
      .array(z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, 'domains must be lowercase domain names'))
      .default([]),
  }),
);

/** `10.0.0.5`, `10.0.0.0/8`, `::1`, `fd00::/8`: an address, with an optional prefix length that fits it. */
export function isAddressRange(range: string): boolean {
  const [address = '', prefix, ...rest] = range.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

export type OidcProviderConfig = z.infer<typeof oidcProvidersSchema>[number];
