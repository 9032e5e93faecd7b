/**
 * The arithmetic of the console's charts, kept apart from the drawing so it can be tested alone:
 * value axes in round steps (1, 2 or 5 times a power of ten) and which bars get a date label.
 */

/**
 * The smallest round step (1, 2 or 5 × 10^k) that is at least `rough`, and never below `minStep`
 * (1 for counts, so no tick reads 0.5 orders; 100 for cents, so every tick is whole dollars).
 */
export function niceStep(rough: number, minStep = 1): number {
  if (!(rough > minStep)) return minStep;
  let power = 10 ** Math.floor(Math.log10(rough));
  // log10 of a value just under a power of ten can round up to it: step back down.
  if (power > rough) power /= 10;
  for (const multiple of [1, 2, 5]) {
    if (multiple * power >= rough) return multiple * power;
  }
  return 10 * power;
}

export interface Ticks {
  step: number;
  /** The last tick: the axis runs from 0 to here, at or above the highest value. */
  top: number;
  values: number[];
}

/**
 * Ticks from 0 to the first round value at or above `max`, about `target` intervals apart
 * (4 by default: a phone's narrow chart still has room for every label). Nothing to show, or a
 * value that is not a finite positive number, gives the one interval 0 to `minStep`.
 */
export function niceTicks(max: number, { target = 4, minStep = 1 } = {}): Ticks {
  const high = Number.isFinite(max) && max > 0 ? max : 0;
  const step = niceStep(high / target, minStep);
  const intervals = Math.max(1, Math.ceil(high / step));
  return { step, top: intervals * step, values: Array.from({ length: intervals + 1 }, (_, i) => i * step) };
}

/**
 * How many labels of `chars` characters fit across `widthEm` (font em), with a gap of an em
 * between them; an average glyph of this face is about 0.6 em wide.
 */
export function labelRoom(widthEm: number, chars: number): number {
  return Math.max(1, Math.floor(widthEm / (chars * 0.6 + 1)));
}

/** A chart is at least this wide (a phone at 320 px, or 1280 px at 400 % zoom) ... */
export const NARROW_EM = 16;
/** ... and this wide where the container query shows the labels marked `wide` (app.css). */
export const WIDE_EM = 36;

/**
 * Which of `count` bars get a label under the axis, and which of those a narrow chart keeps:
 * every k-th bar, counted back from the last so the latest day (today, on the dashboard) is
 * always named; the narrow chart's labels are a subset, every (k × m)-th.
 */
export function axisLabels(count: number, chars: number): { index: number; narrow: boolean }[] {
  if (count <= 0) return [];
  const wideEvery = Math.ceil(count / labelRoom(WIDE_EM, chars));
  const narrowEvery = wideEvery * Math.ceil(Math.ceil(count / labelRoom(NARROW_EM, chars)) / wideEvery);
  const labels: { index: number; narrow: boolean }[] = [];
  for (let back = 0; back < count; back += wideEvery) {
    labels.unshift({ index: count - 1 - back, narrow: back % narrowEvery === 0 });
  }
  return labels;
}

/** A percentage for an SVG attribute, with two decimals at most: '12.5%'. */
export function pct(fraction: number): string {
  return `${Math.round(fraction * 10_000) / 100}%`;
}

/** A length in em with two decimals at most: '3.25em'. */
export function em(value: number): string {
  return `${Math.round(value * 100) / 100}em`;
}
