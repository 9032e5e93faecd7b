import { describe, expect, it } from 'vitest';
import { monthStart } from './store-time';

const iso = (ms: number) => new Date(ms).toISOString();

describe('monthStart (the store month, America/New_York)', () => {
  it('is midnight Eastern on the 1st, in winter (EST, UTC-5) and summer (EDT, UTC-4)', () => {
    expect(iso(monthStart(Date.parse('2026-01-20T15:00:00Z')))).toBe('2026-01-01T05:00:00.000Z');
    expect(iso(monthStart(Date.parse('2026-07-04T12:00:00Z')))).toBe('2026-07-01T04:00:00.000Z');
  });

  it('counts the 1st at 00:30 Eastern in the new month, though UTC is still there too', () => {
    // 00:30 EDT on 1 June is 04:30 UTC on 1 June.
    expect(iso(monthStart(Date.parse('2026-06-01T04:30:00Z')))).toBe('2026-06-01T04:00:00.000Z');
    // 23:30 Eastern on 31 May (03:30 UTC on 1 June) still belongs to May.
    expect(iso(monthStart(Date.parse('2026-06-01T03:30:00Z')))).toBe('2026-05-01T04:00:00.000Z');
    // 00:30 EST on 1 January 2027 is 05:30 UTC; 23:30 EST on 31 December is 04:30 UTC on 1 January.
    expect(iso(monthStart(Date.parse('2027-01-01T05:30:00Z')))).toBe('2027-01-01T05:00:00.000Z');
    expect(iso(monthStart(Date.parse('2027-01-01T04:30:00Z')))).toBe('2026-12-01T05:00:00.000Z');
  });

  it('takes the offset of the 1st, not of now, across the clock changes', () => {
    // March 2026: the clocks go forward on the 8th; the month began in EST.
    expect(iso(monthStart(Date.parse('2026-03-20T12:00:00Z')))).toBe('2026-03-01T05:00:00.000Z');
    // November 2026: the clocks go back at 02:00 on Sunday the 1st; midnight was still EDT.
    expect(iso(monthStart(Date.parse('2026-11-01T04:30:00Z')))).toBe('2026-11-01T04:00:00.000Z');
    expect(iso(monthStart(Date.parse('2026-11-15T12:00:00Z')))).toBe('2026-11-01T04:00:00.000Z');
    // 23:30 EST on 30 November is 04:30 UTC on 1 December: still November.
    expect(iso(monthStart(Date.parse('2026-12-01T04:30:00Z')))).toBe('2026-11-01T04:00:00.000Z');
  });
});
