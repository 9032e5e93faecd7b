import type { RetentionRule } from '#server/retention';
import { RETRY_WINDOW_MS } from './delivery.server';

const DAY = 24 * 60 * 60 * 1000;

/**
 * How long an event, its deliveries and their attempts stay for the console (docs/decisions/
 * 0049): a month covers a month-end reconciliation with an integration's own log, and is ten
 * times the retry window, so nothing still being retried is ever near it.
 */
export const WEBHOOK_HISTORY_DAYS = 30;

/**
 * Deletes events older than the history, with their deliveries and attempts (the foreign keys
 * cascade). An event that still has a pending delivery stays whatever its age: a resend an admin
 * started late is not cut short.
 */
export const oldWebhookEvents: RetentionRule = {
  name: 'webhook_events',
  async deleteBatch({ db, now, limit }) {
    const before = now - Math.max(WEBHOOK_HISTORY_DAYS * DAY, RETRY_WINDOW_MS);
    const result = await db
      .deleteFrom('webhook_events')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('webhook_events as e')
          .select('e.id')
          .where('e.created_at', '<', before)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('webhook_deliveries as d')
                  .select('d.id')
                  .whereRef('d.event_id', '=', 'e.id')
                  .where('d.state', '=', 'pending'),
              ),
            ),
          )
          .limit(limit),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
