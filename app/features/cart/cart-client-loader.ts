/** The cart's own client code, loaded as one chunk after the page is interactive (cart-state.ts). */
export const loadFullCartClient = () => import('./cart-client');
