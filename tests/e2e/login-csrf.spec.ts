import { randomInt } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import { throughProvider } from '../support/oidc-provider';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { waitForMail } from './support/mailbox';
import { confirmedAccount } from './support/shop';

/**
 * Login CSRF (issue 31, point 5): another site sends the visitor's browser to a link the attacker
 * made for their own account, by a top-level navigation or an auto-submitting form. The visitor
 * stays who they were (signed in as themselves, or signed out). The attacker's site is
 * http://localhost:<port>, another site than the store's http://127.0.0.1:<port> to Chromium.
 */

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const page = (body: string) =>
  `<!doctype html><html lang="en"><head><title>Free gloves</title></head><body>${body}</body></html>`;

/** The attacker's site: /go sends the browser on, /post submits a form by itself. */
function attackerSite(): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const to = url.searchParams.get('to') ?? '/';
    let html = page('<p>Nothing here.</p>');
    if (url.pathname === '/go') {
      html = page(`<p>Loading your offer...</p><script>location.href = ${JSON.stringify(to)};</script>`);
    } else if (url.pathname === '/post') {
      const fields = JSON.parse(url.searchParams.get('fields') ?? '{}') as Record<string, string>;
      const inputs = Object.entries(fields)
        .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
        .join('');
      html = page(
        `<form method="post" action="${escape(to)}">${inputs}<button>Claim</button></form><script>document.forms[0].submit();</script>`,
      );
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  return new Promise((resolve) => {
    server.listen(0, () => {
      resolve({ server, origin: `http://localhost:${(server.address() as AddressInfo).port}` });
    });
  });
}

/** What the attacker holds: links and a callback, all for accounts of their own. */
async function attackerLinks(request: APIRequestContext, baseURL: string, tag: string) {
  const headers = {
    Origin: new URL(baseURL).origin,
    'x-forwarded-for': `198.20.${randomInt(256)}.${randomInt(1, 255)}`,
  };
  const stamp = `${tag}-${Date.now()}-${randomInt(1e6)}`;
  const registered = `mallory-${stamp}@example.com`;
  const signUp = await request.post('/api/auth/sign-up/email', {
    data: {
      email: registered,
      password: 'mallory-password-1',
      name: 'Mal Lory',
      firstName: 'Mal',
      lastName: 'Lory',
    },
    headers,
  });
  expect(signUp.status()).toBe(200);
  const verifyLink = new URL(
    (await waitForMail(registered, 'Confirm your email address')).links.find((l) => l.includes('token='))!,
  );

  const linkEmail = `mallory-link-${stamp}@example.com`;
  const asked = await request.post('/api/auth/sign-in/magic-link', { data: { email: linkEmail }, headers });
  expect(asked.status()).toBe(200);
  const signInLink = new URL(
    (await waitForMail(linkEmail, 'Sign in to MediSupply')).links.find((l) => l.includes('/login/link'))!,
  );

  const social = await request.post('/api/auth/sign-in/social', {
    data: { provider: 'local-id', callbackURL: '/' },
    headers,
  });
  expect(social.status()).toBe(200);
  // A valid code and state, the state bound to the attacker's browser (its cookie).
  const callback = await throughProvider(((await social.json()) as { url: string }).url, baseURL);
  return {
    verifyToken: verifyLink.searchParams.get('token')!,
    magicToken: signInLink.searchParams.get('token')!,
    callback,
  };
}

async function whoIs(page: Page): Promise<string | null> {
  const answer = await page.request.get('/api/auth/get-session?disableCookieCache=true');
  const body = (await answer.json().catch(() => null)) as { user?: { email: string } } | null;
  return body?.user?.email ?? null;
}

let attacker: { server: Server; origin: string };
test.beforeAll(async () => {
  attacker = await attackerSite();
});
test.afterAll(async () => {
  await new Promise((resolve) => attacker.server.close(resolve));
});

for (const visitorKind of ['signed in', 'signed out'] as const) {
  test(`another site's links and forms leave a ${visitorKind} visitor as they were`, async ({
    page,
    request,
    baseURL,
  }) => {
    test.slow(); // mails, a provider round trip and a dozen cross-site navigations
    const base = new URL(baseURL!).origin;
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.21.${randomInt(256)}.${randomInt(1, 255)}` });
    let me: string | null = null;
    if (visitorKind === 'signed in') {
      const account = await confirmedAccount(request, baseURL!, 'Vic');
      const signIn = await page.request.post('/api/auth/sign-in/email', {
        data: { email: account.email, password: account.password },
        headers: { Origin: base },
      });
      expect(signIn.status()).toBe(200);
      me = account.email;
    }
    expect(await whoIs(page)).toBe(me);
    const sessionCookie = async () =>
      (await page.context().cookies(base)).find((c) => c.name.includes('session_token'))?.value;
    const cookieBefore = await sessionCookie();

    const links = await attackerLinks(request, baseURL!, visitorKind.replace(' ', '-'));
    const go = (to: string) => `${attacker.origin}/go?to=${encodeURIComponent(to)}`;
    const post = (to: string, fields: Record<string, string>) =>
      `${attacker.origin}/post?to=${encodeURIComponent(to)}&fields=${encodeURIComponent(JSON.stringify(fields))}`;
    const onStore = (url: URL) => url.origin === base;

    const attacks: {
      name: string;
      url: string;
      answers?: { path: string; status: number };
      then?: () => Promise<void>;
    }[] = [
      {
        name: 'the magic-link GET',
        url: go(`${base}/api/auth/magic-link/verify?token=${links.magicToken}&callbackURL=%2F`),
        answers: { path: '/api/auth/magic-link/verify', status: 404 },
      },
      {
        name: 'the verify-email GET',
        url: go(`${base}/api/auth/verify-email?token=${links.verifyToken}&callbackURL=%2F`),
        // Our page, which waits for the visitor's own press of its button.
        then: async () => {
          await expect(page.getByRole('button', { name: 'Confirm email address' })).toBeVisible();
          await expectNoSeriousA11yViolations(page);
        },
      },
      {
        name: 'the /login/link POST',
        url: post(`${base}/login/link`, { intent: 'magic-link', token: links.magicToken }),
        then: () =>
          expect(page.getByText('This request came from another site and was refused.')).toBeVisible(),
      },
      {
        name: 'the /verify-email POST',
        url: post(`${base}/verify-email`, {
          intent: 'verify-email',
          token: links.verifyToken,
          callbackURL: '/',
        }),
        then: () =>
          expect(page.getByText('This request came from another site and was refused.')).toBeVisible(),
      },
      { name: 'the OAuth callback GET', url: go(`${base}${links.callback}`) },
      {
        name: 'the OAuth callback POST',
        url: post(
          `${base}/api/auth/callback/local-id`,
          Object.fromEntries(new URL(links.callback, base).searchParams),
        ),
      },
    ];
    for (const attack of attacks) {
      await test.step(attack.name, async () => {
        const answered = attack.answers
          ? page.waitForResponse((r) => r.url().startsWith(`${base}${attack.answers!.path}`))
          : undefined;
        await page.goto(attack.url);
        await page.waitForURL(onStore);
        if (answered) expect((await answered).status()).toBe(attack.answers!.status);
        await attack.then?.();
        expect(await whoIs(page)).toBe(me);
        expect(await sessionCookie()).toBe(cookieBefore);
      });
    }
  });
}
