import { Hono } from 'hono';
import { z } from 'zod';
import { apiError } from '#server/http-error';
import type { AppBindings, AppServices } from '#server/types';
import { unsubscribe } from './newsletter.server';

/** The body RFC 8058 prescribes for a one-click unsubscribe. */
const oneClickSchema = z.object({ 'List-Unsubscribe': z.literal('One-Click') });

/**
 * /api/newsletter: only the one-click unsubscribe, posted by mail providers' servers. The sign-up
 * form posts to /newsletter (newsletter-form-answer.server.ts); confirm and unsubscribe are pages.
 */
export function newsletterRoutes(services: AppServices) {
  const app = new Hono<AppBindings>();

  // One-click unsubscribe (RFC 8058): the mail provider posts `List-Unsubscribe=One-Click` to
  // the URL of a campaign's List-Unsubscribe header, from its own servers, without cookies: the
  // origin check lets this path through (server/app.ts), the signed token is the authority.
  app.post('/unsubscribe', async (c) => {
    const token = c.req.query('token') ?? '';
    const form = await c.req.parseBody().catch(() => ({}));
    if (!oneClickSchema.safeParse(form).success) {
      return apiError(c, 400, 'invalid_body', 'Expected List-Unsubscribe=One-Click.');
    }
    if (!(await unsubscribe(services.database.db, token, services.env.AUTH_SECRET))) {
      return apiError(c, 404, 'not_found', 'This unsubscribe link is not valid.');
    }
    return c.json({ ok: true, message: 'You have been unsubscribed.' });
  });

  return app;
}
