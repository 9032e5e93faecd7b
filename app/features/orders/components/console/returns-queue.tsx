import { Link } from 'react-router';
import { ConsoleFilterTabs } from '~/console/console-filter-tabs';
import { ConsoleList } from '~/console/console-list';
import { formatDateTime } from '~/console/console';
import { RETURN_STEP_IDS, RETURN_STEPS, returnReasonLabel, type ReturnStep } from '~/commerce/orders/returns';
import type { ReturnQueueRow } from '../../returns-console.server';

interface QueueProps {
  returns: ReturnQueueRow[];
  status: ReturnStep | null;
  page: number;
  hasNext: boolean;
}

const href = (status: ReturnStep | null, page = 1) =>
  `/admin/returns?${new URLSearchParams({ ...(status ? { status } : {}), ...(page > 1 ? { page: String(page) } : {}) })}`;

/** /admin/returns: shoppers' returns, oldest first, of one step or all. */
export function ReturnsQueue({ returns, status, page, hasNext }: QueueProps) {
  const tabs: [ReturnStep | null, string][] = [
    [null, 'All'],
    ...RETURN_STEP_IDS.map((s): [ReturnStep, string] => [s, RETURN_STEPS[s]]),
  ];
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">Returns</h1>
      <p>
        Approve a request to mail the shopper the return number and instructions, or refuse it with a reason.
        When the parcel arrives, restock or write off each line, then refund it.
      </p>
      <ConsoleFilterTabs label="Returns by step" tabs={tabs} current={status} href={href} />
      <ConsoleList
        rows={returns}
        rowKey={(row) => row.number}
        emptyMessage="No returns here."
        announceEmpty={false}
        caption={`Returns${status ? `, ${RETURN_STEPS[status].toLowerCase()}` : ''}, page ${page}`}
        columns={[
          {
            header: 'Return',
            rowHeader: true,
            cell: (row) => <Link to={`/admin/returns/${row.number}`}>{row.number}</Link>,
          },
          {
            header: 'Order',
            cell: (row) => <Link to={`/admin/orders/${row.orderReference}`}>{row.orderReference}</Link>,
          },
          { header: 'Step', cell: (row) => RETURN_STEPS[row.status] },
          { header: 'Reason', cell: (row) => returnReasonLabel(row.reason) },
          { header: 'Units', cell: (row) => row.units },
          { header: 'Requested', cell: (row) => formatDateTime(row.requestedAt) },
        ]}
        pager={{ label: 'Pages of returns', page, hasNext, hrefFor: (p) => href(status, p) }}
      />
    </div>
  );
}
