import { Form, Link, useActionData } from 'react-router';
import { primaryButton, secondaryButton } from '~/components/ui/button-styles';
import { formatDateTime } from '~/console/console';
import { ConsoleList } from '~/console/console-list';
import { ConsoleMessage } from '~/console/console-message';
import type { EndpointRow, WebhooksAnswer } from '../webhooks-console.server';
import { EndpointFields } from './endpoint-fields';
import { SigningSecret } from './signing-secret';

export function WebhooksPage({ endpoints }: { endpoints: EndpointRow[] }) {
  const created = useActionData<WebhooksAnswer>();
  const form = created?.intent === 'create' ? created : undefined;
  return (
    <div className="space-y-8">
      <h1 className="text-3xl font-bold">Webhooks</h1>
      <p>
        Tell an accounting or warehouse system what happens in the shop. Each event is posted to the endpoint,
        signed as Standard Webhooks says (headers webhook-id, webhook-timestamp and webhook-signature), and
        tried again for three days while the endpoint fails.
      </p>
      <ConsoleMessage />
      {form?.secret ? <SigningSecret secret={form.secret} /> : null}
      <section aria-labelledby="endpoints-title" className="space-y-3">
        <h2 id="endpoints-title" className="text-xl font-bold">
          Endpoints
        </h2>
        <ConsoleList
          rows={endpoints}
          rowKey={(endpoint) => endpoint.id}
          emptyMessage="No endpoints yet."
          announceEmpty={false}
          itemClassName="flex flex-wrap items-end justify-between gap-4 py-3"
          item={(endpoint) => (
            <>
              <div className="min-w-0 space-y-1">
                <p className="font-bold break-all">
                  <Link to={`/admin/webhooks/${endpoint.id}`}>{endpoint.url}</Link>
                </p>
                {endpoint.description ? <p>{endpoint.description}</p> : null}
                <p className="text-sm">
                  {endpoint.enabled ? 'Enabled' : 'Disabled'} · {endpoint.events.join(', ')} · since{' '}
                  {formatDateTime(endpoint.createdAt)}
                </p>
                <p className="text-sm">
                  {endpoint.pending} being tried · {endpoint.failed} failed
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Form method="post">
                  <input type="hidden" name="endpoint" value={endpoint.id} />
                  <button
                    type="submit"
                    name="intent"
                    value={endpoint.enabled ? 'disable' : 'enable'}
                    className={secondaryButton}
                    aria-label={`${endpoint.enabled ? 'Disable' : 'Enable'} ${endpoint.url}`}
                  >
                    {endpoint.enabled ? 'Disable' : 'Enable'}
                  </button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="endpoint" value={endpoint.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="delete"
                    className={secondaryButton}
                    aria-label={`Delete ${endpoint.url}`}
                  >
                    Delete
                  </button>
                </Form>
              </div>
            </>
          )}
        />
      </section>
      <section aria-labelledby="add-title" className="max-w-xl space-y-3">
        <h2 id="add-title" className="text-xl font-bold">
          Add an endpoint
        </h2>
        <Form method="post" className="space-y-4" key={form?.ok ? 'saved' : 'open'}>
          <EndpointFields answer={form} />
          <button type="submit" name="intent" value="create" className={primaryButton}>
            Save endpoint
          </button>
        </Form>
      </section>
    </div>
  );
}
