import { Form, Link, useActionData } from 'react-router';
import { primaryButton } from '~/components/ui/button-styles';
import { Field, SelectField } from '~/components/ui/field';
import { ConsoleMessage } from '~/console/console-message';
import { formatDateTime } from '~/console/console';
import { centsToDecimal, formatPrice } from '~/commerce/money';
import { formatOrderDate } from '~/commerce/orders/order-status';
import {
  ADMIN_INVOICES_PATH,
  INVOICE_PAYMENT_METHODS,
  type InvoicePaymentMethod,
  type InvoiceStatus,
  invoiceStatusText,
  remainingOf,
  termsLabel,
} from '~/commerce/invoices/invoices';
import { answeredField, type FormAnswer } from '~/lib/form-answer';

interface InvoiceConsoleProps {
  now: number;
  invoice: {
    number: string;
    amount: number;
    paidAmount: number;
    status: InvoiceStatus;
    termsDays: number;
    issuedAt: number;
    dueAt: number;
  };
  order: { reference: string; poNumber: string | null; buyerName: string | null };
  organisation: { id: string; name: string; creditLimit: number | null; balance: number };
  payments: {
    id: string;
    amount: number;
    method: InvoicePaymentMethod;
    reference: string | null;
    recordedAt: number;
  }[];
}

/** /admin/invoices/:number: one invoice, its payments, the organisation's balance, and the payment form. */
export function InvoiceConsole({ now, invoice, order, organisation, payments }: InvoiceConsoleProps) {
  const answer = useActionData<FormAnswer>();
  const remaining = remainingOf(invoice);
  const facts: [string, string][] = [
    ['Organisation', organisation.name],
    ['Status', invoiceStatusText(invoice, now)],
    ['Amount', formatPrice(invoice.amount)],
    ['Paid', formatPrice(invoice.paidAmount)],
    ['Still to pay', formatPrice(remaining)],
    ['Issued', formatOrderDate(invoice.issuedAt)],
    ['Terms', termsLabel(invoice.termsDays)],
    ['Due', formatOrderDate(invoice.dueAt)],
    ['Purchase order', order.poNumber ?? 'None given'],
    ['Ordered by', order.buyerName ?? 'Not recorded'],
    ["Organisation's open balance", formatPrice(organisation.balance)],
    ['Credit limit', organisation.creditLimit === null ? 'No limit' : formatPrice(organisation.creditLimit)],
  ];
  return (
    <div className="space-y-6">
      <p>
        <Link to={ADMIN_INVOICES_PATH}>All invoices</Link>
      </p>
      <h1 className="text-3xl font-bold">{`Invoice ${invoice.number}`}</h1>
      <ConsoleMessage />
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
        <dt className="font-bold">Order</dt>
        <dd>
          <Link to={`/admin/orders/${order.reference}`}>{order.reference}</Link>
        </dd>
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-bold">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="payments-heading" className="space-y-2">
        <h2 id="payments-heading" className="text-xl font-bold">
          Payments received
        </h2>
        {payments.length === 0 ? (
          <p>None yet.</p>
        ) : (
          <ul className="space-y-1">
            {payments.map((p) => (
              <li key={p.id}>
                {`${formatPrice(p.amount)} · ${INVOICE_PAYMENT_METHODS[p.method]}${p.reference ? ` · ${p.reference}` : ''} · ${formatDateTime(p.recordedAt)}`}
              </li>
            ))}
          </ul>
        )}
      </section>
      {remaining > 0 ? (
        <Form method="post" className="max-w-md space-y-3" aria-labelledby="record-heading">
          <h2 id="record-heading" className="text-xl font-bold">
            Record a payment
          </h2>
          <Field
            label="Amount received, in dollars"
            hint={`At most ${formatPrice(remaining)}`}
            inputMode="decimal"
            required
            {...answeredField(answer, 'amount', centsToDecimal(remaining))}
          />
          <SelectField
            label="Paid by"
            options={Object.entries(INVOICE_PAYMENT_METHODS)}
            {...answeredField(answer, 'method', 'ach')}
          />
          <Field
            label="Reference (check or transfer number), optional"
            maxLength={80}
            {...answeredField(answer, 'reference')}
          />
          <button type="submit" name="intent" value="pay" className={primaryButton}>
            Record payment
          </button>
        </Form>
      ) : (
        <p>This invoice is paid.</p>
      )}
    </div>
  );
}
