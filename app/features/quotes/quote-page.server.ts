import { type AppLoadContext, data } from 'react-router';
import { hsaFsaStatus } from '~/commerce/catalogue/catalog';
import { catalogueOf, catalogueStore } from '~/commerce/catalogue/catalogue-store.server';
import { termsStanding } from '~/commerce/invoices/invoice-terms.server';
import { invoiceMethodLabel, type PlaceOnTerms } from '~/commerce/invoices/invoices';
import { isPlaced, STATUS } from '~/commerce/order-states';
import { findOrder } from '~/commerce/orders/orders.server';
import { storedOrderSession } from '~/commerce/orders/stored-order-session.server';
import type { BuyingContext } from '~/commerce/organisations/organisations';
import { buyingContext } from '~/commerce/organisations/organisations.server';
import { exemptionFor } from '~/commerce/organisations/tax-exemption.server';
import { quotedTotals } from '~/commerce/quotes';
import { shopSettingsOf } from '~/commerce/shop-settings-store.server';
import { answer, invalidFields, postedFields, runIntent } from '~/lib/form-action.server';
import type { FormAnswer } from '~/lib/form-answer';
import { requireUser, type SessionUser } from '~/lib/session.server';
import { acceptQuote } from './quote-accept.server';
import { nameOf, writeDeps } from './quote-pages.server';
import { closeQuote, postQuoteMessage } from './quote-writes.server';
import { findUserQuote, QuoteError, quoteView } from './quotes.server';
import { postedMessage } from './quote-message.server';
import { acceptSchema } from './quotes.schema';

/** One quote's page for its shopper (docs/decisions/0059): read, write, accept, decline, withdraw. */
async function ownQuote(context: AppLoadContext, user: SessionUser, reference: string) {
  const row = await findUserQuote(context.services.database.db, user.id, reference.toUpperCase());
  if (!row) throw data(null, { status: 404 });
  return row;
}

/**
 * What the accept form asks a member of an organisation: its purchase order (required when the
 * organisation says so) and, when its invoice terms allow now, whether to place it on them.
 */
export interface AcceptOptions {
  organisation: string;
  poRequired: boolean;
  /** "Pay by invoice (net 30)", or null when the organisation has no terms. */
  termsLabel: string | null;
  /** Why the terms are paused now (over the credit limit, an overdue invoice), or null. */
  termsHeld: string | null;
}

async function acceptOptions(
  context: AppLoadContext,
  buying: BuyingContext | undefined,
): Promise<AcceptOptions | null> {
  if (!buying) return null;
  const standing = await termsStanding(context.services.database.db, buying.organisation);
  return {
    organisation: buying.organisation.name,
    poRequired: buying.organisation.poRequired,
    termsLabel: standing ? invoiceMethodLabel(standing.termsDays) : null,
    termsHeld: standing?.held ?? null,
  };
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
  const session = payable
    ? ((await storedOrderSession(db, order, {
        url: `/account/orders/${order.reference}`,
        mock: services.payments.mock,
      })) ?? null)
    : null;
  const answered = quote.status === 'answered';
  return {
    quote,
    totals,
    order: order
      ? { reference: order.reference, total: order.total, cancelled: order.status === STATUS.cancelled }
      : null,
    session,
    accept: answered ? await acceptOptions(context, await buyingContext(db, user.id)) : null,
  };
}

function refused(intent: string, error: unknown) {
  if (!(error instanceof QuoteError)) throw error;
  const status = error.code === 'not_found' ? 404 : error.code === 'invalid' ? 400 : 409;
  return answer<FormAnswer>({ intent, ok: false, message: error.message }, { status });
}

/** Write, accept, decline, withdraw: the shopper's own quote only. */
export async function quotePageAction(
  context: AppLoadContext,
  request: Request,
  reference: string,
  placeOnTerms: PlaceOnTerms,
) {
  const user = await requireUser(context, request);
  const { services } = context;
  const row = await ownQuote(context, user, reference);
  const done = (intent: string, message: string) => answer<FormAnswer>({ intent, ok: true, message });
  return runIntent(
    { context, request },
    {
      async message({ form }) {
        const posted = postedMessage(form);
        if ('refused' in posted) return posted.refused;
        await postQuoteMessage(
          writeDeps(context),
          row,
          { kind: 'shopper', id: user.id, email: user.email },
          posted.message,
        );
        return done('message', 'Message sent. We will answer by email and on this page.');
      },
      async accept({ form }) {
        const values = postedFields(form);
        const choice = acceptSchema.safeParse(values);
        if (!choice.success)
          return invalidFields<FormAnswer>({ intent: 'accept', values }, choice.error.issues);
        let orderId: string;
        try {
          const { order, taken } = await acceptQuote(
            {
              db: services.database.db,
              catalogue: catalogueOf(services),
              settings: shopSettingsOf(services),
            },
            { id: user.id, email: user.email, name: nameOf(user) },
            row,
            choice.data,
          );
          orderId = order.id;
          void catalogueStore(services)
            .changed(taken.map((line) => line.productId))
            .catch((error: unknown) =>
              services.logger.error({ err: error }, 'catalogue: stock refresh failed'),
            );
        } catch (error) {
          return refused('accept', error);
        }
        const terms = await placeOnTerms(orderId);
        if (terms?.placed) {
          const invoice = terms.invoiceNumber ? ` (invoice ${terms.invoiceNumber}, emailed to you)` : '';
          return done(
            'accept',
            `Quote accepted: your order is placed on your organisation's invoice terms at the quoted prices${invoice}.`,
          );
        }
        if (terms)
          return done(
            'accept',
            `Quote accepted: your order is kept at the quoted prices, but it could not go on invoice terms: ${terms.message} Place it below once they allow.`,
          );
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
