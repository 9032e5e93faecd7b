import { Hono } from 'hono';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Auth } from '../auth/auth';
import { offerOrganisationSignIn } from '../auth/organisation-sign-ins';
import type { DatabaseSchema } from '../db/schema';
import { CLIENT_IP_HEADER } from '../auth/options';
import {
  REAUTHENTICATION_MESSAGE,
  REAUTHENTICATION_REQUIRED,
  readRecentSignIn,
} from '../auth/recent-sign-in';
import { apiError } from '../http-error';
import { mailedLinkRoutes } from './auth-links';
import type { AppBindings } from '../types';

const disableTwoFactorBody = z.strictObject({
  password: z.string().min(1, 'Enter your password'),
  code: z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
});

const signInCodeRequest = z.looseObject({ type: z.literal('sign-in') });

/** Our client address replaces any header of that name the client sent. */
function headersWithClientIp(request: Request, ip: string): Headers {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, ip);
  return headers;
}

function withClientIp(request: Request, ip: string): Request {
  const headers = headersWithClientIp(request, ip);
  const url = new URL(request.url);
  if (request.method === 'GET' && url.pathname.endsWith('/get-session')) {
    // get-session answers from the signed cookie cache by default, which would keep a
    // signed-out session alive for 5 minutes to anyone replaying its cookies: ask the database.
    url.searchParams.set('disableCookieCache', 'true');
    return new Request(url, { method: 'GET', headers });
  }
  return new Request(request, { headers });
}

/**
 * Better Auth behind our rate limits and origin check. Turning two-factor off needs a current
 * code as well as the password, so a stolen password alone cannot remove the second factor.
 */
export function authRoutes(auth: Auth, db: Kysely<DatabaseSchema>, secret: string) {
  const app = new Hono<AppBindings>();
  // An organisation added in the console is made known to this instance when a request names it.
  const offer = (id: unknown) =>
    typeof id === 'string' && id.startsWith('org-')
      ? offerOrganisationSignIn(auth, db, secret, id)
      : undefined;

  // Before the library: its GET links would act (and sign in) when merely opened.
  app.route('/', mailedLinkRoutes());

  app.post('/sign-in/social', async (c, next) => {
    await offer(
      (
        (await c.req.raw
          .clone()
          .json()
          .catch(() => ({}))) as { provider?: unknown }
      ).provider,
    );
    return next();
  });

  // Only sign-in codes are asked for over HTTP: the endpoints that would check the other types
  // are closed (endpoint-table.ts), so a code of those types would serve no one.
  app.post('/email-otp/send-verification-otp', async (c, next) => {
    const body: unknown = await c.req.raw
      .clone()
      .json()
      .catch(() => undefined);
    if (body === undefined) return next();
    if (!signInCodeRequest.safeParse(body).success) {
      return apiError(c, 400, 'invalid_type', 'Only sign-in codes can be requested: send type "sign-in".', {
        type: 'Only "sign-in" is accepted',
      });
    }
    return next();
  });

  app.post('/two-factor/disable', async (c) => {
    const parsed = disableTwoFactorBody.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) {
      const fields = Object.fromEntries(
        parsed.error.issues.map((i) => [String(i.path[0] ?? 'body'), i.message]),
      );
      return apiError(c, 400, 'invalid_body', 'Please check the highlighted fields.', fields);
    }
    const headers = headersWithClientIp(c.req.raw, c.get('clientIp'));
    // Before the code is checked: a refusal after it would have spent the code for nothing.
    const recentUntil = await readRecentSignIn(auth, headers);
    // No session (0): Better Auth answers 401 below.
    if (recentUntil !== 0 && recentUntil <= Date.now()) {
      return c.json({ code: REAUTHENTICATION_REQUIRED, message: REAUTHENTICATION_MESSAGE }, 403);
    }
    try {
      await auth.api.verifyTOTP({ body: { code: parsed.data.code }, headers });
    } catch {
      return apiError(
        c,
        400,
        'invalid_code',
        'That code is not valid. Enter the current code from your app.',
      );
    }
    return auth.api.disableTwoFactor({ body: { password: parsed.data.password }, headers, asResponse: true });
  });

  // The way back from a provider always lands on a page: a provider's answer Better Auth could
  // not take (a profile an organisation may not vouch for, a provider down) says so on /login.
  app.on(['GET', 'POST'], '/callback/:providerId', async (c) => {
    await offer(c.req.param('providerId'));
    const response = await auth.handler(withClientIp(c.req.raw, c.get('clientIp')));
    if (response.status < 500) return response;
    c.get('logger').warn(
      { provider: c.req.param('providerId'), status: response.status },
      'sign-in callback failed',
    );
    return c.redirect('/login?error=provider', 302);
  });

  app.on(['GET', 'POST'], '/*', (c) => auth.handler(withClientIp(c.req.raw, c.get('clientIp'))));
  return app;
}
