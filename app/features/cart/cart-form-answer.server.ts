import type { MiddlewareHandler } from 'hono';
import { sessionUser } from '#server/auth/auth';
import { apiError, asksForJson } from '#server/http-error';
import type { AppBindings, AppServices } from '#server/types';
import { postedForm } from '#server/validate';
import { changeAccountCart } from './account-cart.server';
import { CART_TAB_HEADER, cartTabId } from './cart-tab';

/**
 * POST /cart as the cart page's script posts it (postForm: the form's fields, asking for JSON),
 * answered ahead of the framework (docs/decisions/0045): a React Router action would answer a
 * fetch with a document or a turbo-stream and revalidate the page's loaders, too slow for the
 * optimistic, in-order writes the bench measures. Every other request to /cart (a browser
 * without scripts) goes on to the page's action. Both run the same intent functions
 * (account-cart.server.ts).
 *
 * Only an account cart is changed here: a guest with scripts keeps the cart on the device and
 * never posts, so a request without a session is refused (401) as the API always did.
 */
export function cartFormAnswer(services: AppServices): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    if (!asksForJson(c)) return next();
    // Fresh (one query): the signed cookie cache would keep a signed-out or revoked session
    // working for up to 5 minutes to anyone replaying its cookies (tests/hardening/session).
    const user = await sessionUser(services.auth, c.req.raw.headers, { fresh: true });
    if (!user) return apiError(c, 401, 'unauthorized', 'Please sign in to use your account cart.');
    c.header('Cache-Control', 'no-store');
    const form = await postedForm(c);
    if (!form) return apiError(c, 400, 'invalid_body', "Please send the cart form's fields (URL-encoded).");
    const outcome = await changeAccountCart({
      services,
      userId: user.id,
      form,
      tab: cartTabId(c.req.header(CART_TAB_HEADER)),
    });
    if (outcome.ok) return c.json(outcome.answer);
    return apiError(c, outcome.status, outcome.code, outcome.message, outcome.fields);
  };
}
