/**
 * The events an integration can subscribe to (docs/decisions/0049), with the words the console
 * shows for each. `return.*` is for the returns feature: it emits these names through
 * emitWebhookEvent when a return moves, and endpoints subscribed to them receive them.
 */
export const WEBHOOK_EVENTS = {
  'order.paid': 'An order was paid',
  'order.shipped': 'An order was shipped',
  'order.refunded': 'Money went back on an order (a part or all of it)',
  'return.requested': 'A shopper asked for a return',
  'return.approved': 'Staff approved a return',
  'return.refused': 'Staff refused a return',
  'return.received': 'The returned items arrived',
  'return.refunded': 'A return was refunded',
  'product.stock_low': 'A product fell to the low-stock level',
} as const;

export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;

export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as WebhookEventType[];

export function isWebhookEventType(value: string): value is WebhookEventType {
  return Object.hasOwn(WEBHOOK_EVENTS, value);
}
