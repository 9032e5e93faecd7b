import type { MiddlewareHandler } from 'hono';
import { sessionUser } from '#server/auth/auth';
import { apiError, asksForJson } from '#server/http-error';
import type { AppBindings, AppServices } from '#server/types';
import { parseFormBody } from '#server/validate';
import { catalogueOf } from '~/commerce/catalogue/catalogue-store.server';
import { changeWishlist } from './wishlist-change.server';
import { WISHLIST_LIST_FIELDS, wishlistFormSchema } from './wishlist.schema';
import { listWishlist } from './wishlist.server';

/**
 * POST /wishlist as the page's script posts it (postForm, Accept: application/json), answered
 * ahead of the framework (docs/decisions/0045) with the rules the page's action runs
 * (changeWishlist). A post that does not ask for JSON (a browser without scripts) goes on to
 * the action. A guest with scripts keeps the wishlist on the device and never posts here.
 */
export function wishlistFormAnswer(services: AppServices): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    if (!asksForJson(c)) return next();
    c.header('Cache-Control', 'no-store');
    // Fresh (one query), as every account route: a revoked session must not change anything.
    const user = await sessionUser(services.auth, c.req.raw.headers, { fresh: true });
    if (!user) return apiError(c, 401, 'unauthorized', 'Please sign in to use your account wishlist.');
    const body = await parseFormBody(c, wishlistFormSchema, WISHLIST_LIST_FIELDS);
    if (!body.ok) return body.response;
    const { outcome, cookie } = await changeWishlist(services, user, c.req.header('Cookie'), body.data);
    if (cookie) c.header('Set-Cookie', cookie, { append: true });
    if (!outcome.ok) return apiError(c, outcome.status, outcome.code, outcome.message);
    // As the API answered: the list after an add or a merge, a plain ok otherwise.
    if (body.data.intent === 'add' || body.data.intent === 'merge') {
      return c.json({ items: await listWishlist(services.database.db, catalogueOf(services), user.id) });
    }
    return c.json({ ok: true });
  };
}
