import { Link } from 'react-router';
import { ConsoleFilterTabs } from '~/console/console-filter-tabs';
import { ConsoleList } from '~/console/console-list';
import { formatDateTime } from '~/console/console';
import { QUOTE_STATUSES, type QuoteStatus } from '~/commerce/quotes';
import type { QuoteSummary } from '../../quotes.server';

interface QueueProps {
  quotes: QuoteSummary[];
  status: QuoteStatus | null;
  page: number;
  hasNext: boolean;
}

const href = (status: QuoteStatus | null, page = 1) =>
  `/admin/quotes?${new URLSearchParams({ ...(status ? { status } : {}), ...(page > 1 ? { page: String(page) } : {}) })}`;

/** /admin/quotes: shoppers' quote requests, oldest first, of one status or all. */
export function QuotesQueue({ quotes, status, page, hasNext }: QueueProps) {
  const tabs: [QuoteStatus | null, string][] = [
    [null, 'All'],
    ...(Object.keys(QUOTE_STATUSES) as QuoteStatus[]).map((s): [QuoteStatus, string] => [
      s,
      QUOTE_STATUSES[s],
    ]),
  ];
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">Quotes</h1>
      <p>
        Price a request with a unit price per line and the last day the prices hold; the shopper is mailed and
        may accept it until then.
      </p>
      <ConsoleFilterTabs label="Quotes by status" tabs={tabs} current={status} href={href} />
      <ConsoleList
        rows={quotes}
        rowKey={(row) => row.reference}
        emptyMessage="No quotes here."
        announceEmpty={false}
        caption={`Quotes${status ? `, ${QUOTE_STATUSES[status].toLowerCase()}` : ''}, page ${page}`}
        columns={[
          {
            header: 'Quote',
            rowHeader: true,
            cell: (row) => <Link to={`/admin/quotes/${row.reference}`}>{row.reference}</Link>,
          },
          { header: 'Status', cell: (row) => QUOTE_STATUSES[row.status] },
          { header: 'Units', cell: (row) => row.units },
          { header: 'Asked', cell: (row) => formatDateTime(row.createdAt) },
          { header: 'Expires', cell: (row) => (row.expiresAt ? formatDateTime(row.expiresAt) : '-') },
        ]}
        pager={{ label: 'Pages of quotes', page, hasNext, hrefFor: (p) => href(status, p) }}
      />
    </div>
  );
}
