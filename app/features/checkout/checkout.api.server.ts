import { Hono } from 'hono';
import { sessionUser } from '#server/auth/auth';
import { apiError, rateLimited } from '#server/http-error';
import type { AppBindings, AppServices } from '#server/types';
import { parseBody } from '#server/validate';
import { orderAccessCookie } from '~/commerce/orders/order-access.server';
import { catalogueOf } from '~/commerce/catalogue/catalogue-store.server';
import { promotionsOf } from '~/commerce/promo/promotion-store.server';
import { shopSettingsOf } from '~/commerce/shop-settings-store.server';
import { queueApprovalRequest } from '~/commerce/organisations/approval-mail.server';
import { CHECKOUT_ERROR_STATUS, CheckoutError } from './checkout-error';
import { createCheckoutSchema, idempotencyKeySchema, paymentSchema, quoteSchema } from './checkout.schema';
import { createCheckoutSession } from './checkout.server';
import { payOrder } from './payment.server';
import { announcePlaced, paymentDepsOf } from './placed-order.server';
import { quoteOrder } from './quote.server';

/** Card testers try many cards quickly: a shopper never needs more than a few tries. */
const PAY_LIMIT = { limit: 40, windowMs: 10 * 60_000 };
const orderIdPattern = /^[0-9a-f-]{36}$/;

/** /api/checkout: the payment session (create-payment) and the payment (process-payment). */
export function checkoutRoutes(services: AppServices) {
  const { database, auth, payments, logger, env, rateLimiter, metrics } = services;
  const db = database.db;
  const app = new Hono<AppBindings>();

  app.use(async (c, next) => {
    c.header('Cache-Control', 'no-store');
    await next();
  });

  const failure = (c: Parameters<typeof apiError>[0], error: unknown) => {
    if (!(error instanceof CheckoutError)) throw error;
    return apiError(c, CHECKOUT_ERROR_STATUS[error.code] as 400, error.code, error.message, error.fields);
  };

  // The cart's summary: the figures it shows come from here, priced as an order would be.
  app.post('/quote', async (c) => {
    const body = await parseBody(c, quoteSchema);
    if (!body.ok) return body.response;
    const user = await sessionUser(auth, c.req.raw.headers);
    const { quote } = await quoteOrder(
      {
        db,
        catalogue: catalogueOf(services),
        promotions: promotionsOf(services),
        settings: shopSettingsOf(services),
      },
      user,
      body.data,
      {
        strict: false,
      },
    );
    return c.json(quote);
  });

  /** The organisation's approvers learn of a cart over a buyer's limit (docs/decisions/0056). */
  const askApprovers = async (orderId: string) => {
    const row = await db
      .selectFrom('order_approvals as a')
      .innerJoin('orders as o', 'o.id', 'a.order_id')
      .innerJoin('organisations as g', 'g.id', 'a.organisation_id')
      .select([
        'o.reference',
        'o.total',
        'o.buyer_name',
        'g.name',
        'a.why',
        'a.organisation_id',
        'a.buyer_id',
      ])
      .where('a.order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    await queueApprovalRequest(services, {
      reference: row.reference,
      total: Number(row.total),
      organisationName: row.name,
      buyerName: row.buyer_name ?? 'A buyer',
      why: row.why,
      organisationId: row.organisation_id,
      buyerId: row.buyer_id,
    });
  };

  app.post('/', async (c) => {
    const body = await parseBody(c, createCheckoutSchema);
    if (!body.ok) return body.response;
    // Fresh: a revoked session must not start or pay an account's order from the cookie cache.
    const user = await sessionUser(auth, c.req.raw.headers, { fresh: true });
    try {
      const deps = {
        db,
        gateway: payments,
        catalogue: catalogueOf(services),
        promotions: promotionsOf(services),
        settings: shopSettingsOf(services),
      };
      const session = await createCheckoutSession(deps, user, body.data);
      metrics.ordersCreated.inc();
      // The order and its waiting approval stand even if the approvers' mail cannot be queued.
      if (session.approval && user)
        await askApprovers(session.orderId).catch((error: unknown) =>
          logger.error({ err: error, order: session.reference }, 'approval request mail not queued'),
        );
      return c.json(session, 201);
    } catch (error) {
      return failure(c, error);
    }
  });

  app.post('/:orderId/pay', async (c) => {
    const orderId = c.req.param('orderId');
    if (!orderIdPattern.test(orderId)) return apiError(c, 404, 'not_found', 'This order does not exist.');
    const key = c.req.header('Idempotency-Key');
    if (key !== undefined && !idempotencyKeySchema.safeParse(key).success) {
      return apiError(
        c,
        400,
        'invalid_idempotency_key',
        'The Idempotency-Key header must be 8-80 letters, digits, - or _.',
      );
    }
    const limit = await rateLimiter.hit(`pay:ip:${c.get('clientIp')}`, PAY_LIMIT);
    if (!limit.allowed) return rateLimited(c, limit.retryAfterSeconds);
    const body = await parseBody(c, paymentSchema);
    if (!body.ok) return body.response;
    // Fresh: a revoked session must not start or pay an account's order from the cookie cache.
    const user = await sessionUser(auth, c.req.raw.headers, { fresh: true });
    try {
      const paid = await payOrder(paymentDepsOf(services), {
        orderId,
        userId: user?.id ?? null,
        payment: body.data,
        idempotencyKey: key,
      });
      await announcePlaced(services, paid, c.get('logger'));
      if (!paid.order.user_id) {
        // The guest's browser, and only it, may see the order's confirmation page.
        const cookie = orderAccessCookie({
          cookieHeader: c.req.header('cookie'),
          reference: paid.order.reference,
          orderId: paid.order.id,
          secret: env.AUTH_SECRET,
          secure: env.APP_URL.startsWith('https:'),
        });
        c.header('Set-Cookie', cookie, { append: true });
      }
      return c.json({
        success: true,
        orderId: paid.order.id,
        reference: paid.order.reference,
        paymentMethod: paid.order.payment_method,
        url: paid.url,
      });
    } catch (error) {
      if (error instanceof CheckoutError && error.code === 'payment_declined') metrics.paymentsDeclined.inc();
      return failure(c, error);
    }
  });

  return app;
}
