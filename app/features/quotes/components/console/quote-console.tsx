import { Form, Link, useActionData } from 'react-router';
import { primaryButton } from '~/components/ui/button-styles';
import { Field, TextAreaField } from '~/components/ui/field';
import { ConsoleMessage } from '~/console/console-message';
import { formatDateTime } from '~/console/console';
import { addressSummary } from '~/commerce/delivery/address-book';
import { QUOTE_STATUSES, quoteExpiryDate } from '~/commerce/quotes';
import { answeredField, type FormAnswer } from '~/lib/form-answer';
import type { QuoteView } from '../../quotes.server';
import { QuoteLines } from '../quote-lines';
import { QuoteThread } from '../quote-thread';

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** /admin/quotes/:reference: the request, the pricing form while it may be priced, the thread. */
export function QuoteConsole({ quote }: { quote: QuoteView }) {
  const answer = useActionData<FormAnswer>();
  const own = answer?.intent === 'answer' ? answer : undefined;
  const priceable = quote.status === 'requested' || quote.status === 'answered';
  return (
    <div className="space-y-6">
      <p>
        <Link to="/admin/quotes">All quotes</Link>
      </p>
      <h1 className="text-3xl font-bold">{`Quote ${quote.reference}`}</h1>
      <ConsoleMessage />
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
        <dt className="font-bold">Status</dt>
        <dd>{QUOTE_STATUSES[quote.status]}</dd>
        <dt className="font-bold">Asked</dt>
        <dd>{formatDateTime(quote.createdAt)}</dd>
        <dt className="font-bold">Delivery to</dt>
        <dd>{addressSummary(quote.address)}</dd>
        {quote.expiresAt ? (
          <>
            <dt className="font-bold">Prices good through</dt>
            <dd>{quoteExpiryDate(quote.expiresAt)}</dd>
          </>
        ) : null}
        {quote.orderReference ? (
          <>
            <dt className="font-bold">Order</dt>
            <dd>
              <Link to={`/admin/orders/${quote.orderReference}`}>{quote.orderReference}</Link>
            </dd>
          </>
        ) : null}
      </dl>
      <QuoteLines quote={quote} />
      {priceable ? (
        <Form method="post" className="max-w-xl space-y-4" noValidate>
          <h2 className="text-xl font-bold">
            {quote.status === 'answered' ? 'Price it again' : 'Price this quote'}
          </h2>
          {quote.lines.map((line) => (
            <Field
              key={line.id}
              label={`Unit price for ${line.name} (${line.quantity} units), in dollars`}
              inputMode="decimal"
              {...answeredField(
                own,
                `price-${line.id}`,
                line.quotedPrice === null ? '' : dollars(line.quotedPrice),
              )}
            />
          ))}
          <Field label="Prices good through (last day)" type="date" {...answeredField(own, 'expires')} />
          <TextAreaField
            label="Message to the shopper"
            rows={3}
            maxLength={2000}
            {...answeredField(own, 'message')}
          />
          <button type="submit" name="intent" value="answer" className={primaryButton}>
            Send the prices
          </button>
        </Form>
      ) : null}
      <QuoteThread messages={quote.messages} viewer="staff" label="Message to the shopper" />
    </div>
  );
}
