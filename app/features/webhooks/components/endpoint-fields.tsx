import { Field } from '~/components/ui/field';
import { WEBHOOK_EVENTS, WEBHOOK_EVENT_TYPES } from '~/commerce/webhooks/events';
import type { WebhooksAnswer } from '../webhooks-console.server';

/**
 * An endpoint's address, description and events: the add form and the edit form. After a refused
 * save the posted values come back; otherwise `initial` (the endpoint as saved, or nothing).
 */
export function EndpointFields({
  answer,
  initial,
}: {
  answer: WebhooksAnswer | undefined;
  initial?: { url: string; description: string; events: string[] };
}) {
  const refused = answer && !answer.ok ? answer : undefined;
  return (
    <>
      <Field
        label="Address (https://…)"
        name="url"
        type="url"
        autoComplete="off"
        defaultValue={refused?.values?.url ?? initial?.url ?? ''}
        error={refused?.fields?.url}
        required
        maxLength={2000}
      />
      <Field
        label="Description (optional)"
        name="description"
        defaultValue={refused?.values?.description ?? initial?.description ?? ''}
        error={refused?.fields?.description}
        maxLength={200}
      />
      <fieldset className="space-y-2">
        <legend className="font-bold">Events</legend>
        {refused?.fields?.events ? (
          <p role="alert" className="text-danger">
            {refused.fields.events}
          </p>
        ) : null}
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type} className="flex items-start gap-2">
            <input
              type="checkbox"
              name="events"
              value={type}
              className="mt-1"
              defaultChecked={initial?.events.includes(type) ?? false}
            />
            <span>
              <code>{type}</code>: {WEBHOOK_EVENTS[type]}
            </span>
          </label>
        ))}
      </fieldset>
    </>
  );
}
