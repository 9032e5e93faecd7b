import { describe, expect, it } from 'vitest';
import { axisLabels, em, labelRoom, niceStep, niceTicks, pct } from './chart-scale';

describe('niceStep', () => {
  it('rounds a rough step up to 1, 2 or 5 times a power of ten', () => {
    expect(niceStep(0.9 * 1000)).toBe(1000);
    expect(niceStep(1000)).toBe(1000);
    expect(niceStep(1001)).toBe(2000);
    expect(niceStep(2000)).toBe(2000);
    expect(niceStep(2001)).toBe(5000);
    expect(niceStep(5001)).toBe(10_000);
    expect(niceStep(308.5)).toBe(500);
    expect(niceStep(12)).toBe(20);
  });

  it('never goes below the smallest step: whole orders, whole dollars', () => {
    expect(niceStep(0.3)).toBe(1);
    expect(niceStep(0)).toBe(1);
    expect(niceStep(Number.NaN)).toBe(1);
    expect(niceStep(37, 100)).toBe(100);
    expect(niceStep(101, 100)).toBe(200);
  });

  it('is exact at powers of ten where log10 rounds', () => {
    for (let k = 0; k <= 12; k++) expect(niceStep(10 ** k)).toBe(10 ** k);
    expect(niceStep(999_999_999)).toBe(1_000_000_000);
  });
});

describe('niceTicks', () => {
  it('runs from 0 to the first round value at or above the highest', () => {
    expect(niceTicks(1234)).toEqual({ step: 500, top: 1500, values: [0, 500, 1000, 1500] });
    expect(niceTicks(1000)).toEqual({ step: 500, top: 1000, values: [0, 500, 1000] });
    expect(niceTicks(7)).toEqual({ step: 2, top: 8, values: [0, 2, 4, 6, 8] });
    expect(niceTicks(3)).toEqual({ step: 1, top: 3, values: [0, 1, 2, 3] });
  });

  it('gives money in whole dollars: cents with a step of at least 100', () => {
    // $1,234.56 of revenue: ticks $0, $500, $1,000, $1,500.
    expect(niceTicks(123_456, { minStep: 100 }).values).toEqual([0, 50_000, 100_000, 150_000]);
    // 37 cents: one interval of a dollar, never 10-cent ticks.
    expect(niceTicks(37, { minStep: 100 }).values).toEqual([0, 100]);
  });

  it('keeps the steps at 1, 2 or 5 times a power of ten over many maxima', () => {
    for (const max of [1, 9, 11, 99, 101, 4_999, 5_001, 87_654, 1_000_001, 31_415_926]) {
      const { step, top, values } = niceTicks(max);
      const mantissa = step / 10 ** Math.floor(Math.log10(step));
      expect([1, 2, 5]).toContain(mantissa);
      expect(top).toBeGreaterThanOrEqual(max);
      expect(top - step).toBeLessThan(max);
      expect(values.length).toBeGreaterThanOrEqual(2);
      expect(values.length).toBeLessThanOrEqual(6);
    }
  });

  it('draws one interval when there is nothing to draw', () => {
    expect(niceTicks(0).values).toEqual([0, 1]);
    expect(niceTicks(-5).values).toEqual([0, 1]);
    expect(niceTicks(Number.POSITIVE_INFINITY).values).toEqual([0, 1]);
  });
});

describe('axis labels', () => {
  it('names the last bar, every k-th back from it, and keeps fewer on a narrow chart', () => {
    expect(labelRoom(36, 6)).toBe(7);
    expect(labelRoom(16, 6)).toBe(3);
    const labels = axisLabels(30, 6);
    expect(labels.map((l) => l.index)).toEqual([4, 9, 14, 19, 24, 29]);
    expect(labels.filter((l) => l.narrow).map((l) => l.index)).toEqual([9, 19, 29]);
  });

  it('labels every bar when all fit, and nothing when there are none', () => {
    expect(axisLabels(3, 6)).toEqual([
      { index: 0, narrow: true },
      { index: 1, narrow: true },
      { index: 2, narrow: true },
    ]);
    expect(axisLabels(0, 6)).toEqual([]);
  });

  it('keeps a narrow chart to what fits 16 em, over three years of days', () => {
    const labels = axisLabels(1096, 6);
    expect(labels.length).toBeLessThanOrEqual(labelRoom(36, 6));
    expect(labels.filter((l) => l.narrow).length).toBeLessThanOrEqual(labelRoom(16, 6));
    expect(labels.at(-1)).toEqual({ index: 1095, narrow: true });
  });
});

it('writes lengths short', () => {
  expect(pct(1 / 3)).toBe('33.33%');
  expect(pct(0)).toBe('0%');
  expect(em(12.345)).toBe('12.35em');
});
