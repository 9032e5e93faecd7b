import { Field } from '~/components/ui/field';
import { answeredField } from '~/lib/form-answer';
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
  return (
    <>
      <Field
        label="Address (https://…)"
        type="url"
        autoComplete="off"
        {...answeredField(answer, 'url', initial?.url)}
        required
        maxLength={2000}
      />
      <Field
        label="Description (optional)"
        {...answeredField(answer, 'description', initial?.description)}
        maxLength={200}
      />
      <fieldset className="space-y-2">
        <legend className="font-bold">Events</legend>
        {answer?.fields?.events ? (
          <p role="alert" className="text-danger">
            {answer.fields.events}
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
