import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';
import { freePort } from './free-port';

export interface OidcAccount {
  email: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

export interface LocalOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who signs in at the provider's next login step (the provider's own login page, automated). */
  signInAs(accountId: string): void;
  /** The OIDC_PROVIDERS entry for the store. */
  config(id: string, name: string, domains?: string[]): Record<string, unknown>;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (the oidc-provider package) on loopback: discovery, the
 * authorization code flow with PKCE required, signed id_tokens, userinfo. Its login and
 * consent steps are answered at once for the account chosen with signInAs, as a person would.
 */
export async function startOidcProvider(options: {
  accounts: Record<string, OidcAccount>;
  /** Where the store's callbacks live (APP_URL/api/auth/callback/<id>); any port is fine. */
  redirectUris: string[];
  port?: number;
}): Promise<LocalOidcProvider> {
  const port = options.port ?? (await freePort());
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'medisupply-store';
  const clientSecret = 'local-provider-secret-0123456789';
  let nextLogin = Object.keys(options.accounts)[0] ?? '';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    cookies: { keys: ['local-oidc-provider-cookie-key'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const account = options.accounts[sub];
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ sub, email_verified: true, ...account }) };
    },
  });
  const callback = provider.callback();
  const server: Server = createServer(async (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return callback(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === 'login') {
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: nextLogin } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      const grant = new provider.Grant({
        accountId: details.session?.accountId ?? nextLogin,
        clientId: String(details.params.client_id),
      });
      grant.addOIDCScope(String(details.params.scope ?? 'openid'));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(accountId) {
      nextLogin = accountId;
    },
    config: (id, name, domains = []) => ({ id, name, issuer, clientId, clientSecret, domains }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Follows a sign-in from the provider's authorization URL until it comes back to `appUrl`,
 * keeping the provider's cookies (a browser at the provider); returns the path of the callback.
 */
export async function throughProvider(authorizationUrl: string, appUrl: string): Promise<string> {
  const cookies = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 12; hop++) {
    if (url.startsWith(appUrl)) return url.slice(appUrl.length);
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
    const location = response.headers.get('location');
    if (!location)
      throw new Error(`the provider stopped at ${url} (${response.status}): ${await response.text()}`);
    url = new URL(location, url).toString();
  }
  throw new Error('too many redirects at the provider');
}
