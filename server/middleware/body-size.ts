import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { IMPORT_TOO_LARGE, PRODUCT_IMPORT_PATH } from '../../app/commerce/catalogue/product-import-limits';
import { CERTIFICATE_TEXT, TAX_EXEMPTION_PATH } from '../../app/commerce/organisations/tax-exemption';
import { PRESCRIPTION_TEXT } from '../../app/commerce/prescriptions/prescriptions';
import { answersJson, apiError } from '../http-error';
import type { AppBindings } from '../types';
import { pagePath, postedByRouter, routeActionAnswer } from './route-answer';

const MB = 1024 * 1024;

/** A path's body limit, and what a refused body is told (each text from where its form says it). */
export interface BodyRule {
  /** A page's path (its `.data` request included), or a prefix ending in `/*`. */
  path: string;
  bytes: number;
  message: string;
  /** The page's form whose answer says it, when React Router's script posted it (`POST /page.data`). */
  form?: { intent: string; field: string };
}

export const BODY_RULES: readonly BodyRule[] = [
  // A product image (5 MB, the console's limit) and the rest of its form.
  {
    path: '/admin/products/*',
    bytes: 6 * MB,
    message: 'This upload is too large: images can be up to 5 MB.',
  },
  // A prescription (10 MB, checkout's limit) and the rest of its form.
  { path: '/api/prescriptions/*', bytes: 11 * MB, message: PRESCRIPTION_TEXT.tooLarge },
  // An organisation's tax exemption certificate: a file of a prescription's size (ADR 0057).
  {
    path: TAX_EXEMPTION_PATH,
    bytes: 11 * MB,
    message: CERTIFICATE_TEXT.tooLarge,
    form: { intent: 'upload', field: 'file' },
  },
  // A products CSV (15 MB, the import page's limit) and the rest of its form.
  {
    path: PRODUCT_IMPORT_PATH,
    bytes: 16 * MB,
    message: IMPORT_TOO_LARGE,
    form: { intent: 'upload', field: 'file' },
  },
];

/** Everything else: forms and JSON of a few kilobytes. */
export const OTHER_BODIES: BodyRule = { path: '*', bytes: 1 * MB, message: 'This request is too large.' };

/** The rule of a request's path: `/page.data` is judged as `/page`, whose form it posts. */
export function bodyRule(path: string): BodyRule {
  const page = pagePath(path);
  const rule = BODY_RULES.find((r) =>
    r.path.endsWith('/*') ? page.startsWith(r.path.slice(0, -1)) : page === r.path,
  );
  return rule ?? OTHER_BODIES;
}

/**
 * The refusal, where its sender will show it: JSON to the API and to a page's script asking for
 * it; the form's answer to React Router's script, so the page shows it beside the file field
 * (a bare 413 would send that script to the error page); plain text to a browser's own post.
 */
function refusal(c: Context<AppBindings>, rule: BodyRule): Response {
  if (answersJson(c)) return apiError(c, 413, 'payload_too_large', rule.message);
  if (rule.form && postedByRouter(c.req.path)) {
    const { intent, field } = rule.form;
    return routeActionAnswer(
      { intent, ok: false, message: rule.message, fields: { [field]: rule.message } },
      413,
    );
  }
  return c.text(rule.message, 413);
}

/**
 * Refuses a request body over its path's limit. A body with a Content-Length is judged by that
 * header alone (Node's parser reads exactly that many bytes, never more), so `c.req.raw.body` is
 * not touched: reading it makes @hono/node-server build a full Request for every request, GETs
 * included, and measured 0.04 ms more per cached page and 0.19 ms more per add to cart. Only a
 * chunked body, whose size is known at its end, goes through Hono's bodyLimit, which counts it
 * as it streams.
 */
export function bodySizeLimit() {
  const streamed = new Map<BodyRule, MiddlewareHandler>();
  for (const rule of [...BODY_RULES, OTHER_BODIES]) {
    streamed.set(
      rule,
      bodyLimit({ maxSize: rule.bytes, onError: (c) => refusal(c as Context<AppBindings>, rule) }),
    );
  }
  const middleware: MiddlewareHandler<AppBindings> = async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const rule = bodyRule(c.req.path);
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number(length) > rule.bytes ? refusal(c, rule) : next();
    }
    const counted = streamed.get(rule);
    return counted ? counted(c, next) : next();
  };
  return middleware;
}
