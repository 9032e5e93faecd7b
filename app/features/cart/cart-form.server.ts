import { type AppLoadContext, data, redirect } from 'react-router';
import { getSessionUser } from '~/lib/session.server';
import { type FormArgs, runIntent } from '~/lib/form-action.server';
import { isPurchasable } from '~/commerce/catalogue/catalog';
import { catalogueOf } from '~/commerce/catalogue/catalogue-store.server';
import { type CartLine } from '~/commerce/cart/cart';
import { MAX_LINE_QUANTITY } from '~/commerce/cart-limits';
import { CartRuleError, listCart, mergeIntoCart } from '~/commerce/cart/cart.server';
import { type CartRefusal, changeAccountCart, readCartFields, ruleRefusal } from './account-cart.server';
import type { CartIntent } from './cart-form.schema';
import { CART_TAB_HEADER, cartTabId } from './cart-tab';
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
 * with the same function per intent as the script's JSON answer (account-cart.server.ts); a
 * guest's lines live in the guest cart cookie.
 */
type Args = { context: AppLoadContext; request: Request };
/** The forms a page posts (the merge is a script's, at sign-in). */
type PageIntent = Exclude<CartIntent, 'merge'>;

/** Where a plain post lands: the cart, which shows what changed. */
const CART_PAGE = '/cart';

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

/** A refused change, as the page shows it: the message, with the status the JSON answer has. */
function refused(intent: string, refusal: CartRefusal) {
  return data({ intent, ok: false, message: refusal.message }, { status: refusal.status });
}

/** The account cart: the same function per intent as the script's JSON answer. */
async function changeAccount({ context, request, form }: FormArgs<AppLoadContext>, userId: string) {
  const intent = textOf(form, 'intent');
  const outcome = await changeAccountCart({
    services: context.services,
    userId,
    form,
    tab: cartTabId(request.headers.get(CART_TAB_HEADER)),
  });
  // A line already removed elsewhere: what the shopper asked for.
  const gone = !outcome.ok && intent === 'remove' && outcome.code === 'not_found';
  if (!outcome.ok && !gone) return refused(intent, outcome);
  return redirect(CART_PAGE);
}

/** A guest's lines live in the cookie; the fields are read by the same schemas. */
function changeGuestCart({ context, request, form }: FormArgs<AppLoadContext>, intent: PageIntent) {
  const fields = readCartFields(intent, form);
  if (!fields.ok) return refused(intent, fields);
  let lines = readCartCookie(request.headers.get('Cookie'));
  const { data: posted } = fields;
  if (posted.intent === 'add') {
    const product = catalogueOf(context.services).getProduct(posted.productId);
    if (!product)
      return refused(
        intent,
        ruleRefusal(new CartRuleError('unknown_product', 'This product does not exist.')),
      );
    if (!isPurchasable(product.stock))
      return refused(
        intent,
        ruleRefusal(new CartRuleError('out_of_stock', `${product.name} is out of stock.`)),
      );
    const added = cookieWithAdded(
      lines,
      product.id,
      posted.quantity,
      Math.min(MAX_LINE_QUANTITY, product.onHand),
    );
    if (!added)
      return data(
        { intent, ok: false, message: 'This item could not be added to your cart.' },
        { status: 409 },
      );
    lines = added.lines;
  } else if (posted.intent === 'quantity') {
    if (posted.productId) lines = cookieWithQuantity(lines, posted.productId, posted.quantity);
  } else if (posted.intent === 'remove') {
    if (posted.productId) lines = cookieWithout(lines, posted.productId);
  } else {
    lines = [];
  }
  return redirect(CART_PAGE, {
    headers: { 'Set-Cookie': cartCookieHeader(lines, context.services.env.isHttps) },
  });
}

/**
 * The cart page's action: add, quantity, remove and clear, each a named intent (merge comes only
 * from a script, answered as JSON before this: a guest's cookie never needs it).
 */
export async function cartAction(args: Args) {
  // Fresh, as the JSON answer: a signed-out or revoked session must not change the account cart.
  const user = await getSessionUser(args.context, args.request, { fresh: true });
  const change = (intent: PageIntent) => (form: FormArgs<AppLoadContext>) =>
    user ? changeAccount(form, user.id) : changeGuestCart(form, intent);
  return runIntent(args, {
    add: change('add'),
    quantity: change('quantity'),
    remove: change('remove'),
    clear: change('clear'),
  });
}
