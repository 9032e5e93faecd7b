import { Link } from 'react-router';
import { ConsoleFilterTabs } from '~/console/console-filter-tabs';
import { ConsoleList } from '~/console/console-list';
import { formatPrice } from '~/commerce/money';
import { formatOrderDate } from '~/commerce/orders/order-status';
import {
  ADMIN_INVOICES_PATH,
  INVOICE_FILTERS,
  type InvoiceFilter,
  invoiceStatusText,
  remainingOf,
} from '~/commerce/invoices/invoices';
import type { InvoiceListRow } from '../invoices-console.server';

interface InvoiceListProps {
  invoices: InvoiceListRow[];
  filter: InvoiceFilter | null;
  page: number;
  hasNext: boolean;
  now: number;
}

const href = (filter: InvoiceFilter | null, page = 1) =>
  `${ADMIN_INVOICES_PATH}?${new URLSearchParams({ ...(filter ? { filter } : {}), ...(page > 1 ? { page: String(page) } : {}) })}`;

/** /admin/invoices: organisations' invoices, soonest due first, all or open, overdue or paid. */
export function InvoiceList({ invoices, filter, page, hasNext, now }: InvoiceListProps) {
  const tabs: [InvoiceFilter | null, string][] = [
    [null, 'All'],
    ...(Object.entries(INVOICE_FILTERS) as [InvoiceFilter, string][]),
  ];
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">Invoices</h1>
      <p>
        Orders placed on an organisation&apos;s invoice terms. Open an invoice to record a payment received
        (all of it or a part).
      </p>
      <ConsoleFilterTabs label="Invoices by status" tabs={tabs} current={filter} href={href} />
      <ConsoleList
        rows={invoices}
        rowKey={(row) => row.number}
        emptyMessage="No invoices here."
        announceEmpty={false}
        caption={`Invoices${filter ? `, ${INVOICE_FILTERS[filter].toLowerCase()}` : ''}, page ${page}`}
        columns={[
          {
            header: 'Invoice',
            rowHeader: true,
            cell: (row) => <Link to={`${ADMIN_INVOICES_PATH}/${row.number}`}>{row.number}</Link>,
          },
          { header: 'Organisation', cell: (row) => row.organisation },
          {
            header: 'Order',
            cell: (row) => <Link to={`/admin/orders/${row.orderReference}`}>{row.orderReference}</Link>,
          },
          { header: 'Amount', cell: (row) => formatPrice(row.amount) },
          { header: 'Still to pay', cell: (row) => formatPrice(remainingOf(row)) },
          { header: 'Due', cell: (row) => formatOrderDate(row.dueAt) },
          { header: 'Status', cell: (row) => invoiceStatusText(row, now) },
        ]}
        pager={{ label: 'Pages of invoices', page, hasNext, hrefFor: (p) => href(filter, p) }}
      />
    </div>
  );
}
