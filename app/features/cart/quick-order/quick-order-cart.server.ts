import type { AppServices } from '#server/types';
import { isPurchasable } from '~/commerce/catalogue/catalog';
import type { Catalogue } from '~/commerce/catalogue/catalog.server';
import type { Product } from '~/commerce/catalogue/catalog.types';
import { LINE_LIMIT_MESSAGE, stockLimitMessage } from '~/commerce/cart/cart';
import { addToCart, listCart } from '~/commerce/cart/cart.server';
import { MAX_LINE_QUANTITY } from '~/commerce/cart-limits';
import { type CookieLine, cookieWithAdded, MAX_COOKIE_LINES } from '../guest-cart-cookie';
import type { LineNote, ReadLine, RefusedLine } from './quick-order.schema';

/**
 * The lines of a quick order matched with the catalogue, added up per product and put in the
 * cart in one step: the account cart in one transaction, or a guest's cart cookie, which the
 * page's answer sets. Each product is held at the cart's limits (99 a line, what is in stock).
 */
type GoodLine = Extract<ReadLine, { ok: true }>;

export interface Wanted {
  product: Product;
  lines: GoodLine[];
  quantity: number;
}

export interface Outcome {
  added: number;
  refused: RefusedLine[];
  notes: LineNote[];
}

const refuse = (line: ReadLine, reason: string): RefusedLine => ({
  source: line.source,
  line: line.line,
  sku: line.sku,
  reason,
});

/** SKUs as people type them: letter case aside. */
const skuKey = (sku: string) => sku.toUpperCase();

/**
 * SKUs of products staff took off the storefront (unpublished): said to be no longer sold,
 * rather than unknown, so the shopper knows to look for another. Read only for SKUs the
 * catalogue does not have, which a well-kept list has none of.
 */
async function withdrawnSkus(services: AppServices, skus: readonly string[]): Promise<Set<string>> {
  if (skus.length === 0) return new Set();
  const rows = await services.database.db
    .selectFrom('products')
    .select('sku')
    .where((eb) => eb(eb.fn('upper', ['sku']), 'in', [...new Set(skus.map(skuKey))]))
    .execute();
  return new Set(rows.map((row) => skuKey(row.sku)));
}

/** The lines as products to add (in the order first named), and the lines refused already. */
export async function matchLines(
  services: AppServices,
  catalogue: Catalogue,
  lines: readonly ReadLine[],
): Promise<{ wanted: Wanted[]; refused: RefusedLine[] }> {
  const bySku = new Map(catalogue.products.map((product) => [skuKey(product.sku), product]));
  const unknown = lines.filter((line) => line.ok && !bySku.has(skuKey(line.sku))).map((line) => line.sku);
  const withdrawn = await withdrawnSkus(services, unknown);
  const refused: RefusedLine[] = [];
  const wanted = new Map<string, Wanted>();
  for (const line of lines) {
    if (!line.ok) {
      refused.push(refuse(line, line.reason));
      continue;
    }
    const product = bySku.get(skuKey(line.sku));
    if (!product) {
      const known = withdrawn.has(skuKey(line.sku));
      refused.push(refuse(line, known ? 'This product is no longer sold.' : 'No product has this SKU.'));
    } else if (!isPurchasable(product.stock)) {
      refused.push(refuse(line, `${product.name} is out of stock.`));
    } else {
      const entry = wanted.get(product.id) ?? { product, lines: [], quantity: 0 };
      entry.lines.push(line);
      entry.quantity += line.quantity;
      wanted.set(product.id, entry);
    }
  }
  return { wanted: [...wanted.values()], refused };
}

/** The most of the product one cart line holds: 99, or what is in stock when less. */
const mostOf = (product: Product) => Math.min(MAX_LINE_QUANTITY, product.onHand);

/** What may be added beside `inCart`: all of it, part of it (with a note) or none (refused). */
function fit(entry: Wanted, inCart: number, outcome: Outcome): number {
  const { product, lines, quantity } = entry;
  const [first] = lines as [GoodLine, ...GoodLine[]];
  const most = mostOf(product);
  const room = Math.max(most - inCart, 0);
  const byStock = most < MAX_LINE_QUANTITY;
  if (room === 0) {
    const why = byStock ? `all ${most} in stock` : `${most}, the most of one item`;
    for (const line of lines)
      outcome.refused.push(refuse(line, `Your cart already holds ${product.name}: ${why}.`));
    return 0;
  }
  const adding = Math.min(quantity, room);
  const note = (text: string) =>
    outcome.notes.push({ source: first.source, line: first.line, sku: first.sku, note: text });
  if (adding < quantity)
    note(
      `${product.name}: ${adding} of ${quantity} added. ${byStock ? `${stockLimitMessage(most)}.` : LINE_LIMIT_MESSAGE}`,
    );
  if (product.prescriptionRequired) note(`${product.name} needs a prescription: the checkout asks for it.`);
  outcome.added += adding;
  return adding;
}

/** Adds to the account cart in one transaction: all of it, or (on an error) none of it. */
export async function addToAccountCart(
  services: AppServices,
  catalogue: Catalogue,
  userId: string,
  wanted: readonly Wanted[],
  outcome: Outcome,
): Promise<void> {
  await services.database.db.transaction().execute(async (trx) => {
    const inCart = new Map((await listCart(trx, userId)).map((line) => [line.product_id, line.quantity]));
    for (const entry of wanted) {
      const adding = fit(entry, inCart.get(entry.product.id) ?? 0, outcome);
      // The upsert holds the line at its limit too, should another tab add meanwhile.
      if (adding > 0) await addToCart(trx, catalogue, userId, entry.product.id, adding);
    }
  });
}

/** Adds to a guest's cart cookie lines, which hold up to 40 products. */
export function addToCookieLines(
  lines: readonly CookieLine[],
  wanted: readonly Wanted[],
  outcome: Outcome,
): CookieLine[] {
  let next = [...lines];
  for (const entry of wanted) {
    const inCart = next.find((line) => line.productId === entry.product.id)?.quantity;
    if (inCart === undefined && next.length >= MAX_COOKIE_LINES) {
      const reason = `A guest cart holds up to ${MAX_COOKIE_LINES} different products: please sign in to add more.`;
      for (const line of entry.lines) outcome.refused.push(refuse(line, reason));
      continue;
    }
    const adding = fit(entry, inCart ?? 0, outcome);
    const added =
      adding > 0 ? cookieWithAdded(next, entry.product.id, adding, mostOf(entry.product)) : undefined;
    if (added) next = added.lines;
  }
  return next;
}
