import { type GenericOAuthConfig, genericOAuth } from 'better-auth/plugins';
import type { Env } from '../env';

/** A way to sign in through another service, as the sign-in page and /account list it. */
export interface SignInProvider {
  id: string;
  name: string;
  /** An organisation's provider: offered for emails of these domains (none: offered to everyone). */
  domains: string[];
}

type ProviderEnv = Pick<
  Env,
  'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET' | 'APPLE_CLIENT_ID' | 'APPLE_CLIENT_SECRET' | 'OIDC_PROVIDERS'
>;

/** The configured providers: Google and Apple when their credentials are set, then OIDC_PROVIDERS. */
export function signInProviders(env: ProviderEnv): SignInProvider[] {
  const providers: SignInProvider[] = [];
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET)
    providers.push({ id: 'google', name: 'Google', domains: [] });
  if (env.APPLE_CLIENT_ID && env.APPLE_CLIENT_SECRET)
    providers.push({ id: 'apple', name: 'Apple', domains: [] });
  for (const oidc of env.OIDC_PROVIDERS)
    providers.push({ id: oidc.id, name: oidc.name, domains: oidc.domains });
  return providers;
}

/** The organisation provider for an email address, by its domain (a subdomain counts). */
export function organisationProviderFor(env: ProviderEnv, email: string): SignInProvider | undefined {
  const domain = email.trim().toLowerCase().split('@')[1] ?? '';
  return signInProviders(env).find((provider) =>
    provider.domains.some((owned) => domain === owned || domain.endsWith(`.${owned}`)),
  );
}

/** Better Auth's built-in providers (authorization code with PKCE, the id_token checked). */
export function socialProviderOptions(env: ProviderEnv) {
  return {
    ...(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? {
          google: {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            prompt: 'select_account' as const,
          },
        }
      : {}),
    ...(env.APPLE_CLIENT_ID && env.APPLE_CLIENT_SECRET
      ? { apple: { clientId: env.APPLE_CLIENT_ID, clientSecret: env.APPLE_CLIENT_SECRET } }
      : {}),
  };
}

/**
 * Any OpenID Connect provider by its issuer (discovery), with PKCE and the id_token's
 * signature, issuer, audience and nonce checked. An organisation's provider may only make or
 * link accounts for its own domains.
 */
export function openIdConnectPlugin(env: ProviderEnv) {
  // Always present (even with no provider configured): organisations added in the console join it.
  return genericOAuth({ config: env.OIDC_PROVIDERS.map(openIdConnectConfig) });
}

/** Better Auth's configuration of one OpenID Connect provider (configured, or an organisation's). */
export function openIdConnectConfig(oidc: {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  domains: string[];
}): GenericOAuthConfig {
  return {
    providerId: oidc.id,
    name: oidc.name,
    discoveryUrl: `${oidc.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`,
    clientId: oidc.clientId,
    clientSecret: oidc.clientSecret,
    scopes: ['openid', 'email', 'profile'],
    pkce: true,
    requireIdTokenVerification: true,
    mapProfileToUser: (profile) => {
      const email = typeof profile.email === 'string' ? profile.email.toLowerCase() : '';
      const domain = email.split('@')[1] ?? '';
      if (oidc.domains.length > 0 && !oidc.domains.some((d) => domain === d || domain.endsWith(`.${d}`))) {
        throw new Error(`${oidc.name} may sign in addresses of ${oidc.domains.join(', ')} only`);
      }
      return {
        firstName: typeof profile.given_name === 'string' ? profile.given_name : '',
        lastName: typeof profile.family_name === 'string' ? profile.family_name : '',
      };
    },
  };
}

/** Where "Continue with" forms lead (for the page's form-action policy). */
export function providerOrigins(env: ProviderEnv): string[] {
  const origins = new Set<string>();
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) origins.add('https://accounts.google.com');
  if (env.APPLE_CLIENT_ID && env.APPLE_CLIENT_SECRET) origins.add('https://appleid.apple.com');
  for (const oidc of env.OIDC_PROVIDERS) origins.add(new URL(oidc.issuer).origin);
  return [...origins];
}
