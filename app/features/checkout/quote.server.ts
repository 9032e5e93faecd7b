import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import { addQuantity } from '~/commerce/cart/cart';
import type { LineItem } from '~/commerce/cart/cart.schema';
import { listCart } from '~/commerce/cart/cart.server';
import { itemCount } from '~/commerce/cart-limits';
import { hsaFsaStatus, isPurchasable } from '~/commerce/catalogue/catalog';
import { hcpcsOfProduct } from '~/commerce/catalogue/hcpcs';
import type { Catalogue } from '~/commerce/catalogue/catalog.server';
import type { Product } from '~/commerce/catalogue/catalog.types';
import { rateTableTaxService, type TaxService } from '~/commerce/delivery/sales-tax';
import { type ShippingChoice, shippingOffers } from '~/commerce/delivery/shipping-options';
import type { ShopSettings } from '~/commerce/shop-settings';
import type { UsStateCode } from '~/commerce/delivery/us-states';
import type { OrderLine } from '~/commerce/orders/orders';
import { hasPaidOrder } from '~/commerce/orders/orders.server';
import { checkPromo, normalizePromoCode, type Promotion, promoCovers } from '~/commerce/promo/promo';
import { customerUses } from '~/commerce/promo/promo-use.server';
import { buyingContext } from '~/commerce/organisations/organisations.server';
import type { BuyingContext } from '~/commerce/organisations/organisations';
import { exemptionFor } from '~/commerce/organisations/tax-exemption.server';
import { CheckoutError } from './checkout-error';
import type { OrderQuote } from '~/commerce/checkout/quote';
import { orderTotals } from '~/commerce/totals';

type Db = Kysely<DatabaseSchema>;

export interface QuoteDeps {
  db: Db;
  catalogue: Catalogue;
  /** The promotions' read model: the code's row as last read. */
  promotions: { find(code: string): Promotion | undefined };
  /** The shop settings as of this request: shipping options and the state rates. */
  settings: ShopSettings;
  /** The settings' state rates unless a tax rate service is plugged in. */
  tax?: TaxService;
}

export interface QuoteUser {
  id: string;
  email: string;
}

export interface QuoteRequest {
  /** A guest's device cart; a signed-in shopper's cart is read from the account. */
  items: readonly LineItem[];
  promoCode?: string | null;
  shipping: ShippingChoice;
  state?: UsStateCode | null;
  /** The buyer's organisation, when the caller has read it already (null: a consumer). */
  buying?: BuyingContext | null;
  /** Price `items` even for a signed-in shopper, not their cart (a refill plan's cycle). */
  itemsGiven?: boolean;
}

/** An order line priced from the catalogue, with how it is taxed and shipped. */
export interface PricedLine extends OrderLine {
  taxExempt: boolean;
  freightOnly: boolean;
  category: string;
}

/**
 * Strict for an order: every line must be sold now and in the quantity asked, the promotion's
 * terms met and the option available, or the checkout says which is not. Not strict for the
 * cart's summary: it prices what it can and says why a code gives nothing.
 */
export interface QuoteMode {
  strict: boolean;
}

/** Quantities of the same product added up (a guest cart edited in two tabs), capped. */
function combine(items: readonly LineItem[]): LineItem[] {
  const byProduct = new Map<string, number>();
  for (const item of items)
    byProduct.set(item.productId, addQuantity(byProduct.get(item.productId) ?? 0, item.quantity).quantity);
  return [...byProduct].map(([productId, quantity]) => ({ productId, quantity }));
}

function refusal(product: Product, quantity: number): CheckoutError | null {
  if (!isPurchasable(product.stock)) {
    return new CheckoutError(
      'out_of_stock',
      `${product.name} is out of stock. Please remove it to check out.`,
    );
  }
  if (quantity > product.onHand) {
    return new CheckoutError(
      'out_of_stock',
      `Only ${product.onHand} left in stock: ${product.name}. Please reduce the quantity to check out.`,
    );
  }
  return null;
}

/** Each line priced from the catalogue, never from the client. */
function priceLines(catalogue: Catalogue, items: readonly LineItem[], { strict }: QuoteMode): PricedLine[] {
  const lines: PricedLine[] = [];
  for (const { productId, quantity } of items) {
    const product = catalogue.getProduct(productId);
    if (!product) {
      if (!strict) continue;
      throw new CheckoutError(
        'unknown_product',
        'An item in your cart is no longer available. Please remove it and try again.',
      );
    }
    const refused = strict ? refusal(product, quantity) : null;
    if (refused) throw refused;
    lines.push({
      productId: product.id,
      name: product.name,
      imageUrl: product.image,
      unitPrice: product.price,
      quantity,
      lineTotal: product.price * quantity,
      taxExempt: product.taxExempt,
      freightOnly: product.freightOnly,
      category: product.category,
      hsaFsa: hsaFsaStatus(product),
      prescriptionRequired: product.prescriptionRequired,
      ...hcpcsOfProduct(product),
    });
  }
  return lines;
}

async function applicablePromo(
  deps: QuoteDeps,
  user: QuoteUser | null,
  code: string | null | undefined,
  lines: readonly PricedLine[],
  { strict }: QuoteMode,
): Promise<{ promo?: Promotion; message: string | null }> {
  if (!code?.trim()) return { message: null };
  const row = deps.promotions.find(normalizePromoCode(code));
  // Only a first-order or per-customer term needs the account's history (no query otherwise).
  // A guest's address is known only when paying: these terms are checked again then.
  const isFirstOrder =
    user && row?.firstOrder ? !(await hasPaidOrder(deps.db, { userId: user.id, email: user.email })) : true;
  const uses = user && row && row.perCustomerLimit !== null ? await customerUses(deps.db, row.id, user) : 0;
  const sum = (list: readonly PricedLine[]) => list.reduce((total, line) => total + line.lineTotal, 0);
  const check = checkPromo((c) => deps.promotions.find(c), code, {
    itemCount: itemCount(lines),
    subtotal: sum(lines),
    eligibleSubtotal: row ? sum(lines.filter((line) => promoCovers(row, coverage(line)))) : 0,
    isFirstOrder,
    customerUses: uses,
    now: Date.now(),
  });
  if (check.ok) return { promo: check.promo, message: null };
  if (strict) throw new CheckoutError('promo_not_applicable', check.message);
  return { message: check.message };
}

const coverage = (line: PricedLine) => ({ id: line.productId, category: line.category });

/**
 * The cart priced for delivery: subtotal, the promotion's discount, the chosen shipping
 * option, sales tax once the state is known (on taxable lines less their share of the
 * discount; shipping is not taxed) and the total.
 */
export async function quoteOrder(
  deps: QuoteDeps,
  user: QuoteUser | null,
  request: QuoteRequest,
  mode: QuoteMode,
): Promise<{ lines: PricedLine[]; quote: OrderQuote }> {
  const source =
    user && !request.itemsGiven
      ? (await listCart(deps.db, user.id)).map((line) => ({
          productId: line.product_id,
          quantity: line.quantity,
        }))
      : request.items;
  const lines = priceLines(deps.catalogue, combine(source), mode);
  const count = itemCount(lines);
  const { promo, message } = await applicablePromo(deps, user, request.promoCode, lines, mode);
  const freightItems = lines.filter((line) => line.freightOnly).map((line) => line.name);
  const offers = shippingOffers(
    {
      subtotal: lines.reduce((sum, line) => sum + line.lineTotal, 0),
      itemCount: count,
      freeShippingCode: promo?.kind === 'free_shipping',
      freight: freightItems.length > 0,
    },
    deps.settings.shipping,
  );
  const chosen = offers.find((offer) => offer.choice === request.shipping);
  if (!chosen && mode.strict && offers.length > 0) {
    throw new CheckoutError(
      'shipping_unavailable',
      `${deps.settings.shipping.expedited.name} delivery is not available for this cart: ${freightItems.join(', ')} ships by freight.`,
    );
  }
  const offer = chosen ?? offers[0];
  const state = request.state ?? null;
  const exemption = state && user ? await certificateFor(deps.db, user.id, state, request.buying) : undefined;
  // The one computation of the totals: the stored order keeps what it returns.
  const totals = orderTotals({
    lines: lines.map((line) => ({
      lineTotal: line.lineTotal,
      quantity: line.quantity,
      taxExempt: line.taxExempt,
      hsaFsaEligible: line.hsaFsa !== 'not-eligible',
      promoEligible: promo ? promoCovers(promo, coverage(line)) : true,
    })),
    percentOff: promo?.kind === 'percent' ? promo.value : 0,
    amountOff: promo?.kind === 'fixed' ? promo.value : 0,
    shipping: offer?.price ?? 0,
    taxRate: !state
      ? null
      : exemption
        ? 0
        : await (deps.tax ?? rateTableTaxService(deps.settings.taxRates)).rate(state),
  });
  return {
    lines,
    quote: {
      ...totals,
      promoCode: promo?.code ?? null,
      promoMessage: message,
      offers,
      shippingOption: offer?.option ?? null,
      state,
      freightItems,
      taxCertificate: exemption?.number ?? null,
    },
  };
}

/**
 * A member of an approved organisation shipping to a state its verified, unexpired certificate
 * covers pays no sales tax (docs/decisions/0057); checked at every quote, so an expired or
 * replaced certificate stops exempting at once.
 */
async function certificateFor(
  db: Db,
  userId: string,
  state: UsStateCode,
  known: BuyingContext | null | undefined,
) {
  const buying = known === undefined ? await buyingContext(db, userId) : known;
  if (!buying) return undefined;
  // Read with the context when checkout knew the state first (one query instead of two).
  if (buying.exemption?.state === state)
    return buying.exemption.number ? { number: buying.exemption.number } : undefined;
  return exemptionFor(db, buying.organisation.id, state, Date.now());
}
