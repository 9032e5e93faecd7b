/**
 * The wishlist code beyond the header badge and the hearts, loaded as one chunk after the page
 * is interactive (see wishlist-state.ts). Only ever imported dynamically: a chunk of its own.
 */
export { toggleWishlist } from './wishlist-actions';
export { startWishlistSync } from './wishlist-sync';
