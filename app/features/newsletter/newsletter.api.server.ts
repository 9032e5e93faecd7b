import { Hono } from 'hono';
import { rateLimited } from '#server/http-error';
import type { AppBindings, AppServices } from '#server/types';
import { parseBody } from '#server/validate';
import { NEWSLETTER_TEXT } from './newsletter';
import { newsletterSchema } from './newsletter.schema';
import { requestSubscription } from './newsletter.server';

/** POST /api/newsletter: the footer's sign-up form (confirm and unsubscribe are pages). */
export function newsletterRoutes(services: AppServices) {
  const app = new Hono<AppBindings>();

  app.post('/', async (c) => {
    const body = await parseBody(c, newsletterSchema);
    if (!body.ok) return body.response;
    const outcome = await requestSubscription(services, body.data.email, c.get('clientIp'));
    if (outcome.status === 'rate_limited') return rateLimited(c, outcome.retryAfterSeconds);
    return c.json({ ok: true, message: NEWSLETTER_TEXT.subscribed.description });
  });

  return app;
}
