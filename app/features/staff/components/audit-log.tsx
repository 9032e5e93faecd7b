import { Link } from 'react-router';
import { primaryButton } from '~/components/ui/button-styles';
import { Field, SelectField } from '~/components/ui/field';
import type { AuditRow } from '~/console/audit.server';
import { formatDateTime } from '~/console/console';
import { type ConsoleColumn, ConsoleList } from '~/console/console-list';
import { ConsoleSearchForm } from '~/console/console-search-form';

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

const AUDIT_COLUMNS: ConsoleColumn<AuditRow>[] = [
  { header: 'When', cell: (entry) => formatDateTime(entry.at) },
  { header: 'Who', cellClassName: 'p-2 break-all', cell: (entry) => entry.actorEmail },
  { header: 'Action', cell: (entry) => entry.action },
  {
    header: 'On',
    cellClassName: 'p-2 break-all',
    cell: (entry) =>
      entry.targetType === 'order' ? (
        <Link to={`/admin/orders/${entry.targetId}`} className="text-brand underline underline-offset-2">
          {entry.targetId}
        </Link>
      ) : (
        `${entry.targetType} ${entry.targetId}`
      ),
  },
  { header: 'Before', cell: (entry) => <Values json={entry.before} /> },
  { header: 'After', cell: (entry) => <Values json={entry.after} /> },
];

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
      <ConsoleSearchForm label="Audit log" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
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
            ['return', 'Returns'],
            ['quote', 'Quotes'],
            ['promotion', 'Promotions'],
            ['webhook', 'Webhooks'],
            ['setting', 'Shipping and tax'],
            ['invoice', 'Invoices'],
            ['tax_certificate', 'Tax certificates'],
            ['refill_plan', 'Refill plans'],
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
      </ConsoleSearchForm>
      <ConsoleList
        rows={entries}
        rowKey={(entry) => entry.id}
        emptyMessage="No entries match."
        caption={<>Audit log, page {page}</>}
        tableClassName="w-full min-w-[44rem] text-left"
        columns={AUDIT_COLUMNS}
        pager={{
          label: 'Pages of the audit log',
          page,
          hasNext,
          hrefFor: (to) => `/admin/audit${query(search, to)}`,
        }}
      />
    </div>
  );
}
