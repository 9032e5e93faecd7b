/**
 * The store's clock: Eastern time (America/New_York), whatever the server's own zone. The one
 * home of the store's time-zone arithmetic, for the console's days and reports, a member's
 * spending month and a certificate's expiry date alike.
 */
const STORE_TIME_ZONE = 'America/New_York';

// Made once: building a formatter costs far more than using it (reports call this per day).
const easternParts = new Intl.DateTimeFormat('en-US', {
  timeZone: STORE_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
});

/** Minutes the store's time zone is behind UTC at a moment (300 in winter, 240 in summer). */
export function easternOffsetMinutes(at: number): number {
  const parts = easternParts.formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return Math.round((at - local) / 60_000);
}

/** The store's calendar day of a moment, as an epoch day number (Eastern; the offset of that moment). */
export function storeDay(at: number): number {
  return Math.floor((at - easternOffsetMinutes(at) * 60_000) / 86_400_000);
}

const storeDayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: STORE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

// The last minute asked and its date: checkout asks it several times a request, and formatting
// in a time zone costs some 10 µs (no zone changes its date within a minute).
let lastMinute = Number.NaN;
let lastDate = '';

/** The store's date at a moment, yyyy-mm-dd. */
export function storeDate(at: number): string {
  const minute = Math.floor(at / 60_000);
  if (minute !== lastMinute) {
    lastDate = storeDayFormat.format(new Date(at));
    lastMinute = minute;
  }
  return lastDate;
}

const monthStarts = new Map<string, number>();

/**
 * Epoch ms of midnight, store time, on the 1st of the month `now` falls in (store time): the
 * month a monthly spending limit counts (docs/decisions/0056).
 */
export function monthStart(now: number): number {
  const month = storeDate(now).slice(0, 7);
  const known = monthStarts.get(month);
  if (known !== undefined) return known;
  const [year = 1970, monthNumber = 1] = month.split('-').map(Number);
  const local = Date.UTC(year, monthNumber - 1, 1);
  // Twice: the offset at the first guess may be the other side of a clock change.
  const guess = local + easternOffsetMinutes(local) * 60_000;
  const start = local + easternOffsetMinutes(guess) * 60_000;
  // Reports walk back through months: a few hundred entries at most over years of history.
  if (monthStarts.size > 1_000) monthStarts.clear();
  monthStarts.set(month, start);
  return start;
}
