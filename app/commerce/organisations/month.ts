/**
 * The calendar month a monthly spending limit counts (docs/decisions/0056): the store's month, in
 * its time zone (America/New_York), whatever the server's. Kept here, not taken from the console's
 * Eastern-day helpers: the commerce core does not depend on the console.
 */
const STORE_TIME_ZONE = 'America/New_York';

// Made once: building a formatter costs far more than using it.
const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: STORE_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

function parts(ms: number) {
  const got: Record<string, number> = {};
  for (const part of wallClock.formatToParts(ms)) {
    if (part.type !== 'literal') got[part.type] = Number(part.value);
  }
  return got as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** The store's clock minus UTC at this moment, in ms (-4 or -5 hours). */
function offsetAt(ms: number): number {
  const p = parts(ms);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(ms / 1000) * 1000;
}

/** Epoch ms of midnight, store time, on the 1st of the month `now` falls in (store time). */
export function monthStart(now: number): number {
  const { year, month } = parts(now);
  const local = Date.UTC(year, month - 1, 1);
  // Twice: the offset at the first guess may be the other side of a clock change.
  const guess = local - offsetAt(local);
  return local - offsetAt(guess);
}
