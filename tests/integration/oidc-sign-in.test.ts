import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port';
import { type LocalOidcProvider, startOidcProvider, throughProvider } from '../support/oidc-provider';
import { type PageVisitor, pageVisitor } from '../support/page-visitor';
import { postForm, staffClient } from '../support/staff';
import { testEngines } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

let counter = 0;

describe.each(testEngines)('signing in through OpenID Connect on %s', (engine) => {
  let t: TestServer;
  let provider: LocalOidcProvider;
  beforeAll(async () => {
    const port = await freePort();
    const app = `http://127.0.0.1:${port}`;
    provider = await startOidcProvider({
      accounts: {
        alice: { email: `alice-${engine}@example.com`, given_name: 'Alice', family_name: 'Ng' },
        linker: { email: `linker-other-${engine}@example.com`, given_name: 'Lin', family_name: 'Ker' },
        nurse: { email: `nurse-${engine}@clinic.example`, given_name: 'Noa', family_name: 'Nurse' },
        outsider: { email: `someone-${engine}@elsewhere.example`, given_name: 'Out', family_name: 'Sider' },
        carer: { email: `carer-${engine}@valley.example`, given_name: 'Cato', family_name: 'Carer' },
      },
      redirectUris: [
        `${app}/api/auth/callback/local-id`,
        `${app}/api/auth/callback/riverside`,
        `${app}/api/auth/callback/org-valley-home-care`,
      ],
    });
    t = await startTestServer(
      engine,
      {
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
        TRUSTED_PROXIES: '127.0.0.1',
        REQUIRE_EMAIL_VERIFICATION: 'false',
        OIDC_PROVIDERS: JSON.stringify([
          provider.config('local-id', 'Local ID'),
          provider.config('riverside', 'Riverside Clinic', ['clinic.example']),
        ]),
      },
      { port },
    );
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  const visitor = () => pageVisitor(t.url, `198.51.100.${100 + (++counter % 150)}`);
  const session = async (v: PageVisitor) =>
    (await v.client.get('/api/auth/get-session?disableCookieCache=true')).body as {
      user: { email: string; firstName: string; lastName: string };
    } | null;

  /** Posts a form that should send the browser to the provider; its authorization URL. */
  async function toProvider(v: PageVisitor, path: string, fields: Record<string, string>) {
    const start = await v.post(path, fields);
    expect(start.status).toBe(302);
    const location = start.headers.get('location')!;
    expect(location.startsWith(provider.issuer)).toBe(true);
    return new URL(location);
  }

  it('"Continue with" signs in with PKCE, makes the account with the provider’s names, and goes where the visitor was heading', async () => {
    const v = visitor();
    const page = await v.get('/login');
    expect(page.text).toMatch(/Continue with (<!-- -->)?Local ID/);
    expect(page.text).toContain('Sign in with my organisation');
    expect(page.text).not.toMatch(/Continue with (<!-- -->)?Riverside Clinic/);

    const authorize = await toProvider(v, '/login?redirectTo=%2Fwishlist', {
      intent: 'oauth',
      provider: 'local-id',
    });
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${t.url}/api/auth/callback/local-id`);

    provider.signInAs('alice');
    const callback = await throughProvider(authorize.toString(), t.url);
    expect(callback.startsWith('/api/auth/callback/local-id?')).toBe(true);
    const back = await v.get(callback);
    expect(back.status).toBe(302);
    // A new account: /login, which asks a name only when the provider gave none, then on.
    expect(back.headers.get('location')).toBe('/login?redirectTo=%2Fwishlist');
    const onward = await v.get('/login?redirectTo=%2Fwishlist');
    expect(onward.headers.get('location')).toBe('/wishlist');
    expect(await session(v)).toMatchObject({
      user: { email: `alice-${engine}@example.com`, firstName: 'Alice', lastName: 'Ng' },
    });
  });

  it('a callback with an altered state, or one replayed, signs nobody in', async () => {
    const v = visitor();
    const authorize = await toProvider(v, '/login', { intent: 'oauth', provider: 'local-id' });
    provider.signInAs('alice');
    const callback = await throughProvider(authorize.toString(), t.url);

    const altered = new URL(callback, t.url);
    altered.searchParams.set('state', `${altered.searchParams.get('state')}x`);
    const refused = await v.get(`${altered.pathname}${altered.search}`);
    expect(refused.status).toBe(302);
    expect(refused.headers.get('location')).toContain('error');
    expect(await session(v)).toBeNull();

    const used = await v.get(callback);
    expect(used.status).toBe(302);
    expect(await session(v)).not.toBeNull();

    // The same callback again, from another browser with the same state cookie: spent.
    const thief = visitor();
    for (const [name, value] of v.client.cookies)
      if (!name.includes('session')) thief.client.cookies.set(name, value);
    const replay = await thief.get(callback);
    expect(replay.headers.get('location') ?? '').toContain('error');
    expect(await session(thief)).toBeNull();
  });

  it('refuses a provider that is not configured, or an organisation one from "Continue with"', async () => {
    const v = visitor();
    expect((await v.post('/login', { intent: 'oauth', provider: 'evil' })).status).toBe(400);
    expect((await v.post('/login', { intent: 'oauth', provider: 'riverside' })).status).toBe(400);
  });

  it('an organisation’s provider is chosen by the email’s domain, and signs in only its own addresses', async () => {
    const v = visitor();
    const none = await v.post('/login', {
      intent: 'sign-in',
      via: 'organisation',
      email: 'someone@elsewhere.example',
    });
    expect(none.status).toBe(404);
    expect(none.text).toContain('We could not find an organisation sign-in for that email address.');

    const authorize = await toProvider(v, '/login', {
      intent: 'sign-in',
      via: 'organisation',
      email: `nurse-${engine}@clinic.example`,
    });
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${t.url}/api/auth/callback/riverside`);
    provider.signInAs('nurse');
    const back = await v.get(await throughProvider(authorize.toString(), t.url));
    expect(back.status).toBe(302);
    expect(await session(v)).toMatchObject({
      user: { email: `nurse-${engine}@clinic.example`, firstName: 'Noa' },
    });

    // The clinic's provider vouching for an address outside its domain makes no account.
    const w = visitor();
    const other = await toProvider(w, '/login', {
      intent: 'sign-in',
      via: 'organisation',
      email: `x-${engine}@clinic.example`,
    });
    provider.signInAs('outsider');
    const refused = await w.get(await throughProvider(other.toString(), t.url));
    expect(refused.headers.get('location') ?? '').toContain('error');
    expect(await session(w)).toBeNull();
  });

  it('links an identity from /account, removes it again, and never removes the last way in', async () => {
    const v = visitor();
    const email = `linker-${engine}@example.com`;
    await v.client.post('/api/auth/sign-up/email', {
      email,
      password: 'linker-password-1',
      name: 'Lin Ker',
      firstName: 'Lin',
      lastName: 'Ker',
    });
    expect(
      (await v.client.post('/api/auth/sign-in/email', { email, password: 'linker-password-1' })).status,
    ).toBe(200);

    const authorize = await toProvider(v, '/account', { intent: 'identity-link', provider: 'local-id' });
    provider.signInAs('linker');
    const back = await v.get(await throughProvider(authorize.toString(), t.url));
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('/account#sign-in-methods');

    // list-accounts is closed over HTTP (the account page reads them on the server), so ask as it does.
    const listAccounts = () =>
      t.server.services.auth.api.listUserAccounts({
        headers: new Headers({ cookie: v.client.cookieHeader() }),
      });
    expect((await v.client.get('/api/auth/list-accounts')).status).toBe(404);
    const accounts = await listAccounts();
    expect(accounts.map((a) => a.providerId).sort()).toEqual(['credential', 'local-id']);
    const page = await v.get('/account');
    expect(page.text).toMatch(/Remove (<!-- -->)?Local ID/);
    // Rendered in place, not streamed after the page (a browser without scripts shows it).
    expect(page.text.indexOf('Sign-in methods')).toBeLessThan(page.text.indexOf('Signed-in devices'));

    const linked = accounts.find((a) => a.providerId === 'local-id')!;
    const removed = await v.post('/account', { intent: 'identity-unlink', id: linked.id });
    expect(removed.status).toBe(200);
    const password = accounts.find((a) => a.providerId === 'credential')!;
    const last = await v.post('/account', { intent: 'identity-unlink', id: password.id });
    expect(last.status).toBe(400);
    expect(last.text).toContain('This is the only way left to sign in to your account');
    expect((await listAccounts()).length).toBe(1);
  });

  it('an administrator adds an organisation in the console; its people sign in by domain until it is removed', async () => {
    const admin = await staffClient(t, 'admin');
    const staff = await staffClient(t, 'staff');
    const fields = {
      intent: 'add',
      name: 'Valley Home Care',
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      domains: 'valley.example',
    };
    expect((await postForm(t, staff.client, '/admin/sign-in', fields)).status).toBe(403);
    const empty = await postForm(t, admin.client, '/admin/sign-in', { intent: 'add' });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('Enter the organisation’s name');
    expect(empty.text).toContain('Enter the provider’s issuer URL');
    const unreachable = await postForm(t, admin.client, '/admin/sign-in', {
      ...fields,
      issuer: 'http://127.0.0.1:9/',
    });
    expect(unreachable.status).toBe(400);
    expect(unreachable.text).toContain('We could not read the provider’s configuration at that address.');
    const badDomains = await postForm(t, admin.client, '/admin/sign-in', {
      ...fields,
      domains: 'not a domain',
    });
    expect(badDomains.status).toBe(400);

    const added = await postForm(t, admin.client, '/admin/sign-in', fields);
    expect(added.status).toBe(200);
    expect(added.text).toContain(`${t.url}/api/auth/callback/org-valley-home-care`);
    const taken = await postForm(t, admin.client, '/admin/sign-in', { ...fields, name: 'Valley Again' });
    expect(taken.status).toBe(400);
    expect(taken.text).toContain('Another organisation already signs in valley.example');
    const db = t.server.services.database.db;
    const row = await db.selectFrom('organisation_sign_ins').selectAll().executeTakeFirstOrThrow();
    expect(row.client_secret).not.toContain(provider.clientSecret);
    const audit = await db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('target_id', '=', row.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['organisation-sign-in.add']);
    expect(audit[0]!.after).not.toContain(provider.clientSecret);

    const v = visitor();
    const authorize = await toProvider(v, '/login', {
      intent: 'sign-in',
      via: 'organisation',
      email: `carer-${engine}@valley.example`,
    });
    expect(authorize.searchParams.get('redirect_uri')).toBe(
      `${t.url}/api/auth/callback/org-valley-home-care`,
    );
    provider.signInAs('carer');
    const back = await v.get(await throughProvider(authorize.toString(), t.url));
    expect(back.status).toBe(302);
    expect(await session(v)).toMatchObject({
      user: { email: `carer-${engine}@valley.example`, firstName: 'Cato' },
    });

    const removed = await postForm(t, admin.client, '/admin/sign-in', {
      intent: 'remove',
      id: 'org-valley-home-care',
    });
    expect(removed.status).toBe(200);
    const after = await visitor().post('/login', {
      intent: 'sign-in',
      via: 'organisation',
      email: `carer-${engine}@valley.example`,
    });
    expect(after.status).toBe(404);
    // The way back for a sign-in started before the removal signs nobody in either.
    const late = await visitor().get('/api/auth/callback/org-valley-home-care?code=x&state=y');
    expect(late.headers.get('location') ?? '').toContain('error');
  });
});
