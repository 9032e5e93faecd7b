import { Form, Link, useActionData } from 'react-router';
import { primaryButton } from '~/components/ui/button-styles';
import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { Field, TextAreaField } from '~/components/ui/field';
import { AddressFields } from '~/commerce/components/address-fields';
import { formatPrice } from '~/commerce/money';
import { MAX_QUOTE_QUANTITY, QUOTE_STATUSES, quoteExpiryDate } from '~/commerce/quotes';
import type { FormAnswer } from '~/lib/form-answer';
import type { QuoteSummary } from '../quotes.server';

interface CartLineInput {
  productId: string;
  name: string;
  price: number;
  quantity: number;
}

interface QuotesPageProps {
  quotes: QuoteSummary[];
  cart: CartLineInput[];
  address: Record<string, string> | null;
}

const dateOf = (at: number) =>
  new Date(at).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'America/New_York' });

/** /account/quotes: the shopper's quotes and the "Ask for a quote" form for the cart's lines. */
export function QuotesPage({ quotes, cart, address }: QuotesPageProps) {
  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-8 sm:py-12">
      <Breadcrumbs
        items={[{ label: 'Home', href: '/' }, { label: 'My Account', href: '/account' }, { label: 'Quotes' }]}
      />
      <h1 className="text-3xl font-bold">Your quotes</h1>
      <section aria-labelledby="ask" className="space-y-4">
        <h2 id="ask" className="text-2xl font-bold">
          Ask for a quote
        </h2>
        {cart.length === 0 ? (
          <p>
            Your cart is empty. Add the products you need to your <Link to="/cart">cart</Link>, then come back
            here to ask for prices on larger quantities.
          </p>
        ) : (
          <AskForm cart={cart} address={address} />
        )}
      </section>
      <section aria-labelledby="list" className="space-y-4">
        <h2 id="list" className="text-2xl font-bold">
          Your requests
        </h2>
        {quotes.length === 0 ? (
          <p>You have not asked for a quote yet.</p>
        ) : (
          <ul className="divide-y divide-border rounded-md border border-border">
            {quotes.map((quote) => (
              <li key={quote.reference} className="flex flex-wrap items-center justify-between gap-2 p-4">
                <Link to={`/account/quotes/${quote.reference}`} className="font-bold">
                  {`Quote ${quote.reference}`}
                </Link>
                <span>
                  {quote.units} units · asked {dateOf(quote.createdAt)} · {QUOTE_STATUSES[quote.status]}
                  {quote.status === 'answered' && quote.expiresAt
                    ? ` · good through ${quoteExpiryDate(quote.expiresAt)}`
                    : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function AskForm({ cart, address }: Pick<QuotesPageProps, 'cart' | 'address'>) {
  const answer = useActionData<FormAnswer>();
  const refused = answer && !answer.ok && answer.intent === 'ask' ? answer : undefined;
  const fields = refused?.fields ?? {};
  const values = refused?.values ?? address ?? {};
  return (
    <Form method="post" className="space-y-6" noValidate>
      {refused?.message ? (
        <p role="alert" className="rounded-md border-2 border-danger p-3 font-bold text-danger">
          {fields.form ?? refused.message}
        </p>
      ) : null}
      <p>
        Set the units you need of each product (up to {MAX_QUOTE_QUANTITY.toLocaleString('en-US')}, more than
        a cart takes), tell us where it goes, and we will answer with prices by email and on the quote&apos;s
        page.
      </p>
      <fieldset className="space-y-3">
        <legend className="text-xl font-bold">Products and units</legend>
        {cart.map((line) => (
          <Field
            key={line.productId}
            label={`${line.name} (list price ${formatPrice(line.price)} each)`}
            name={`qty-${line.productId}`}
            inputMode="numeric"
            defaultValue={refused?.values?.[`qty-${line.productId}`] ?? String(line.quantity)}
            error={fields[`qty-${line.productId}`]}
            hint="0 leaves it out of the quote."
          />
        ))}
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="text-xl font-bold">Delivery address</legend>
        <AddressFields values={values} errors={fields} section="quote" />
      </fieldset>
      <TextAreaField
        label="Your message"
        name="message"
        rows={4}
        maxLength={2000}
        hint="When you need it, how often you order, anything that helps us price it."
        defaultValue={refused?.values?.message ?? ''}
        error={fields.message}
      />
      <button type="submit" name="intent" value="ask" className={primaryButton}>
        Ask for a quote
      </button>
    </Form>
  );
}
