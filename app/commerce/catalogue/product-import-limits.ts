/**
 * The product import's size rule (docs/decisions/0050), shared by the import page's action and
 * the server's body limit, which refuses a larger body before the action reads it.
 */
export const PRODUCT_IMPORT_PATH = '/admin/product-import';
/** The upload's own limit (the server's body limit for this page is 16 MB, the form around it). */
export const MAX_IMPORT_BYTES = 15 * 1024 * 1024;
export const IMPORT_TOO_LARGE = 'The file is over 15 MB: import it in parts.';
