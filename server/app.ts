import { Hono } from 'hono';
import type { RequestListener } from 'node:http';
import { createRequestHandler, type ServerBuild } from 'react-router';
// The composition root: the one module of server/ that imports features (eslint.config.js).
import { authMails } from '../app/features/account/account-mail.server';
import { viewerOf } from '../app/features/account/viewer.server';
import { cartRoutes } from '../app/features/cart/cart.api.server';
import { cartFormAnswer } from '../app/features/cart/cart-form-answer.server';
import { catalogueStore, openCatalogue } from '../app/commerce/catalogue/catalogue-store.server';
import { openPromotions, promotionsOf } from '../app/commerce/promo/promotion-store.server';
import { WELCOME_OFFER_CODE } from '../app/commerce/promo/promo';
import { openShopSettings, shopSettingsStore } from '../app/commerce/shop-settings-store.server';
import { startCatalogJobs } from '../app/features/catalog/catalog-jobs.server';
import { mediaRoutes } from '../app/features/catalog/media.api.server';
import { checkoutRoutes } from '../app/features/checkout/checkout.api.server';
import { promoFormAnswer } from '../app/features/checkout/promo-check.server';
import { prescriptionRoutes } from '../app/features/prescriptions/prescriptions.api.server';
import { startContactJobs } from '../app/features/contact/contact-jobs.server';
import { startCampaignJobs } from '../app/features/newsletter/campaign-sender.server';
import { newsletterRoutes } from '../app/features/newsletter/newsletter.api.server';
import { newsletterFormAnswer } from '../app/features/newsletter/newsletter-form-answer.server';
import { unconfirmedSubscribers } from '../app/features/newsletter/newsletter.server';
import { startOrderJobs } from '../app/features/orders/order-jobs.server';
import { startInvoiceJobs } from '../app/features/invoices/invoice-reminders.server';
import { startCertificateJobs } from '../app/features/tax-exemption/certificate-jobs.server';
import { startRefillJobs } from '../app/commerce/refills/refill-jobs.server';
import { refillPricing } from '../app/features/checkout/refill-pricing.server';
import { startWebhookJobs } from '../app/commerce/webhooks/delivery.server';
import { oldWebhookEvents } from '../app/commerce/webhooks/retention.server';
import { wishlistRoutes } from '../app/features/wishlist/wishlist.api.server';
import { GUEST_WISHLIST_COOKIE } from '../app/features/wishlist/guest-wishlist-cookie';
import { wishlistFormAnswer } from '../app/features/wishlist/wishlist-form-answer.server';
import { wishlistOf } from '../app/features/wishlist/wishlist-form.server';
import { authRateLimits } from './auth/limits';
import { userOfAttempt } from './auth/auth';
import { clientIp } from './client-ip';
import { answersJson, apiError } from './http-error';
import { bodySizeLimit } from './middleware/body-size';
import { compressPages, type WholePage } from './middleware/compress-pages';
import { originCheck } from './middleware/origin-check';
import { providerOrigins } from './auth/providers';
import { authRoutes } from './routes/auth';
import { wellKnownRoutes } from './routes/well-known';
import { requestIds } from './middleware/request-id';
import {
  type SecurityHeaderOptions,
  securityHeaders,
  securityHeaderSet,
} from './middleware/security-headers';
import { requestLines, requestLogger } from './middleware/request-logger';
import { healthRoutes } from './routes/health';
import { startMailWorker } from './mail/outbox';
import { startSmsWorker } from './sms/sms';
import { startRetentionJob } from './retention';
import { startBackupJob } from './backup/backup-job';
import { metricsRoute } from './metrics/metrics-route';
import { countRequests } from './metrics/request-metrics';
import { type PagePattern, pagePatterns } from './metrics/route-label';
import { cachedPagesFirst } from './page-cache/fast-path';
import { type PageCache, pageCache } from './page-cache/page-cache';
import { staticFiles } from './static-files';
import type { AppBindings, AppServices } from './types';

/** The account feature's mails, for auth (built before the app, in server/services.ts). */
export { authMails };

/**
 * What the features need loaded before the first request: the catalogue's read model (seeded
 * on an empty database) and the promotions'. Server start and dev await it before createApp.
 */
export async function openFeatures(services: AppServices): Promise<void> {
  await Promise.all([openCatalogue(services), openShopSettings(services)]);
  await openPromotions(services);
}

/**
 * The job queue's workers on this instance (after openFeatures): every store mail, and the
 * features' jobs. Returns stop (the queue itself stops with the services).
 */
export async function startFeatureJobs(services: AppServices): Promise<() => Promise<void>> {
  const { jobs, mailer, jobContents, env, logger } = services;
  await startMailWorker(jobs, mailer, jobContents, env, logger);
  await startSmsWorker(jobs, services.smsSender, jobContents, logger);
  await startContactJobs(services);
  await startCampaignJobs(services);
  await startCatalogJobs(services);
  const stops = [
    await startOrderJobs(services),
    // Invoice reminders at the due date and a week after (docs/decisions/0058).
    await startInvoiceJobs(services),
    // Tax exemption certificates' expiry reminders (docs/decisions/0057).
    await startCertificateJobs(services),
    // Refill plans' cycles: reminders, orders and charges (docs/decisions/0065).
    await startRefillJobs(services, refillPricing(services)),
    // Signed webhooks: the outbox's relay and the deliveries (docs/decisions/0049).
    await startWebhookJobs({ db: services.database.db, jobs, env, logger }),
    // Expired rows of server/ and of the features (docs/decisions/0032).
    await startRetentionJob(services, [unconfirmedSubscribers, oldWebhookEvents]),
    // SQLite's scheduled backups (docs/decisions/0035); nothing on PostgreSQL.
    await startBackupJob(services),
  ];
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}

/**
 * One page cache per services (dev builds a new app per request), told by the catalogue which
 * pages a change touched: a product page alone, or every page when cards changed. It looks up
 * a signed-in shopper itself, and hands them to the page it renders (the root loader).
 */
const pageCaches = new WeakMap<AppServices, PageCache>();
function cachedPages(services: AppServices): PageCache {
  let cache = pageCaches.get(services);
  if (!cache) {
    const created = pageCache({
      // The hearts show the account's wishlist: part of what a signed-in page looks like.
      viewerOf: (c) => viewerOf(services, c.req.raw.headers, wishlistOf(services)),
      tally: services.metrics.pageCache,
      // A guest who saved products without scripts sees them hearted on every page.
      guestCookies: [GUEST_WISHLIST_COOKIE],
    });
    catalogueStore(services).onChange((change) => {
      if (change.listings) created.clear();
      else created.drop(change.productIds.map((id) => `/product/${id}`));
    });
    // Product pages offer the welcome code after an add to cart (docs/decisions/0052).
    promotionsOf(services).onChange((codes) => {
      if (codes.includes(WELCOME_OFFER_CODE)) created.clear();
    });
    // Every page's header and footer quote the free-shipping threshold; tax shows on no cached page.
    shopSettingsStore(services).onChange((change) => {
      if (change.shipping) created.clear();
    });
    pageCaches.set(services, created);
    cache = created;
  }
  return cache;
}

/** The page routes' patterns, for the request metrics' labels: one matcher per build. */
const pagePatternsOf = new WeakMap<CreateAppOptions['build'], PagePattern>();
function pagePatternOf(build: CreateAppOptions['build']): PagePattern {
  let patterns = pagePatternsOf.get(build);
  if (!patterns) {
    patterns = pagePatterns(build);
    pagePatternsOf.set(build, patterns);
  }
  return patterns;
}

export interface CreateAppOptions {
  services: AppServices;
  /** The React Router server build, or a loader for it (dev reloads it on every change). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Folder of the built browser assets; absent in dev, where Vite serves them. */
  clientDir?: string;
  /** True while the process drains connections before exiting. */
  isShuttingDown?: () => boolean;
  /** Aborted when the listener closes: event streams end so their clients reconnect elsewhere. */
  closing?: AbortSignal;
  /** Mounts extra API routes before the API's 404 fallback (used by tests to add a slow route). */
  extendApi?: (api: Hono<AppBindings>) => void;
  /** False renders every page (tests compare a cached page with a fresh render of it); default PAGE_CACHE. */
  cachePages?: boolean;
}

const securityOptions = (env: AppServices['env']): SecurityHeaderOptions => ({
  https: env.isHttps,
  development: env.NODE_ENV === 'development',
  formActionOrigins: providerOrigins(env),
});

const cachingPages = (options: CreateAppOptions) => options.cachePages ?? options.services.env.PAGE_CACHE;

/**
 * Node's request listener around the app's: a guest's cached page is answered before the
 * framework, with the headers, nonce, request id and log line the app would give it (ADR 0030).
 */
export function cachedPagesFirstFor(options: CreateAppOptions): (app: RequestListener) => RequestListener {
  if (!cachingPages(options)) return (app) => app;
  const { requests } = options.services.metrics;
  const pagePattern = pagePatternOf(options.build);
  const fastPath = {
    cache: cachedPages(options.services),
    logger: requestLines(options.services.logger),
    securityHeaders: securityHeaderSet(securityOptions(options.services.env)),
    isShuttingDown: options.isShuttingDown ?? (() => false),
    counted: (path: string, status: number, seconds: number) =>
      requests(pagePattern(path), 'GET', status, seconds),
  };
  return (app) => cachedPagesFirst(fastPath, app);
}

export function createApp(options: CreateAppOptions) {
  const { services, clientDir } = options;
  const { env, logger } = services;
  const isShuttingDown = options.isShuttingDown ?? (() => false);
  const app = new Hono<AppBindings>();

  app.use(countRequests(services.metrics.requests, pagePatternOf(options.build)));
  app.use(requestIds());
  app.use(requestLogger(logger));
  app.use(securityHeaders(securityOptions(env)));
  // From the first signal on, a client (or balancer) must not send another request on this
  // connection: the instance is going away (docs/decisions/0037).
  app.use(async (c, next) => {
    await next();
    if (isShuttingDown()) c.res.headers.set('Connection', 'close');
  });
  // Pages are compressed (static files and cached pages arrive compressed already); API
  // answers, and a page form's JSON answer to its script, are small JSON or event streams,
  // where compressing costs more than it saves.
  const pages = compressPages();
  app.use((c, next) => (answersJson(c) ? next() : pages(c, next)));
  app.use(async (c, next) => {
    c.set('clientIp', clientIp(c, env.TRUSTED_PROXIES));
    await next();
  });
  // Every path: the API and the pages' form actions alike.
  // One-click unsubscribe is posted by mail providers' servers (RFC 8058); its token is its authority.
  // Apple answers a sign-in with a POST from its own site (form_post); its state is its authority.
  app.use(originCheck(env.APP_URL, { exempt: ['/api/newsletter/unsubscribe', '/api/auth/callback/apple'] }));
  // No request body is large but an upload's; each path's limit and refusal: BODY_RULES.
  app.use(bodySizeLimit());
  app.use('/api/auth/*', authRateLimits(services.rateLimiter, userOfAttempt(services.auth)));

  const api = new Hono<AppBindings>();
  api.route('/health', healthRoutes(services, isShuttingDown));
  api.route('/auth', authRoutes(services.auth, services.database.db, env.AUTH_SECRET));
  api.route('/cart', cartRoutes(services, { closing: options.closing }));
  api.route('/wishlist', wishlistRoutes(services));
  api.route('/checkout', checkoutRoutes(services));
  api.route('/prescriptions', prescriptionRoutes(services));
  api.route('/newsletter', newsletterRoutes(services));
  options.extendApi?.(api);
  app.route('/api', api);
  app.all('/api/*', (c) =>
    apiError(c, 404, 'not_found', `No API route matches ${c.req.method} ${c.req.path}`),
  );

  // A page form posted by its script asking for JSON is answered here, ahead of the framework;
  // the browser's own post goes on to the page's action, which runs the same rules (ADR 0045).
  app.post('/cart', promoFormAnswer(services));
  app.post('/cart', cartFormAnswer(services));
  app.post('/wishlist', wishlistFormAnswer(services));
  app.post('/newsletter', newsletterFormAnswer(services));

  app.route('/.well-known', wellKnownRoutes(services.auth));
  // Before the pages: refused, it goes on to them and gets the not-found page.
  app.get('/metrics', metricsRoute(services.metrics, env));
  if (clientDir) app.use('*', staticFiles(clientDir));
  app.route('/media', mediaRoutes(services));
  // After the static files: a page is whatever no file answered.
  if (cachingPages(options)) app.use('*', cachedPages(services).middleware);

  const handleRequest = createRequestHandler(
    options.build,
    env.NODE_ENV === 'development' ? 'development' : 'production',
  );
  app.all('*', async (c) => {
    let whole: Omit<WholePage, 'response'> | undefined;
    const response = await handleRequest(c.req.raw, {
      nonce: c.get('nonce'),
      requestId: c.get('requestId'),
      clientIp: c.get('clientIp'),
      services,
      viewer: c.get('viewer'),
      wholePage: (html, staticText) => {
        whole = { html, staticText };
      },
    });
    if (whole) c.set('wholePage', { ...whole, response });
    return response;
  });

  app.onError((error, c) => {
    c.get('logger').error({ err: error }, 'unhandled error');
    if (answersJson(c)) {
      return apiError(c, 500, 'internal_error', 'Something went wrong on our side. Please try again.');
    }
    return c.text('Something went wrong on our side. Please try again.', 500);
  });

  return app;
}
