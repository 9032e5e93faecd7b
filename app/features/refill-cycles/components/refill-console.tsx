import { Link } from 'react-router';
import { formatDateTime } from '~/console/console';
import { ConsoleList } from '~/console/console-list';
import { formatDay } from '~/commerce/refills/refill-dates';
import type { AttentionRow, UpcomingDay } from '../refill-console.server';

/**
 * /admin/refills (docs/decisions/0065): what the refill plans send in the next 30 days, day by
 * day, with the units of each product (for purchasing); the charges declined or failed; the
 * deliveries waiting for stock or a prescription. Each row names its customer, whose page holds
 * their plans (pause, cancel).
 */
interface RefillConsoleProps {
  today: string;
  upcoming: UpcomingDay[];
  declined: AttentionRow[];
  waiting: AttentionRow[];
}

const STATUS_TEXT: Partial<Record<AttentionRow['status'], string>> = {
  declined: 'Declined, to be tried again',
  failed: 'Failed four times: plan paused',
  waiting_stock: 'Waiting for stock',
  waiting_prescription: 'Waiting for a prescription',
};

const customerCell = (row: AttentionRow) => <Link to={`/admin/customers/${row.userId}`}>{row.email}</Link>;

export function RefillConsole({ today, upcoming, declined, waiting }: RefillConsoleProps) {
  return (
    <div className="space-y-8">
      <h1 className="text-3xl font-bold">Refills</h1>
      <p>
        Refill plans send their products every few weeks and charge the saved card on the day. A
        customer&apos;s page lists their plans, where you can pause or cancel one.
      </p>
      <section aria-labelledby="refills-upcoming" className="space-y-3">
        <h2 id="refills-upcoming" className="text-2xl font-bold">
          Deliveries in the next 30 days
        </h2>
        <p>
          From {formatDay(today)}: how many deliveries go out each day, and the units of each product they
          take.
        </p>
        <ConsoleList
          rows={upcoming}
          rowKey={(row) => row.date}
          emptyMessage="No refill deliveries in the next 30 days."
          announceEmpty={false}
          caption="Refill deliveries per day, next 30 days"
          columns={[
            { header: 'Day', rowHeader: true, cell: (row) => formatDay(row.date) },
            { header: 'Deliveries', cell: (row) => row.cycles },
            {
              header: 'Units to send',
              cell: (row) => (
                <ul>
                  {row.units.map((unit) => (
                    <li key={unit.name}>
                      {unit.quantity} x {unit.name}
                    </li>
                  ))}
                </ul>
              ),
            },
          ]}
        />
      </section>
      <section aria-labelledby="refills-declined" className="space-y-3">
        <h2 id="refills-declined" className="text-2xl font-bold">
          Charges declined or failed
        </h2>
        <ConsoleList
          rows={declined}
          rowKey={(row) => row.cycleId}
          emptyMessage="No declined or failed refill charges."
          announceEmpty={false}
          caption="Refill charges declined or failed, oldest first"
          columns={[
            { header: 'Customer', rowHeader: true, cell: customerCell },
            { header: 'Due', cell: (row) => formatDay(row.dueDate) },
            { header: 'Status', cell: (row) => STATUS_TEXT[row.status] ?? row.status },
            { header: 'Attempts', cell: (row) => row.attempts },
            {
              header: 'Next try',
              cell: (row) => (row.nextAttemptAt ? formatDateTime(row.nextAttemptAt) : 'None'),
            },
            { header: 'Message', cell: (row) => row.message ?? '' },
            {
              header: 'Order',
              cell: (row) =>
                row.orderReference ? (
                  <Link to={`/admin/orders/${row.orderReference}`}>{row.orderReference}</Link>
                ) : (
                  ''
                ),
            },
          ]}
        />
      </section>
      <section aria-labelledby="refills-waiting" className="space-y-3">
        <h2 id="refills-waiting" className="text-2xl font-bold">
          Deliveries waiting
        </h2>
        <ConsoleList
          rows={waiting}
          rowKey={(row) => row.cycleId}
          emptyMessage="No refill deliveries are waiting."
          announceEmpty={false}
          caption="Refill deliveries waiting for stock or a prescription, oldest first"
          columns={[
            { header: 'Customer', rowHeader: true, cell: customerCell },
            { header: 'Due', cell: (row) => formatDay(row.dueDate) },
            { header: 'Status', cell: (row) => STATUS_TEXT[row.status] ?? row.status },
            { header: 'Why', cell: (row) => row.message ?? '' },
          ]}
        />
      </section>
    </div>
  );
}
