import { type AppLoadContext, data, redirect } from 'react-router';
import { catalogueOf } from '~/commerce/catalogue/catalogue-store.server';
import { listCart } from '~/commerce/cart/cart.server';
import { MAX_CART_LINES } from '~/commerce/cart-limits';
import { addressSchema } from '~/commerce/delivery/address.schema';
import { listAddresses } from '~/commerce/delivery/address-book.server';
import { buyingContext } from '~/commerce/organisations/organisations.server';
import { invalidFields, postedFields, runIntent } from '~/lib/form-action.server';
import type { FormAnswer } from '~/lib/form-answer';
import { requireUser, type SessionUser } from '~/lib/session.server';
import { createQuote, type QuoteWriteDeps } from './quote-writes.server';
import { listUserQuotes } from './quotes.server';
import { messageSchema, quoteQuantitySchema } from './quotes.schema';

/** The shopper's side of quotes (docs/decisions/0059): /account/quotes and one quote's page. */
export const writeDeps = (context: AppLoadContext): QuoteWriteDeps => ({
  db: context.services.database.db,
  mail: context.services.mail,
  appUrl: context.services.env.APP_URL,
  storeEmail: context.services.env.STORE_EMAIL,
});

export const nameOf = (user: SessionUser) => `${user.firstName} ${user.lastName}`.trim() || user.email;

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
