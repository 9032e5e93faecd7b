import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { primaryButton, secondaryButton } from '~/components/ui/button-styles';
import { Field } from '~/components/ui/field';
import { FULFILMENT_STATES, PAYMENT_STATES } from '~/commerce/order-states';
import { formatPrice } from '~/commerce/money';
import { formatDateTime } from '~/console/console';
import type { customerDetail, CustomerSummary } from '../customers.server';
import { ConsoleMessage } from '~/console/console-message';
import { ConsoleList } from '~/console/console-list';
import { ConsoleSearchForm } from '~/console/console-search-form';

type CustomerDetail = NonNullable<Awaited<ReturnType<typeof customerDetail>>>;

export function CustomersPage({
  customers,
  total,
  q,
  page,
  pages,
}: {
  customers: CustomerSummary[];
  total: number;
  q: string;
  page: number;
  pages: number;
}) {
  const pageLink = (to: number) =>
    `/admin/customers?${new URLSearchParams({ ...(q ? { q } : {}), page: String(to) })}`;
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">Customers</h1>
      <ConsoleSearchForm label="Customers" className="flex flex-wrap items-end gap-4">
        <div className="min-w-64 flex-1">
          <Field label="Email or name contains" name="q" defaultValue={q} maxLength={100} />
        </div>
        <button type="submit" className={primaryButton}>
          Search
        </button>
      </ConsoleSearchForm>
      <p role="status">
        {total.toLocaleString('en-US')} {total === 1 ? 'customer' : 'customers'} found
      </p>
      <ConsoleList
        rows={customers}
        rowKey={(customer) => customer.id}
        itemClassName="flex flex-wrap items-baseline justify-between gap-2 py-3"
        item={(customer) => (
          <>
            <div className="min-w-0">
              <Link
                to={`/admin/customers/${customer.id}`}
                className="font-bold break-all text-brand underline"
              >
                {customer.name || customer.email}
              </Link>
              <p className="break-all">{customer.email}</p>
            </div>
            <p className="text-sm">
              Joined {formatDateTime(customer.joinedAt)}
              {customer.verified ? '' : ' · email not confirmed'}
              {customer.disabled ? ' · disabled' : ''}
            </p>
          </>
        )}
        pager={{ label: 'Pages of customers', page, hasNext: page < pages, hrefFor: pageLink }}
      />
    </div>
  );
}

function Action({ intent, label, primary }: { intent: string; label: string; primary?: boolean }) {
  return (
    <Form method="post">
      <button
        type="submit"
        name="intent"
        value={intent}
        className={primary ? primaryButton : secondaryButton}
      >
        {label}
      </button>
    </Form>
  );
}

export function CustomerPage({
  customer,
  refillPlans,
}: {
  customer: CustomerDetail;
  /** The customer's refill plans, from the refills feature (composed by the route). */
  refillPlans?: ReactNode;
}) {
  return (
    <div className="space-y-8">
      <p>
        <Link to="/admin/customers" className="text-brand underline">
          All customers
        </Link>
      </p>
      <div>
        <h1 className="text-3xl font-bold break-all">{customer.name || customer.email}</h1>
        <p className="break-all">{customer.email}</p>
        <p>
          Joined {formatDateTime(customer.joinedAt)} · email{' '}
          {customer.verified ? 'confirmed' : 'not confirmed'} · two-factor authentication{' '}
          {customer.twoFactor ? 'on' : 'off'}
        </p>
        {customer.disabledAt ? (
          <p className="font-bold text-danger">
            Disabled {formatDateTime(customer.disabledAt)}: this account cannot sign in.
          </p>
        ) : null}
      </div>
      <ConsoleMessage />
      <section aria-labelledby="actions-title" className="space-y-3">
        <h2 id="actions-title" className="text-xl font-bold">
          Actions
        </h2>
        <div className="flex flex-wrap gap-2">
          {customer.verified ? null : <Action intent="resend" label="Resend confirmation email" />}
          <Action intent="sign-out" label="Sign out everywhere" />
          {customer.disabledAt ? (
            <Action intent="enable" label="Enable account" primary />
          ) : (
            <Action intent="disable" label="Disable account" />
          )}
        </div>
      </section>
      <section aria-labelledby="methods-title" className="space-y-2">
        <h2 id="methods-title" className="text-xl font-bold">
          Sign-in methods
        </h2>
        {customer.signInMethods.length === 0 ? (
          <p>None yet (the password was never set).</p>
        ) : (
          <ul className="list-disc pl-6">
            {customer.signInMethods.map((method) => (
              <li key={method}>{method}</li>
            ))}
            {customer.twoFactor ? <li>Authenticator app (two-factor)</li> : null}
          </ul>
        )}
      </section>
      <section aria-labelledby="sessions-title" className="space-y-2">
        <h2 id="sessions-title" className="text-xl font-bold">
          Active sessions
        </h2>
        {customer.sessions.length === 0 ? (
          <p>Not signed in anywhere.</p>
        ) : (
          <ul className="divide-y divide-border border-y border-border">
            {customer.sessions.map((session) => (
              <li key={session.id} className="py-2">
                <p className="font-bold">{session.device}</p>
                <p className="text-sm">
                  Signed in {formatDateTime(session.signedInAt)} · last active{' '}
                  {formatDateTime(session.lastActiveAt)}
                  {session.ipAddress ? ` · ${session.ipAddress}` : ''}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="orders-title" className="space-y-2">
        <h2 id="orders-title" className="text-xl font-bold">
          Orders
        </h2>
        {customer.orders.length === 0 ? (
          <p>No orders.</p>
        ) : (
          <ul className="divide-y divide-border border-y border-border">
            {customer.orders.map((order) => (
              <li key={order.reference} className="flex flex-wrap justify-between gap-2 py-2">
                <Link to={`/admin/orders/${order.reference}`} className="font-bold text-brand underline">
                  {order.reference}
                </Link>
                <span>
                  {formatDateTime(order.createdAt)} · {PAYMENT_STATES[order.status].staff} ·{' '}
                  {FULFILMENT_STATES[order.fulfilment].staff} · {formatPrice(order.total)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {refillPlans}
      <section aria-labelledby="addresses-title" className="space-y-2">
        <h2 id="addresses-title" className="text-xl font-bold">
          Addresses
        </h2>
        {customer.addresses.length === 0 ? (
          <p>No saved addresses.</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {customer.addresses.map((address) => (
              <li key={address.id} className="rounded-md border border-border p-3">
                <p className="font-bold">
                  {address.recipientName}
                  {address.isDefault ? ' (default)' : ''}
                </p>
                <p>{address.line1}</p>
                {address.line2 ? <p>{address.line2}</p> : null}
                <p>
                  {address.city}, {address.state} {address.zip}
                </p>
                <p>{address.phone}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
