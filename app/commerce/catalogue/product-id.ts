/**
 * A product id: a URL slug of lower-case words joined by hyphens, at most 120 characters. The
 * catalogue writes its ids this way, and the API and device storage refuse anything else
 * (a NUL byte, a path) before it reaches a query. A module of its own, not catalog.ts: only
 * the cart and wishlist code loaded after a page is interactive needs it in the browser, and
 * catalog.ts is part of every listing's first load.
 */
export const PRODUCT_ID_PATTERN = /^(?=.{1,120}$)[a-z0-9]+(?:-[a-z0-9]+)*$/;
