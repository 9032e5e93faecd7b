import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import type { PaymentGateway } from '#server/payments/gateway';
import { addQuantity } from '../cart/cart';
import type { LineItem } from '../cart/cart.schema';
import { itemCount } from '../cart/item-count';
import { listCart } from '../cart/cart.server';
import { isPurchasable } from '../catalog/catalog';
import type { Catalogue } from '../catalog/catalog.server';
import { hasPaidOrder, insertOrder } from '../orders/orders.server';
import { checkPromo, computeTotals } from '../promo/promo';
import {
  type CheckoutSession,
  EMPTY_CART_MESSAGE,
  NOT_CONFIGURED_MESSAGE,
  orderSuccessPath,
  type PaymentMethod,
  paymentMethodOf,
} from './checkout';
import { CheckoutError } from './checkout-error';

type Db = Kysely<DatabaseSchema>;

export interface CheckoutUser {
  id: string;
  email: string;
}

export interface CheckoutRequest {
  paymentMethod: PaymentMethod;
  promoCode?: string | null;
  /** A guest's device cart: product ids and quantities only. */
  items: LineItem[];
}

/** Quantities of the same product added up (a guest cart edited in two tabs), capped. */
function combine(items: readonly LineItem[]): LineItem[] {
  const byProduct = new Map<string, number>();
  for (const item of items)
    byProduct.set(item.productId, addQuantity(byProduct.get(item.productId) ?? 0, item.quantity).quantity);
  return [...byProduct].map(([productId, quantity]) => ({ productId, quantity }));
}

/** Each line priced from the catalogue, never from the client. */
function priceLines(catalogue: Catalogue, items: readonly LineItem[]) {
  return items.map(({ productId, quantity }) => {
    const product = catalogue.getProduct(productId);
    if (!product) {
      throw new CheckoutError(
        'unknown_product',
        'An item in your cart is no longer available. Please remove it and try again.',
      );
    }
    if (!isPurchasable(product.stock)) {
      throw new CheckoutError(
        'out_of_stock',
        `${product.name} is out of stock. Please remove it to check out.`,
      );
    }
    if (quantity > product.onHand) {
      throw new CheckoutError(
        'out_of_stock',
        `Only ${product.onHand} left in stock: ${product.name}. Please reduce the quantity to check out.`,
      );
    }
    return {
      productId: product.id,
      name: product.name,
      imageUrl: product.image,
      unitPrice: product.price,
      quantity,
      lineTotal: product.price * quantity,
    };
  });
}

/**
 * Creates the pending order the payment form pays (the create-payment call). The server prices
 * every line and the promotion; a signed-in shopper's cart is read from the account.
 */
export async function createCheckoutSession(
  db: Db,
  gateway: PaymentGateway,
  catalogue: Catalogue,
  user: CheckoutUser | null,
  request: CheckoutRequest,
): Promise<CheckoutSession> {
  if (!gateway.configured) throw new CheckoutError('payment_not_configured', NOT_CONFIGURED_MESSAGE);
  const source = user
    ? (await listCart(db, user.id)).map((line) => ({ productId: line.product_id, quantity: line.quantity }))
    : request.items;
  const lines = priceLines(catalogue, combine(source));
  if (lines.length === 0) throw new CheckoutError('empty_cart', EMPTY_CART_MESSAGE);

  let promo;
  if (request.promoCode?.trim()) {
    // A guest's address is known only when paying: the first-order term is checked again then.
    const isFirstOrder = user ? !(await hasPaidOrder(db, { userId: user.id, email: user.email })) : true;
    const check = checkPromo(request.promoCode, { itemCount: itemCount(lines), isFirstOrder });
    if (!check.ok) throw new CheckoutError('promo_not_applicable', check.message);
    promo = check.promo;
  }
  const totals = computeTotals(
    lines.map((line) => ({ price: line.unitPrice, quantity: line.quantity })),
    promo,
  );
  const order = await insertOrder(
    db,
    {
      userId: user?.id ?? null,
      email: user?.email.toLowerCase() ?? null,
      paymentMethod: request.paymentMethod,
      subtotal: totals.subtotal,
      shipping: totals.shipping,
      discount: totals.discount,
      total: totals.total,
      promoCode: promo?.code ?? null,
      items: lines,
    },
    { cancelAbandoned: Boolean(user) },
  );
  return {
    url: orderSuccessPath(order.reference, paymentMethodOf(order.payment_method)),
    orderId: order.id,
    reference: order.reference,
    paymentMethod: paymentMethodOf(order.payment_method),
    amount: order.total,
    subtotal: order.subtotal,
    shipping: order.shipping,
    discount: order.discount,
    promoCode: order.promo_code,
    mock: gateway.mock,
    email: user?.email ?? null,
  };
}
