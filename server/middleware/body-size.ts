import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppBindings } from '../types';

const MB = 1024 * 1024;
/** A product image (5 MB, the console's limit) and the rest of its form. */
const IMAGE_FORM_BYTES = 6 * MB;
/** A prescription (10 MB, checkout's limit) and the rest of its form. */
const PRESCRIPTION_FORM_BYTES = 11 * MB;
/** A products CSV (15 MB, the import page's limit) and the rest of its form. */
const IMPORT_FORM_BYTES = 16 * MB;
/** The one path that takes it. */
export const PRODUCT_IMPORT_PATH = '/admin/product-import';
/** An organisation's tax exemption certificate: a file of a prescription's size (ADR 0057). */
const CERTIFICATE_PATH = '/account/organisation/tax-exemption';
/** Everything else: forms and JSON of a few kilobytes. */
const OTHER_BYTES = 1 * MB;

/**
 * Refuses a request body over its limit. A body with a Content-Length is judged by that header
 * alone (Node's parser reads exactly that many bytes, never more), so `c.req.raw.body` is not
 * touched: reading it makes @hono/node-server build a full Request for every request, GETs
 * included, and measured 0.04 ms more per cached page and 0.19 ms more per add to cart. Only
 * a chunked body, whose size is known at its end, goes through Hono's bodyLimit, which counts
 * it as it streams.
 */
export function bodySizeLimit(onError: (c: Context<AppBindings>) => Response | Promise<Response>) {
  const streamedImage = bodyLimit({ maxSize: IMAGE_FORM_BYTES, onError });
  const streamedOther = bodyLimit({ maxSize: OTHER_BYTES, onError });
  const streamedPrescription = bodyLimit({ maxSize: PRESCRIPTION_FORM_BYTES, onError });
  const streamedImport = bodyLimit({ maxSize: IMPORT_FORM_BYTES, onError });
  const middleware: MiddlewareHandler<AppBindings> = async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const image = c.req.path.startsWith('/admin/products/');
    const prescription = c.req.path.startsWith('/api/prescriptions/') || c.req.path === CERTIFICATE_PATH;
    const productImport = c.req.path === PRODUCT_IMPORT_PATH;
    const max = image
      ? IMAGE_FORM_BYTES
      : prescription
        ? PRESCRIPTION_FORM_BYTES
        : productImport
          ? IMPORT_FORM_BYTES
          : OTHER_BYTES;
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number(length) > max ? onError(c) : next();
    }
    if (image) return streamedImage(c, next);
    if (prescription) return streamedPrescription(c, next);
    return productImport ? streamedImport(c, next) : streamedOther(c, next);
  };
  return middleware;
}
