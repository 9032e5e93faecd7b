import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '~/commerce/webhooks/events';

/** A new endpoint as the console's form posts it; the URL's own rules are endpointUrlProblem's. */
export const endpointSchema = z.strictObject({
  url: z
    .string()
    .trim()
    .min(1, 'Enter the address the events go to.')
    .max(2000, 'The address is too long (2,000 characters at most).'),
  description: z.string().trim().max(200, 'At most 200 characters.'),
  events: z
    .array(
      z.enum(WEBHOOK_EVENT_TYPES as [WebhookEventType, ...WebhookEventType[]], 'Pick events from the list.'),
    )
    .min(1, 'Pick at least one event.'),
});

const uuid = z.uuid('Reload the page and try again.');

export const endpointIdSchema = z.strictObject({ endpoint: uuid });
export const deliveryIdSchema = z.strictObject({ delivery: uuid });
