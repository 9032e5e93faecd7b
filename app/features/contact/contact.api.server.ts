import { Hono } from 'hono';
import { rateLimited } from '#server/http-error';
import type { AppBindings, AppServices } from '#server/types';
import { parseBody } from '#server/validate';
import { CONTACT_MESSAGES, contactSchema } from './contact.schema';
import { submitContactMessage } from './contact.server';

/** POST /api/contact: the contact form. */
export function contactRoutes(services: AppServices) {
  const app = new Hono<AppBindings>();

  app.post('/', async (c) => {
    const body = await parseBody(c, contactSchema);
    if (!body.ok) return body.response;
    const outcome = await submitContactMessage(services, body.data, c.get('clientIp'));
    if (outcome.status === 'rate_limited') return rateLimited(c, outcome.retryAfterSeconds);
    return c.json({ ok: true, message: CONTACT_MESSAGES.sent });
  });

  return app;
}
