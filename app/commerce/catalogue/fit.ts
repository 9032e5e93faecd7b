import type { ProductMeasures } from './catalog.types';

/**
 * "Will it fit?": the person's weight against the product's maximum user weight, and the
 * narrowest doorway on the way against the product's width as it is used (open). Only the
 * published figures count: a figure the catalogue does not have is "unknown", never guessed,
 * and a filter keeps such products (marked) rather than pretending they fit or not.
 */

/** What a shopper enters: whole pounds and inches, each optional. */
export interface FitNeeds {
  weightLb?: number;
  doorIn?: number;
}

export type FitAnswer = 'fits' | 'does-not-fit' | 'unknown';

export interface FitCheck {
  need: 'weight' | 'door';
  answer: FitAnswer;
  /** The answer in plain words, for the card and the product page. */
  text: string;
}

/** Limits of the form fields (and of the URL's values, which are ignored outside them). */
export const FIT_LIMITS = {
  weightLb: { min: 20, max: 1000 },
  doorIn: { min: 12, max: 96 },
} as const;

/** Less room than this either side of the hands on the wheels makes a doorway a squeeze. */
const TIGHT_SPARE_IN = 1;

/** Subcategories whose products carry fit figures: their pages offer "Will it fit?". */
export const FIT_SUBCATEGORIES: ReadonlySet<string> = new Set([
  'wheelchairs',
  'transport-chairs',
  'walkers',
  'rollators',
  'scooters',
  'canes',
  'hospital-beds',
  'power-lift-chairs',
  'patient-lifts',
  'shower-chairs',
  'transfer-benches',
  'raised-toilet-seats',
  'grab-bars',
  'pediatric-wheelchairs',
  'pediatric-walkers',
  'pediatric-bath-seating',
]);

export const hasFitFinder = (subcategory: string) => FIT_SUBCATEGORIES.has(subcategory);

/** Whether any need was entered. */
export const hasNeeds = (needs: FitNeeds) => needs.weightLb !== undefined || needs.doorIn !== undefined;

/** Width as used: the overall width, or the assembled dimensions' width. */
export function openWidth(m: ProductMeasures): number | undefined {
  return m.overallWidthIn ?? m.dimensionsIn?.width;
}

/** Seat height: fixed, or the adjustable range of a seat (a product with a seat width). */
export function seatHeight(m: ProductMeasures): string | undefined {
  if (m.seatHeightIn !== undefined) return inches(m.seatHeightIn);
  if (m.seatWidthIn !== undefined && m.heightRangeIn) {
    return `${m.heightRangeIn.min} to ${inches(m.heightRangeIn.max)}`;
  }
  return undefined;
}

const inches = (n: number) => `${n} in.`;
const pounds = (n: number) => `${n} lb`;

/** What a fit figure says when the catalogue does not have it. */
export const UNKNOWN_FIGURE = 'Unknown';

/** The fit figures of a product page, each "Unknown" when the catalogue does not have it. */
export function fitFigures(m: ProductMeasures): { name: string; value: string }[] {
  const known = (value: number | undefined, unit: (n: number) => string) =>
    value === undefined ? UNKNOWN_FIGURE : unit(value);
  return [
    { name: 'Maximum user weight', value: known(m.weightCapacityLb, pounds) },
    { name: 'Overall width', value: known(openWidth(m), inches) },
    { name: 'Width folded', value: known(m.foldedWidthIn, inches) },
    { name: 'Seat width', value: known(m.seatWidthIn, inches) },
    { name: 'Seat height', value: seatHeight(m) ?? UNKNOWN_FIGURE },
    { name: 'Product weight', value: known(m.itemWeightLb, pounds) },
  ];
}

function weightCheck(m: ProductMeasures, weightLb: number): FitCheck {
  const capacity = m.weightCapacityLb;
  if (capacity === undefined) {
    return { need: 'weight', answer: 'unknown', text: 'Maximum user weight unknown.' };
  }
  return capacity >= weightLb
    ? {
        need: 'weight',
        answer: 'fits',
        text: `Holds up to ${pounds(capacity)}: enough for ${pounds(weightLb)}.`,
      }
    : {
        need: 'weight',
        answer: 'does-not-fit',
        text: `Holds up to ${pounds(capacity)}: not enough for ${pounds(weightLb)}.`,
      };
}

function doorCheck(m: ProductMeasures, doorIn: number): FitCheck {
  const width = openWidth(m);
  if (width === undefined) return { need: 'door', answer: 'unknown', text: 'Overall width unknown.' };
  const door = `a ${inches(doorIn)} doorway`;
  if (width > doorIn) {
    const folded =
      m.foldedWidthIn !== undefined && m.foldedWidthIn <= doorIn
        ? ` Folded (${inches(m.foldedWidthIn)}) it can be carried through.`
        : '';
    return {
      need: 'door',
      answer: 'does-not-fit',
      text: `${inches(width)} wide: too wide for ${door}.${folded}`,
    };
  }
  // Rounded to a tenth: figures are given in halves and tenths of an inch.
  const spare = Math.round((doorIn - width) * 10) / 10;
  return {
    need: 'door',
    answer: 'fits',
    text:
      spare < TIGHT_SPARE_IN
        ? `${inches(width)} wide: fits ${door}, but tightly (${inches(spare)} to spare).`
        : `${inches(width)} wide: fits ${door} with ${inches(spare)} to spare.`,
  };
}

/** One check per need entered, weight first. */
export function checkFit(m: ProductMeasures, needs: FitNeeds): FitCheck[] {
  const checks: FitCheck[] = [];
  if (needs.weightLb !== undefined) checks.push(weightCheck(m, needs.weightLb));
  if (needs.doorIn !== undefined) checks.push(doorCheck(m, needs.doorIn));
  return checks;
}

/** All checks together: one that fails decides; then one unknown; else it fits. */
export function overallAnswer(checks: readonly FitCheck[]): FitAnswer {
  if (checks.some((c) => c.answer === 'does-not-fit')) return 'does-not-fit';
  if (checks.some((c) => c.answer === 'unknown')) return 'unknown';
  return 'fits';
}

/** The listing filter: keeps a product unless a known figure rules it out. */
export function mayFit(m: ProductMeasures, needs: FitNeeds): boolean {
  return overallAnswer(checkFit(m, needs)) !== 'does-not-fit';
}

/** A card's short line: the answer and the figures it rests on ("Fits: holds 300 lb, 25.5 in. wide"). */
export function fitSummary(m: ProductMeasures, needs: FitNeeds): { answer: FitAnswer; text: string } {
  const answer = overallAnswer(checkFit(m, needs));
  const lead = { fits: 'Fits', 'does-not-fit': 'Does not fit', unknown: 'May fit' }[answer];
  const width = openWidth(m);
  const figures = [
    needs.weightLb === undefined
      ? undefined
      : m.weightCapacityLb === undefined
        ? 'weight limit unknown'
        : `holds ${pounds(m.weightCapacityLb)}`,
    needs.doorIn === undefined ? undefined : width === undefined ? 'width unknown' : `${inches(width)} wide`,
  ].filter(Boolean);
  return { answer, text: `${lead}: ${figures.join(', ')}` };
}

/** The answer at the top of the product page's "Will it fit?". */
export function fitHeadline(answer: FitAnswer, needs: FitNeeds): string {
  const what = [
    needs.weightLb !== undefined ? `a person of ${pounds(needs.weightLb)}` : undefined,
    needs.doorIn !== undefined ? `a ${inches(needs.doorIn)} doorway` : undefined,
  ]
    .filter(Boolean)
    .join(' and ');
  if (answer === 'fits') return `Yes, it fits ${what}.`;
  if (answer === 'does-not-fit') return `No, it does not fit ${what}.`;
  return `We cannot say for sure: a figure is not published.`;
}
