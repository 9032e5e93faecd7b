import { type AppLoadContext, data, redirect } from 'react-router';
import { getSessionUser } from '~/lib/session.server';
import { type FormArgs, runIntent } from '~/lib/form-action.server';
import { isPurchasable } from '~/commerce/catalogue/catalog';
import { catalogueOf } from '~/commerce/catalogue/catalogue-store.server';
import { type CartLine } from '~/commerce/cart/cart';
import { MAX_LINE_QUANTITY } from '~/commerce/cart-limits';
import {
  addToCart,
  CartRuleError,
  clearCart,
  listCart,
  mergeIntoCart,
  removeFromCart,
  setCartQuantity,
} from '~/commerce/cart/cart.server';
import {
  cartCookieHeader,
  type CookieLine,
  cookieWithAdded,
  cookieWithout,
  cookieWithQuantity,
  readCartCookie,
} from './guest-cart-cookie';

/**
 * The cart page's action and the cart its server render shows (docs/decisions/0044): what a
 * browser without scripts uses to add, change and remove. Signed in, it writes the account cart
 * with the same functions as the API; a guest's lines live in the guest cart cookie.
 */
type Args = { context: AppLoadContext; request: Request };

/** Where a plain post lands: the cart, which shows what changed. */
const CART_PAGE = '/cart';

const quantityOf = (form: FormData, fallback = 1) => {
  const raw = form.get('quantity');
  const quantity = raw === null || raw === '' ? fallback : Number(raw);
  return Number.isInteger(quantity) && quantity >= 1 ? Math.min(quantity, MAX_LINE_QUANTITY) : null;
};
const textOf = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** The guest cart as cart lines, priced by the catalogue; products gone from it are left out. */
function pricedLines(context: AppLoadContext, lines: readonly CookieLine[]): CartLine[] {
  const catalogue = catalogueOf(context.services);
  return lines.flatMap(({ productId, quantity }) => {
    const product = catalogue.getProduct(productId);
    if (!product) return [];
    // A guest's line is named by its product: the forms post it back as the line id.
    return [
      {
        id: product.id,
        product_id: product.id,
        name: product.name,
        price: product.price,
        quantity,
        image_url: product.image,
      },
    ];
  });
}

export interface ServerCart {
  account: boolean;
  lines: CartLine[];
}

/**
 * The cart as the server knows it. A signed-in shopper who still carries a guest cart cookie
 * (added without scripts, then signed in) gets it merged into the account here, once.
 */
export async function readServerCart({
  context,
  request,
}: Args): Promise<{ cart: ServerCart; headers: Headers }> {
  const headers = new Headers();
  const user = await getSessionUser(context, request);
  const cookieLines = readCartCookie(request.headers.get('Cookie'));
  if (!user) return { cart: { account: false, lines: pricedLines(context, cookieLines) }, headers };
  const db = context.services.database.db;
  if (cookieLines.length > 0) {
    await mergeIntoCart(db, catalogueOf(context.services), user.id, cookieLines);
    headers.append('Set-Cookie', cartCookieHeader([], context.services.env.isHttps));
    void context.services.cartEvents.publish(user.id).catch(() => undefined);
  }
  return { cart: { account: true, lines: await listCart(db, user.id) }, headers };
}

function cartRuleAnswer(error: unknown) {
  if (error instanceof CartRuleError)
    return data(
      { intent: 'cart', ok: false, message: error.message },
      { status: error.code === 'not_found' ? 404 : 409 },
    );
  throw error;
}

async function changeAccountCart(args: FormArgs<AppLoadContext>, userId: string) {
  const { context, form } = args;
  const db = context.services.database.db;
  const intent = textOf(form, 'intent');
  try {
    if (intent === 'add') {
      const quantity = quantityOf(form);
      if (quantity === null)
        return data({ intent, ok: false, message: 'Please choose a quantity.' }, { status: 400 });
      await addToCart(db, catalogueOf(context.services), userId, textOf(form, 'productId'), quantity);
    } else if (intent === 'quantity') {
      const quantity = quantityOf(form, 0);
      if (quantity !== null) await setCartQuantity(db, userId, textOf(form, 'lineId'), quantity);
    } else if (intent === 'remove') {
      await removeFromCart(db, userId, textOf(form, 'lineId')).catch((error: unknown) => {
        // Already removed elsewhere: what the shopper asked for.
        if (!(error instanceof CartRuleError && error.code === 'not_found')) throw error;
      });
    } else {
      await clearCart(db, userId);
    }
  } catch (error) {
    return cartRuleAnswer(error);
  }
  // Other tabs and devices read the cart again (the realtime sync, server/realtime).
  void context.services.cartEvents.publish(userId).catch(() => undefined);
  return redirect(CART_PAGE);
}

function changeGuestCart({ context, request, form }: FormArgs<AppLoadContext>) {
  const intent = textOf(form, 'intent');
  let lines = readCartCookie(request.headers.get('Cookie'));
  const productId = textOf(form, 'productId');
  if (intent === 'add') {
    const product = catalogueOf(context.services).getProduct(productId);
    if (!product) return cartRuleAnswer(new CartRuleError('unknown_product', 'This product does not exist.'));
    if (!isPurchasable(product.stock))
      return cartRuleAnswer(new CartRuleError('out_of_stock', `${product.name} is out of stock.`));
    const quantity = quantityOf(form);
    const added =
      quantity === null
        ? undefined
        : cookieWithAdded(lines, product.id, quantity, Math.min(MAX_LINE_QUANTITY, product.onHand));
    if (!added)
      return data(
        { intent, ok: false, message: 'This item could not be added to your cart.' },
        { status: 409 },
      );
    lines = added.lines;
  } else if (intent === 'quantity') {
    lines = cookieWithQuantity(lines, productId, quantityOf(form, 0) ?? 0);
  } else if (intent === 'remove') {
    lines = cookieWithout(lines, productId);
  } else {
    lines = [];
  }
  return redirect(CART_PAGE, {
    headers: { 'Set-Cookie': cartCookieHeader(lines, context.services.env.isHttps) },
  });
}

/** The cart page's action: add, quantity, remove and clear, each a named intent. */
export async function cartAction(args: Args) {
  const user = await getSessionUser(args.context, args.request);
  const change = (form: FormArgs<AppLoadContext>) =>
    user ? changeAccountCart(form, user.id) : changeGuestCart(form);
  return runIntent(args, { add: change, quantity: change, remove: change, clear: change });
}
