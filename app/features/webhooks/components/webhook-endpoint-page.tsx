import { Form, Link, useActionData } from 'react-router';
import { primaryButton, secondaryButton } from '~/components/ui/button-styles';
import { formatDateTime } from '~/console/console';
import { ConsoleMessage } from '~/console/console-message';
import { ConsoleList } from '~/console/console-list';
import type { DeliveryRow } from '../webhook-deliveries.server';
import type { WebhooksAnswer } from '../webhooks-console.server';
import { EndpointFields } from './endpoint-fields';
import { SigningSecret } from './signing-secret';

const STATE_LABELS: Record<DeliveryRow['state'], string> = {
  pending: 'Being tried',
  succeeded: 'Delivered',
  failed: 'Failed',
};

export function WebhookEndpointPage({
  endpoint,
  deliveries,
  page,
  hasNext,
}: {
  endpoint: {
    id: string;
    url: string;
    description: string;
    events: string[];
    enabled: boolean;
    previousSecretUntil: number | null;
  };
  deliveries: DeliveryRow[];
  page: number;
  hasNext: boolean;
}) {
  const answer = useActionData<WebhooksAnswer>();
  const edit = answer?.intent === 'edit' ? answer : undefined;
  const rotated = answer?.intent === 'rotate' ? answer : undefined;
  return (
    <div className="space-y-6">
      <p>
        <Link to="/admin/webhooks">All endpoints</Link>
      </p>
      <h1 className="text-3xl font-bold break-all">{endpoint.url}</h1>
      <p>
        {endpoint.enabled ? 'Enabled' : 'Disabled'} · {endpoint.events.join(', ')}
        {endpoint.description ? ` · ${endpoint.description}` : ''}
      </p>
      <ConsoleMessage />
      {rotated?.secret ? <SigningSecret secret={rotated.secret} rotated /> : null}
      <details className="space-y-4" open={edit !== undefined && !edit.ok}>
        <summary className="cursor-pointer text-xl font-bold">Settings and signing secret</summary>
        <Form method="post" className="max-w-xl space-y-4" key={edit?.ok ? 'saved' : 'open'}>
          <EndpointFields answer={edit} initial={endpoint} />
          <button type="submit" name="intent" value="edit" className={primaryButton}>
            Save changes
          </button>
        </Form>
        <Form method="post" className="max-w-xl space-y-2">
          <p>
            A new secret is shown once. For a day each delivery is signed with the old and the new secret, so
            the receiving system can switch without refusing an event.
          </p>
          {endpoint.previousSecretUntil ? (
            <p>The previous secret signs too until {formatDateTime(endpoint.previousSecretUntil)}.</p>
          ) : null}
          <button type="submit" name="intent" value="rotate" className={secondaryButton}>
            Rotate signing secret
          </button>
        </Form>
      </details>
      <h2 className="text-xl font-bold">Deliveries</h2>
      <ConsoleList
        rows={deliveries}
        rowKey={(delivery) => delivery.id}
        emptyMessage="No events sent to this endpoint yet."
        announceEmpty={false}
        itemClassName="space-y-2 py-3"
        item={(delivery) => (
          <>
            <div className="flex flex-wrap items-end justify-between gap-4">
              <div className="min-w-0">
                <p className="font-bold">
                  {delivery.type} · {STATE_LABELS[delivery.state]}
                </p>
                <p className="text-sm break-all">
                  webhook-id <code>{delivery.eventId}</code> · {formatDateTime(delivery.createdAt)}
                </p>
              </div>
              {delivery.state === 'pending' ? null : (
                <Form method="post">
                  <input type="hidden" name="delivery" value={delivery.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="resend"
                    className={secondaryButton}
                    aria-label={`Resend ${delivery.type} ${delivery.eventId}`}
                  >
                    Resend
                  </button>
                </Form>
              )}
            </div>
            {delivery.attempts.length > 0 ? (
              <ol className="list-decimal space-y-1 pl-6 text-sm">
                {delivery.attempts.map((attempt) => (
                  <li key={attempt.at}>
                    {formatDateTime(attempt.at)} · {attempt.outcome}
                    {attempt.statusCode !== null ? ` · HTTP ${attempt.statusCode}` : ''} ·{' '}
                    {attempt.durationMs} ms
                    {attempt.error ? ` · ${attempt.error}` : ''}
                    {attempt.excerpt ? (
                      <span className="block break-all text-muted">Answer: {attempt.excerpt}</span>
                    ) : null}
                  </li>
                ))}
              </ol>
            ) : (
              <p className="text-sm">Not tried yet.</p>
            )}
          </>
        )}
        pager={{
          label: 'Pages of deliveries',
          page,
          hasNext,
          hrefFor: (to) => `/admin/webhooks/${endpoint.id}?page=${to}`,
        }}
      />
    </div>
  );
}
