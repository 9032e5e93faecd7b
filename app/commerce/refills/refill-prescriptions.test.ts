import { describe, expect, it } from 'vitest';
import { storeNoon } from './refill-dates';
import { addMonths, coveredUntil } from './refill-prescriptions.server';

describe("a refill's prescription cover", () => {
  it('adds calendar months, keeping the day or the month end', () => {
    expect(addMonths('2026-01-15', 1)).toBe('2026-02-15');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-30', 13)).toBe('2027-12-30');
  });

  it('covers from the date of the prescription for its length of need', () => {
    const reviewed = storeNoon('2026-06-01');
    expect(coveredUntil('2026-01-15', 6, reviewed)).toBe('2026-07-14');
    expect(coveredUntil('2026-01-15', 12, reviewed)).toBe('2027-01-14');
  });

  it('covers for life at 99 months', () => {
    expect(coveredUntil('2020-03-01', 99, storeNoon('2026-06-01'))).toBe('9999-12-31');
  });

  it('takes 12 months from the review without both the date and the length', () => {
    const reviewed = storeNoon('2026-06-01');
    expect(coveredUntil(null, null, reviewed)).toBe('2027-06-01');
    expect(coveredUntil('2026-01-15', null, reviewed)).toBe('2027-06-01');
    expect(coveredUntil(null, 6, reviewed)).toBe('2027-06-01');
  });
});
