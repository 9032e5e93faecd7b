/**
 * The cart and wishlist code beyond the header badge, loaded as one chunk after the page is
 * interactive (see cart-state.ts). Cart and wishlist share it because both follow the session
 * and both merge into the account at sign-in.
 */
export { addToCart, clearCart, forgetPurchasedCart, removeLine, setLineQuantity } from './cart-actions';
export { refreshCart, startCartSync } from './cart-sync';
export { clearWishlist, removeFromWishlist, toggleWishlist } from '../wishlist/wishlist-client';
