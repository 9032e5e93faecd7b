import { Link } from 'react-router';
import { formatPrice } from '~/commerce/money';
import { formatOrderDate } from '~/commerce/orders/order-status';
import type { TermsStanding } from '~/commerce/invoices/invoice-terms.server';
import { invoicePdfPath, invoiceStatusText, remainingOf, termsLabel } from '~/commerce/invoices/invoices';
import type { MemberInvoiceRow } from '../invoices-account.server';

interface MemberInvoicesProps {
  now: number;
  organisation: string;
  seesAll: boolean;
  standing: TermsStanding | null;
  invoices: MemberInvoiceRow[];
}

/** /account/organisation/invoices: the organisation's open balance and its invoices, with their PDFs. */
export function MemberInvoices({ now, organisation, seesAll, standing, invoices }: MemberInvoicesProps) {
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:py-12">
      <p>
        <Link to="/account/organisation" className="text-brand underline underline-offset-2">
          {organisation}
        </Link>
      </p>
      <h1 className="text-3xl font-bold sm:text-4xl">Invoices</h1>
      {standing ? (
        <section aria-labelledby="balance-heading" className="rounded-lg border border-border p-4">
          <h2 id="balance-heading" className="text-xl font-bold">
            Open balance: {formatPrice(standing.balance)}
          </h2>
          <p className="mt-1">
            {`Terms: ${termsLabel(standing.termsDays)}. Credit limit: ${standing.creditLimit === null ? 'no limit' : formatPrice(standing.creditLimit)}.`}
          </p>
          {standing.held ? (
            <p role="status" className="mt-2 font-bold text-danger">
              {standing.held}
            </p>
          ) : null}
        </section>
      ) : (
        <p>Your organisation pays by card or bank transfer: it has no invoice terms.</p>
      )}
      <p>
        {seesAll ? "Every invoice of your organisation's orders." : 'The invoices of the orders you placed.'}
      </p>
      {invoices.length === 0 ? (
        <p>No invoices yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left">
            <caption className="sr-only">Invoices</caption>
            <thead className="border-b border-border">
              <tr>
                <th scope="col">Invoice</th>
                <th scope="col">Order</th>
                <th scope="col">Purchase order</th>
                {seesAll ? <th scope="col">Ordered by</th> : null}
                <th scope="col">Amount</th>
                <th scope="col">Paid</th>
                <th scope="col">Due</th>
                <th scope="col">Status</th>
                <th scope="col">PDF</th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((invoice) => (
                <tr key={invoice.number} className="border-b border-border">
                  <th scope="row" className="py-2 font-normal">
                    {invoice.number}
                  </th>
                  <td>
                    <Link
                      to={`/account/orders/${invoice.orderReference}`}
                      className="text-brand underline underline-offset-2"
                    >
                      {invoice.orderReference}
                    </Link>
                  </td>
                  <td>{invoice.poNumber ?? 'None'}</td>
                  {seesAll ? <td>{invoice.buyerName ?? ''}</td> : null}
                  <td>{formatPrice(invoice.amount)}</td>
                  <td>{formatPrice(invoice.paidAmount)}</td>
                  <td>{formatOrderDate(invoice.dueAt)}</td>
                  <td>
                    {invoiceStatusText(invoice, now)}
                    {invoice.status === 'part_paid' ? ` (${formatPrice(remainingOf(invoice))} to pay)` : ''}
                  </td>
                  <td>
                    <a
                      href={invoicePdfPath(invoice.number)}
                      download
                      className="text-brand underline underline-offset-2"
                    >
                      Download<span className="sr-only"> invoice {invoice.number}</span> (PDF)
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
