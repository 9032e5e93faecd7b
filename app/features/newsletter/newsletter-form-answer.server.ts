import type { MiddlewareHandler } from 'hono';
import { apiError, asksForJson, rateLimited } from '#server/http-error';
import type { AppBindings, AppServices } from '#server/types';
import { postedForm, refusedFields } from '#server/validate';
import { NEWSLETTER_TEXT } from './newsletter';
import { signUpWithForm } from './newsletter-form.server';

/**
 * POST /newsletter answered as JSON, ahead of the page's action (docs/decisions/0045): the sign-up
 * form's script posts the same field to the same URL and toasts the answer. The browser's own post
 * (no JSON asked for) goes on to the page's action, which runs the same signUpWithForm.
 */
export function newsletterFormAnswer(services: AppServices): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    if (!asksForJson(c)) return next();
    const form = await postedForm(c);
    if (!form) return apiError(c, 400, 'invalid_body', "The request body must be the form's fields.");
    const outcome = await signUpWithForm(services, form, c.get('clientIp'));
    if (outcome.status === 'invalid') {
      const { message, fields } = refusedFields(outcome.issues);
      return apiError(c, 400, 'invalid_body', message, fields);
    }
    if (outcome.status === 'rate_limited') return rateLimited(c, outcome.retryAfterSeconds);
    return c.json({ ok: true, message: NEWSLETTER_TEXT.subscribed.description });
  };
}
