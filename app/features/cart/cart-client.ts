/**
 * The cart code beyond the header badge, loaded as one chunk after the page is interactive
 * (see cart-state.ts).
 */
export { addToCart, clearCart, forgetPurchasedCart, removeLine, setLineQuantity } from './cart-actions';
export { refreshCart, startCartSync } from './cart-sync';
export { adoptCookieCart } from './adopt-cookie-cart';
