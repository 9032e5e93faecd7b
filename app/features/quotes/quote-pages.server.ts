import { type AppLoadContext, data, redirect } from 'react-router';
import { hsaFsaStatus } from '~/commerce/catalogue/catalog';
import { catalogueOf, catalogueStore } from '~/commerce/catalogue/catalogue-store.server';
import { listCart } from '~/commerce/cart/cart.server';
import { MAX_CART_LINES } from '~/commerce/cart-limits';
import type { CheckoutSession } from '~/commerce/checkout/checkout';
import { addressSchema } from '~/commerce/delivery/address.schema';
import { listAddresses } from '~/commerce/delivery/address-book.server';
import { isPlaced, STATUS } from '~/commerce/order-states';
import { findOrder } from '~/commerce/orders/orders.server';
import { buyingContext } from '~/commerce/organisations/organisations.server';
import { quotedTotals } from '~/commerce/quotes';
import { exemptionFor } from '~/commerce/organisations/tax-exemption.server';
import { shopSettingsOf } from '~/commerce/shop-settings-store.server';
import { answer, invalidFields, postedFields, runIntent } from '~/lib/form-action.server';
import type { FormAnswer } from '~/lib/form-answer';
import { requireUser, type SessionUser } from '~/lib/session.server';
import { acceptQuote } from './quote-accept.server';
import { closeQuote, createQuote, postQuoteMessage, type QuoteWriteDeps } from './quote-writes.server';
import { findUserQuote, listUserQuotes, QuoteError, quoteView } from './quotes.server';
import { messageSchema, quoteQuantitySchema } from './quotes.schema';

/** The shopper's side of quotes (docs/decisions/0059): /account/quotes and one quote's page. */
const writeDeps = (context: AppLoadContext): QuoteWriteDeps => ({
  db: context.services.database.db,
  mail: context.services.mail,
  appUrl: context.services.env.APP_URL,
  storeEmail: context.services.env.STORE_EMAIL,
});

const nameOf = (user: SessionUser) => `${user.firstName} ${user.lastName}`.trim() || user.email;

/** The list, and the request form prefilled from the account's cart and default address. */
export async function quotesPageData(context: AppLoadContext, request: Request) {
  const user = await requireUser(context, request);
  const { db } = context.services.database;
  const [quotes, cart, addresses] = await Promise.all([
    listUserQuotes(db, user.id),
    listCart(db, user.id),
    listAddresses(db, user.id),
  ]);
  const saved = addresses[0];
  return {
    quotes,
    cart: cart.map((line) => ({
      productId: line.product_id,
      name: line.name,
      price: line.price,
      quantity: line.quantity,
    })),
    // The default address (or the newest) fills the form in; the shopper may change it.
    address: saved
      ? {
          recipientName: saved.recipientName,
          line1: saved.line1,
          line2: saved.line2,
          city: saved.city,
          state: saved.state,
          zip: saved.zip,
          phone: saved.phone,
        }
      : null,
  };
}

export interface AskAnswer extends FormAnswer {
  values?: Record<string, string>;
}

/** "Ask for a quote": the lines as the form sends them (`qty-<product>`), the address, the message. */
export async function quotesPageAction(context: AppLoadContext, request: Request) {
  const user = await requireUser(context, request);
  return runIntent(
    { context, request },
    {
      async ask({ form }) {
        const fields = postedFields(form);
        const values = Object.fromEntries(
          Object.entries(fields).filter(([name]) => !name.startsWith('qty-')),
        );
        const errors: Record<string, string> = {};
        const catalogue = catalogueOf(context.services);
        const lines = [];
        const quantities = Object.entries(fields).filter(([name]) => name.startsWith('qty-'));
        // The form holds the cart's lines; more than a cart can hold comes only from a hand-made post.
        if (quantities.length > MAX_CART_LINES)
          throw data('This form holds too many lines.', { status: 400 });
        for (const [name, raw] of quantities) {
          const product = catalogue.getProduct(name.slice(4));
          if (!product) throw data('This form names a product we do not sell.', { status: 400 });
          const quantity = quoteQuantitySchema.safeParse(raw);
          if (!quantity.success)
            errors[name] = quantity.error.issues[0]?.message ?? 'Enter a number of units';
          else if (quantity.data > 0)
            lines.push({
              productId: product.id,
              name: product.name,
              quantity: quantity.data,
              listPrice: product.price,
            });
        }
        const { message, ...addressFields } = values;
        const address = addressSchema.safeParse(addressFields);
        const body = messageSchema.safeParse(message ?? '');
        if (!body.success) errors.message = body.error.issues[0]?.message ?? 'Write your message';
        if (lines.length === 0 && Object.keys(errors).length === 0)
          errors.form = 'Ask for at least one unit of one product.';
        if (!address.success || !body.success || Object.keys(errors).length > 0) {
          return invalidFields<AskAnswer>(
            {
              intent: 'ask',
              values: fields,
              message: errors.form ?? 'Please correct the fields marked below.',
            },
            address.success ? [] : address.error.issues,
            errors,
          );
        }
        const buying = await buyingContext(context.services.database.db, user.id);
        const row = await createQuote(writeDeps(context), user, {
          organisationId: buying?.organisation.id ?? null,
          lines,
          address: address.data,
          message: body.data,
        });
        return redirect(`/account/quotes/${row.reference}`);
      },
    },
  );
}

async function ownQuote(context: AppLoadContext, user: SessionUser, reference: string) {
  const row = await findUserQuote(context.services.database.db, user.id, reference.toUpperCase());
  if (!row) throw data(null, { status: 404 });
  return row;
}

/** One quote: its lines and thread, its totals once priced, and its order to pay once accepted. */
export async function quotePageData(context: AppLoadContext, request: Request, reference: string) {
  const user = await requireUser(context, request);
  const { services } = context;
  const { db } = services.database;
  const row = await ownQuote(context, user, reference);
  const quote = await quoteView(db, row);
  const catalogue = catalogueOf(services);
  const priced = quote.lines.every((line) => line.quotedPrice !== null);
  const totals = priced
    ? await quotedTotals(
        shopSettingsOf(services),
        quote.lines.map((line) => {
          const product = catalogue.getProduct(line.productId);
          return {
            unitPrice: line.quotedPrice ?? 0,
            quantity: line.quantity,
            taxExempt: Boolean(product?.taxExempt),
            freightOnly: Boolean(product?.freightOnly),
            hsaFsaEligible: product ? hsaFsaStatus(product) !== 'not-eligible' : false,
          };
        }),
        quote.address.state,
        // The organisation's exemption for the state, as the accepted order will carry it.
        Boolean(
          row.organisation_id &&
          (await exemptionFor(db, row.organisation_id, quote.address.state, Date.now())),
        ),
      )
    : null;
  const order = quote.orderId ? await findOrder(db, quote.orderId) : undefined;
  const payable = order && !isPlaced(order.status) && order.status !== STATUS.cancelled;
  const session: CheckoutSession | null = payable
    ? {
        url: `/account/orders/${order.reference}`,
        orderId: order.id,
        reference: order.reference,
        paymentMethod: 'card',
        amount: order.total,
        subtotal: order.subtotal,
        shipping: order.shipping,
        discount: order.discount,
        tax: order.tax,
        taxRate: order.tax_rate,
        taxCertificate: order.tax_certificate_number,
        shippingOption: totals?.shippingOption ?? 'standard',
        address: quote.address,
        addressSaved: false,
        promoCode: null,
        mock: services.payments.mock,
        email: user.email,
        prescriptionRequired: quote.lines.some(
          (line) => catalogue.getProduct(line.productId)?.prescriptionRequired,
        ),
      }
    : null;
  return {
    quote,
    totals,
    order: order
      ? { reference: order.reference, total: order.total, cancelled: order.status === STATUS.cancelled }
      : null,
    session,
  };
}

function refused(intent: string, error: unknown) {
  if (!(error instanceof QuoteError)) throw error;
  const status = error.code === 'not_found' ? 404 : error.code === 'invalid' ? 400 : 409;
  return answer<FormAnswer>({ intent, ok: false, message: error.message }, { status });
}

/** Write, accept, decline, withdraw: the shopper's own quote only. */
export async function quotePageAction(context: AppLoadContext, request: Request, reference: string) {
  const user = await requireUser(context, request);
  const { services } = context;
  const row = await ownQuote(context, user, reference);
  const done = (intent: string, message: string) => answer<FormAnswer>({ intent, ok: true, message });
  return runIntent(
    { context, request },
    {
      async message({ form }) {
        const body = messageSchema.safeParse(form.get('message') ?? '');
        if (!body.success)
          return invalidFields<FormAnswer>(
            { intent: 'message', values: { message: String(form.get('message') ?? '') } },
            [{ path: ['message'], message: body.error.issues[0]?.message ?? 'Write your message' }],
          );
        await postQuoteMessage(
          writeDeps(context),
          row,
          { kind: 'shopper', id: user.id, email: user.email },
          body.data,
        );
        return done('message', 'Message sent. We will answer by email and on this page.');
      },
      async accept() {
        try {
          const { taken } = await acceptQuote(
            {
              db: services.database.db,
              catalogue: catalogueOf(services),
              settings: shopSettingsOf(services),
            },
            { id: user.id, email: user.email, name: nameOf(user) },
            row,
          );
          void catalogueStore(services)
            .changed(taken.map((line) => line.productId))
            .catch((error: unknown) =>
              services.logger.error({ err: error }, 'catalogue: stock refresh failed'),
            );
        } catch (error) {
          return refused('accept', error);
        }
        return done('accept', 'Quote accepted: your order is placed at the quoted prices. Pay for it below.');
      },
      async decline() {
        try {
          await closeQuote(services.database.db, row, 'declined');
        } catch (error) {
          return refused('decline', error);
        }
        return done('decline', 'Quote declined.');
      },
      async withdraw() {
        try {
          await closeQuote(services.database.db, row, 'withdrawn');
        } catch (error) {
          return refused('withdraw', error);
        }
        return done('withdraw', 'Quote request withdrawn.');
      },
    },
  );
}
