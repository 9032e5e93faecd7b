import { Form, Link } from 'react-router';
import { primaryButton } from '~/components/ui/button-styles';
import { Field, SelectField } from '~/components/ui/field';
import type { AuditRow } from '~/console/audit.server';
import { formatDateTime } from '~/console/console';
import { ConsolePager } from '~/console/console-pager';

export interface AuditSearch {
  actor: string;
  targetType: string;
  target: string;
  fromDay: string;
  toDay: string;
}

function query(search: AuditSearch, page: number) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({
    actor: search.actor,
    type: search.targetType,
    target: search.target,
    from: search.fromDay,
    to: search.toDay,
  })) {
    if (value) params.set(key, value);
  }
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Before and after, as stored (JSON), readable at a glance. */
function Values({ json }: { json: string | null }) {
  if (!json) return <span className="text-muted">none</span>;
  return <code className="block max-w-md text-sm break-words whitespace-pre-wrap">{json}</code>;
}

export function AuditLog({
  entries,
  search,
  page,
  hasNext,
}: {
  entries: AuditRow[];
  search: AuditSearch;
  page: number;
  hasNext: boolean;
}) {
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">Audit log</h1>
      <p>Every action taken in the console, newest first. Entries cannot be changed or deleted.</p>
      <Form
        method="get"
        role="search"
        aria-label="Audit log"
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
      >
        <Field label="Staff email" name="actor" defaultValue={search.actor} maxLength={100} />
        <SelectField
          label="Kind"
          name="type"
          defaultValue={search.targetType}
          options={[
            ['', 'Everything'],
            ['order', 'Orders'],
            ['product', 'Products'],
            ['user', 'Accounts'],
            ['campaign', 'Campaigns'],
            ['subscriber', 'Subscribers'],
            ['contact', 'Contact messages'],
            ['review', 'Reviews'],
            ['job', 'Jobs'],
          ]}
        />
        <Field label="Order reference or id" name="target" defaultValue={search.target} maxLength={120} />
        <Field label="From" name="from" type="date" defaultValue={search.fromDay} />
        <Field label="To" name="to" type="date" defaultValue={search.toDay} />
        <div className="lg:col-span-5">
          <button type="submit" className={primaryButton}>
            Filter
          </button>
        </div>
      </Form>
      {entries.length === 0 ? (
        <p role="status">No entries match.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[44rem] text-left">
            <caption className="sr-only">Audit log, page {page}</caption>
            <thead>
              <tr className="border-b-2 border-border">
                <th scope="col" className="p-2">
                  When
                </th>
                <th scope="col" className="p-2">
                  Who
                </th>
                <th scope="col" className="p-2">
                  Action
                </th>
                <th scope="col" className="p-2">
                  On
                </th>
                <th scope="col" className="p-2">
                  Before
                </th>
                <th scope="col" className="p-2">
                  After
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} className="border-b border-border align-top">
                  <td className="p-2">{formatDateTime(entry.at)}</td>
                  <td className="p-2 break-all">{entry.actorEmail}</td>
                  <td className="p-2">{entry.action}</td>
                  <td className="p-2 break-all">
                    {entry.targetType === 'order' ? (
                      <Link
                        to={`/admin/orders/${entry.targetId}`}
                        className="text-brand underline underline-offset-2"
                      >
                        {entry.targetId}
                      </Link>
                    ) : (
                      `${entry.targetType} ${entry.targetId}`
                    )}
                  </td>
                  <td className="p-2">
                    <Values json={entry.before} />
                  </td>
                  <td className="p-2">
                    <Values json={entry.after} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConsolePager
        label="Pages of the audit log"
        page={page}
        hasNext={hasNext}
        hrefFor={(to) => `/admin/audit${query(search, to)}`}
      />
    </div>
  );
}
