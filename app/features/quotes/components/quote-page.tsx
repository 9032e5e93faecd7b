import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { secondaryButton } from '~/components/ui/button-styles';
import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { ConsoleMessage } from '~/console/console-message';
import { OrderTotals } from '~/commerce/components/order-totals';
import { addressSummary } from '~/commerce/delivery/address-book';
import { shippingOptionText } from '~/commerce/delivery/shipping-options';
import { formatPrice } from '~/commerce/money';
import { QUOTE_STATUSES, type QuotedTotals, quoteExpiryDate } from '~/commerce/quotes';
import type { QuoteView } from '../quotes.server';
import type { AcceptOptions } from '../quote-page.server';
import { QuoteAcceptForm } from './quote-accept-form';
import { QuoteLines } from './quote-lines';
import { QuoteThread } from './quote-thread';

interface QuotePageProps {
  quote: QuoteView;
  totals: QuotedTotals | null;
  order: { reference: string; total: number; cancelled: boolean } | null;
  /** The payment step for the accepted quote's order (the checkout's, handed in by the route). */
  payment: ReactNode;
  /** A member's purchase order and invoice terms, asked at acceptance. */
  accept: AcceptOptions | null;
}

/** /account/quotes/:reference: lines, prices and totals once answered, Accept or Decline, the thread. */
export function QuotePage({ quote, totals, order, payment, accept }: QuotePageProps) {
  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-8 sm:py-12">
      <Breadcrumbs
        items={[
          { label: 'Home', href: '/' },
          { label: 'My Account', href: '/account' },
          { label: 'Quotes', href: '/account/quotes' },
          { label: `Quote ${quote.reference}` },
        ]}
      />
      <h1 className="text-3xl font-bold">{`Quote ${quote.reference}`}</h1>
      <ConsoleMessage />
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
        <dt className="font-bold">Status</dt>
        <dd>{QUOTE_STATUSES[quote.status]}</dd>
        <dt className="font-bold">Delivery to</dt>
        <dd>{addressSummary(quote.address)}</dd>
        {quote.expiresAt ? (
          <>
            <dt className="font-bold">{quote.status === 'expired' ? 'Expired' : 'Prices good through'}</dt>
            <dd>{quoteExpiryDate(quote.expiresAt)}</dd>
          </>
        ) : null}
      </dl>
      <QuoteLines quote={quote} />
      {totals && quote.status !== 'requested' ? (
        <section aria-labelledby="totals" className="space-y-2">
          <h2 id="totals" className="text-2xl font-bold">
            Totals at the quoted prices
          </h2>
          <OrderTotals order={{ ...totals, promoCode: null }} totalLabel="Total" />
          <p className="text-sm">{shippingOptionText(totals.shippingOption)}</p>
        </section>
      ) : null}
      {quote.status === 'answered' ? <QuoteAcceptForm total={totals?.total ?? null} accept={accept} /> : null}
      {quote.status === 'requested' ? (
        <Form method="post">
          <button type="submit" name="intent" value="withdraw" className={secondaryButton}>
            Withdraw this request
          </button>
        </Form>
      ) : null}
      {order ? (
        <section aria-labelledby="order" className="space-y-3">
          <h2 id="order" className="text-2xl font-bold">
            Your order
          </h2>
          <p>
            Order {order.reference} for {formatPrice(order.total)}.{' '}
            {order.cancelled ? (
              'It was not paid by the expiry date, so it is cancelled. Write to us below for a new quote.'
            ) : payment ? (
              `Pay for it by ${quote.expiresAt ? quoteExpiryDate(quote.expiresAt) : 'the expiry date'}: after that it is cancelled.`
            ) : (
              <Link to={`/account/orders/${order.reference}`}>See the order</Link>
            )}
          </p>
          {payment}
        </section>
      ) : null}
      <QuoteThread messages={quote.messages} viewer="shopper" label="Write to us about this quote" />
    </div>
  );
}
