import { addDays } from '~/commerce/organisations/tax-exemption';

/**
 * Refill plans' calendar (docs/decisions/0065): the store's days (YYYY-MM-DD, from
 * app/lib/store-time.ts), never the server's clock zone. Shared by the plan changes, the
 * scheduler and the pages that offer a date.
 */
export { addDays, formatDay } from '~/commerce/organisations/tax-exemption';

/** How far ahead a shopper may move a delivery. */
export const LATEST_DAYS_AHEAD = 365;

/** The reminder goes this many days before a cycle's date. */
export const REMINDER_DAYS_AHEAD = 3;

/** The prescription renewal mail goes this many days before a cycle it would not cover. */
export const RENEWAL_DAYS_AHEAD = 30;

/** Days after the first decline each retry is made: 1, 3 and 7 (then the plan pauses). */
export const RETRY_AFTER_DAYS = [1, 3, 7] as const;

export const addWeeks = (date: string, weeks: number) => addDays(date, weeks * 7);

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD (not 2027-02-30). */
export function isCalendarDate(value: string): boolean {
  return DATE.test(value) && addDays(value, 0) === value;
}

/** The days a delivery may be moved to, as of the store's `today`: tomorrow to a year ahead. */
export function movableRange(today: string): { first: string; last: string } {
  return { first: addDays(today, 1), last: addDays(today, LATEST_DAYS_AHEAD) };
}

/**
 * A moment on the store's day `date` (its noon, Eastern, whatever the season): the clock of a
 * scheduler pass run "as of" a date (the test clock of `npm run refills:run -- --date`).
 */
export function storeNoon(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d, 17);
}
