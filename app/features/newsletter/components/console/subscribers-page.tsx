import { Form, Link } from 'react-router';
import { primaryButton, secondaryButton } from '~/components/ui/button-styles';
import { Field, SelectField } from '~/components/ui/field';
import { ConsoleMessage } from '~/console/console-message';
import { formatDateTime } from '~/console/console';
import type { Subscriber, SubscriberStatus } from '../../subscribers.server';
import { ConsolePager } from '~/console/console-pager';

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
      <Form
        method="get"
        role="search"
        aria-label="Subscribers"
        className="grid gap-4 sm:grid-cols-3 sm:items-end"
      >
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
      </Form>
      <p role="status">
        {total.toLocaleString('en-US')} {total === 1 ? 'subscriber' : 'subscribers'} found
      </p>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[40rem] text-left">
          <caption className="sr-only">
            Subscribers, page {page} of {pages}
          </caption>
          <thead>
            <tr className="border-b-2 border-border">
              <th scope="col" className="py-2 pr-4">
                Email
              </th>
              <th scope="col" className="py-2 pr-4">
                Status
              </th>
              <th scope="col" className="py-2 pr-4">
                Signed up
              </th>
              <th scope="col" className="py-2 pr-4">
                Confirmed
              </th>
              <th scope="col" className="py-2 pr-4">
                Unsubscribed
              </th>
              <th scope="col" className="py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {subscribers.map((subscriber) => (
              <tr key={subscriber.id} className="border-b border-border align-top">
                <td className="py-2 pr-4 break-all">{subscriber.email}</td>
                <td className="py-2 pr-4">{SUBSCRIBER_STATUS_LABELS[subscriber.status]}</td>
                <td className="py-2 pr-4">{when(subscriber.subscribedAt)}</td>
                <td className="py-2 pr-4">{when(subscriber.confirmedAt)}</td>
                <td className="py-2 pr-4">{when(subscriber.unsubscribedAt)}</td>
                <td className="py-2">
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
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConsolePager
        label="Pages of subscribers"
        page={page}
        hasNext={page < pages}
        hrefFor={(to) => `/admin/newsletter${query(filter, to)}`}
      />
    </div>
  );
}
