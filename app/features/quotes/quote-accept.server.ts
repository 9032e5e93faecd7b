import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import { hsaFsaStatus } from '~/commerce/catalogue/catalog';
import { hcpcsOfProduct } from '~/commerce/catalogue/hcpcs';
import type { Catalogue } from '~/commerce/catalogue/catalog.server';
import { SoldOutError, type StockLine, takeStock } from '~/commerce/catalogue/stock.server';
import { holdOrderStock } from '~/commerce/orders/order-writes.server';
import { insertOrderIn, type OrderRow } from '~/commerce/orders/orders.server';
import type { BuyingContext } from '~/commerce/organisations/organisations';
import { buyingContext } from '~/commerce/organisations/organisations.server';
import { exemptionFor } from '~/commerce/organisations/tax-exemption.server';
import { termsStanding } from '~/commerce/invoices/invoice-terms.server';
import { INVOICE_TEXT } from '~/commerce/invoices/invoices';
import { PRESCRIPTION_TEXT } from '~/commerce/prescriptions/prescriptions';
import { QUOTE_STATUSES, quotedTotals, quoteExpiryDate } from '~/commerce/quotes';
import type { ShopSettings } from '~/commerce/shop-settings';
import { QuoteError, type QuoteRow, quoteView, shownStatus } from './quotes.server';

/**
 * Accepting a priced quote (docs/decisions/0059): in one transaction the quote becomes accepted,
 * the pending order is stored at exactly the quoted unit prices (shipping and tax by the
 * checkout's `orderTotals`, no promotion), and its units are taken from stock as a payment takes
 * them. The order stays payable, its units held, until the quote's expiry; the abandoned-order
 * sweep cancels it after that and gives the units back.
 */
type Db = Kysely<DatabaseSchema>;

export interface AcceptDeps {
  db: Db;
  catalogue: Catalogue;
  settings: ShopSettings;
}

export interface Shopper {
  id: string;
  email: string;
  name: string;
}

/** How the accepted quote's order is paid: by card, or placed on the organisation's terms. */
export interface AcceptChoice {
  paymentMethod: 'card' | 'invoice';
  poNumber: string | null;
}

/** The organisation's rules for the choice, checked before anything is written. */
async function checkChoice(db: Db, context: BuyingContext | undefined, choice: AcceptChoice) {
  if (context?.organisation.poRequired && !choice.poNumber)
    throw new QuoteError('invalid', INVOICE_TEXT.poRequired);
  if (choice.paymentMethod !== 'invoice') return;
  const standing = context ? await termsStanding(db, context.organisation) : undefined;
  if (!standing) throw new QuoteError('invalid', INVOICE_TEXT.notOffered);
  if (standing.held) throw new QuoteError('conflict', standing.held);
}

function refusal(quote: QuoteRow, now: number): QuoteError | null {
  const status = shownStatus(quote, now);
  if (status === 'expired' && quote.expires_at !== null)
    return new QuoteError('expired', `This quote expired on ${quoteExpiryDate(Number(quote.expires_at))}.`);
  if (status !== 'answered')
    return new QuoteError(
      'conflict',
      `This quote cannot be accepted: it is ${QUOTE_STATUSES[status].toLowerCase()}.`,
    );
  return null;
}

export async function acceptQuote(
  deps: AcceptDeps,
  shopper: Shopper,
  quote: QuoteRow,
  choice: AcceptChoice = { paymentMethod: 'card', poNumber: null },
): Promise<{ order: OrderRow; taken: StockLine[] }> {
  const now = Date.now();
  const refused = refusal(quote, now);
  if (refused) throw refused;
  // Read fresh: a member removed since asking buys for themselves now.
  const context = await buyingContext(deps.db, shopper.id);
  await checkChoice(deps.db, context, choice);
  return deps.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('quotes')
      .set({ status: 'accepted', updated_at: now })
      .where('id', '=', quote.id)
      .where('status', '=', 'answered')
      .where('expires_at', '>', now)
      .executeTakeFirst();
    const fresh = await trx
      .selectFrom('quotes')
      .selectAll()
      .where('id', '=', quote.id)
      .executeTakeFirstOrThrow();
    if (Number(moved.numUpdatedRows) !== 1) {
      throw (
        refusal(fresh, now) ??
        new QuoteError('conflict', 'This quote was changed meanwhile. Please look again.')
      );
    }
    // The lines, prices and expiry as of the accepting update: staff's pricing again waits for
    // it (the quote's row is locked) or went first, so the order never mixes the two.
    const view = await quoteView(trx, fresh);
    const lines = view.lines.map((line) => {
      const product = deps.catalogue.getProduct(line.productId);
      if (!product || line.quotedPrice === null) {
        throw new QuoteError(
          'invalid',
          `${line.name} is no longer sold, so this quote cannot become an order. Write to us on this page and we will price it again.`,
        );
      }
      return { line, product, unitPrice: line.quotedPrice };
    });
    // Only a card can be authorised now and charged once the prescription is approved.
    if (choice.paymentMethod !== 'card' && lines.some(({ product }) => product.prescriptionRequired))
      throw new QuoteError('invalid', PRESCRIPTION_TEXT.cardOnly);
    const exemption = context
      ? await exemptionFor(trx, context.organisation.id, view.address.state, now)
      : undefined;
    const totals = await quotedTotals(
      deps.settings,
      lines.map(({ line, product, unitPrice }) => ({
        unitPrice,
        quantity: line.quantity,
        taxExempt: Boolean(product.taxExempt),
        freightOnly: Boolean(product.freightOnly),
        hsaFsaEligible: hsaFsaStatus(product) !== 'not-eligible',
      })),
      view.address.state,
      Boolean(exemption),
    );
    const taken: StockLine[] = lines.map(({ line }) => ({
      productId: line.productId,
      name: line.name,
      quantity: line.quantity,
    }));
    const order = await insertOrderIn(trx, {
      userId: shopper.id,
      email: shopper.email.toLowerCase(),
      paymentMethod: choice.paymentMethod,
      subtotal: totals.subtotal,
      shipping: totals.shipping,
      discount: 0,
      tax: totals.tax ?? 0,
      taxRate: totals.taxRate ?? 0,
      total: totals.total,
      promoCode: null,
      shippingOption: totals.shippingOption,
      address: view.address,
      items: lines.map(({ line, product, unitPrice }) => ({
        productId: product.id,
        name: line.name,
        imageUrl: product.image,
        unitPrice,
        quantity: line.quantity,
        lineTotal: unitPrice * line.quantity,
        hsaFsa: hsaFsaStatus(product),
        prescriptionRequired: product.prescriptionRequired,
        ...hcpcsOfProduct(product),
      })),
      heldUntil: Number(fresh.expires_at),
      taxCertificateNumber: exemption?.number ?? null,
      organisation: context
        ? { id: context.organisation.id, buyerName: shopper.name, poNumber: choice.poNumber }
        : undefined,
    });
    try {
      await takeStock(trx, taken, now);
    } catch (error) {
      if (!(error instanceof SoldOutError)) throw error;
      throw new QuoteError(
        'sold_out',
        `We do not have ${error.line.quantity} units of ${error.line.name} in stock now, so this quote cannot be accepted. Write to us on this page and we will see what we can do.`,
      );
    }
    await holdOrderStock(trx, order.id);
    await trx.updateTable('quotes').set({ order_id: order.id }).where('id', '=', quote.id).execute();
    return { order, taken };
  });
}
