import { Form, Link } from 'react-router';
import { primaryButton, secondaryButton } from '~/components/ui/button-styles';
import { Field, SelectField } from '~/components/ui/field';
import { ConsoleMessage } from '~/console/console-message';
import { formatDateTime } from '~/console/console';
import type { Subscriber, SubscriberStatus } from '../../subscribers.server';
import { type ConsoleColumn, ConsoleList } from '~/console/console-list';
import { ConsoleSearchForm } from '~/console/console-search-form';

export const SUBSCRIBER_STATUS_LABELS: Record<SubscriberStatus, string> = {
  waiting: 'Waiting for confirmation',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
};

const STATUS_OPTIONS = Object.entries(SUBSCRIBER_STATUS_LABELS) as [SubscriberStatus, string][];

export interface SubscribersView {
  subscribers: Subscriber[];
  total: number;
  confirmed: number;
  filter: { q: string; status: string };
  page: number;
  pages: number;
}

function query(filter: { q: string; status: string }, page?: number) {
  const params = new URLSearchParams();
  if (filter.q) params.set('q', filter.q);
  if (filter.status) params.set('status', filter.status);
  if (page && page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

const when = (at: number | null) => (at === null ? '' : formatDateTime(at));

const CELL = 'py-2 pr-4';

const SUBSCRIBER_COLUMNS: ConsoleColumn<Subscriber>[] = [
  { header: 'Email', className: CELL, cellClassName: `${CELL} break-all`, cell: (s) => s.email },
  { header: 'Status', className: CELL, cell: (s) => SUBSCRIBER_STATUS_LABELS[s.status] },
  { header: 'Signed up', className: CELL, cell: (s) => when(s.subscribedAt) },
  { header: 'Confirmed', className: CELL, cell: (s) => when(s.confirmedAt) },
  { header: 'Unsubscribed', className: CELL, cell: (s) => when(s.unsubscribedAt) },
  {
    header: <span className="sr-only">Actions</span>,
    className: 'py-2',
    cell: (subscriber) => (
      <Form method="post">
        <input type="hidden" name="id" value={subscriber.id} />
        <input type="hidden" name="email" value={subscriber.email} />
        <button
          type="submit"
          name="intent"
          value="remove"
          className={secondaryButton}
          aria-label={`Remove ${subscriber.email}`}
        >
          Remove
        </button>
      </Form>
    ),
  },
];

export function SubscribersPage({ subscribers, total, confirmed, filter, page, pages }: SubscribersView) {
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold">Newsletter subscribers</h1>
        <Link to="/admin/campaigns" className={secondaryButton}>
          Campaigns
        </Link>
      </div>
      <p>
        {confirmed.toLocaleString('en-US')} confirmed {confirmed === 1 ? 'subscriber' : 'subscribers'} receive
        campaigns.
      </p>
      <ConsoleMessage />
      <ConsoleSearchForm label="Subscribers" className="grid gap-4 sm:grid-cols-3 sm:items-end">
        <Field label="Email contains" name="q" defaultValue={filter.q} maxLength={100} />
        <SelectField
          label="Status"
          name="status"
          defaultValue={filter.status}
          options={STATUS_OPTIONS}
          placeholder="Any status"
        />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={primaryButton}>
            Search
          </button>
          {/* A plain download: the file streams, whatever the list's size. */}
          <a href={`/admin/newsletter.csv${query(filter)}`} className={secondaryButton} download>
            Download CSV
          </a>
        </div>
      </ConsoleSearchForm>
      <p role="status">
        {total.toLocaleString('en-US')} {total === 1 ? 'subscriber' : 'subscribers'} found
      </p>
      <ConsoleList
        rows={subscribers}
        rowKey={(subscriber) => subscriber.id}
        caption={
          <>
            Subscribers, page {page} of {pages}
          </>
        }
        columns={SUBSCRIBER_COLUMNS}
        pager={{
          label: 'Pages of subscribers',
          page,
          hasNext: page < pages,
          hrefFor: (to) => `/admin/newsletter${query(filter, to)}`,
        }}
      />
    </div>
  );
}
