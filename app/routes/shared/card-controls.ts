import { AddToCartButton } from '~/features/cart/components/add-to-cart-button';
import type { CardControls } from '~/features/catalog/components/product-card';
import { WishlistButton } from '~/features/wishlist/components/wishlist-button';

/**
 * What product cards show of the cart and the wishlist. The catalog renders these slots where
 * it wants them without importing either feature; the routes, which compose features, fill
 * them. vite.config.ts keeps this module in the 'listing' chunk with the grid.
 */
export const cardControls: CardControls = { AddToCart: AddToCartButton, Wishlist: WishlistButton };
