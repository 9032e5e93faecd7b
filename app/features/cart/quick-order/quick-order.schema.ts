import { z } from 'zod';
import { MAX_LINE_QUANTITY } from '~/commerce/cart-limits';
import type { FormAnswer } from '~/lib/form-answer';

/**
 * The quick order form (/quick-order): SKU and quantity, one per line, typed or pasted, and a
 * CSV file of the same. Shared by the page (its labels and limits) and its action.
 */
export const QUICK_ORDER_INTENT = 'quick-order';
/** The most lines one submission takes, typed and in the file each: more is split by hand. */
export const MAX_QUICK_LINES = 500;
/** 500 lines of an SKU and a quantity are some 10 KB: a larger file is not such a list. */
export const MAX_QUICK_FILE_BYTES = 256 * 1024;
/** The textarea's own cap: 500 lines of up to 100 characters each, and their line breaks. */
const MAX_TEXT_LENGTH = MAX_QUICK_LINES * 101;

export const TOO_MANY_LINES = `Up to ${MAX_QUICK_LINES} lines at a time: please split the list and send the rest afterwards.`;

/** The form's fields (a file reads as empty text, postedFields); unknown fields are refused. */
export const quickOrderFieldsSchema = z.strictObject({
  lines: z
    .string()
    .max(MAX_TEXT_LENGTH, TOO_MANY_LINES)
    // No list a person types holds a NUL, and PostgreSQL cannot store one.
    .refine((text) => !text.includes('\u0000'), {
      message: 'The list holds characters we cannot read: please type or paste plain text.',
    })
    .default(''),
  file: z.string().optional(),
});

/** One line of the list: its SKU and quantity, both still text as written. */
const lineSchema = z.object({
  sku: z
    .string()
    .min(1, 'Please write the SKU first on the line.')
    .max(60, 'This SKU is too long: SKUs have at most 60 characters.'),
  quantity: z
    .string()
    .regex(/^[+-]?\d+([.,]\d+)?$/, 'The quantity is not a number.')
    .transform(Number)
    .pipe(
      z
        .number()
        .int('The quantity must be a whole number.')
        .min(1, 'The quantity must be at least 1.')
        .max(MAX_LINE_QUANTITY, `The quantity is over the limit: at most ${MAX_LINE_QUANTITY} of one item.`),
    ),
});

/** Where a line was written: the textarea, or the uploaded file. */
export type LineSource = 'list' | 'file';

export interface ListedLine {
  source: LineSource;
  /** Its line number in the list or the file (a file's header is line 1). */
  line: number;
  /** The line as written, kept for fixing. */
  text: string;
}

export type ReadLine =
  | (ListedLine & { ok: true; sku: string; quantity: number })
  | (ListedLine & { ok: false; sku: string; reason: string });

/** Checks one line's SKU and quantity cells (an absent quantity is 1). */
export function readCells(listed: ListedLine, sku: string, quantity: string | undefined): ReadLine {
  const result = lineSchema.safeParse({ sku: sku.trim(), quantity: quantity?.trim() || '1' });
  if (result.success) return { ...listed, ok: true, ...result.data };
  return {
    ...listed,
    ok: false,
    sku: sku.trim(),
    reason: result.error.issues[0]?.message ?? 'Check this line.',
  };
}

/**
 * The typed list, one line each: `SKU, 3`, `SKU 3`, `SKU<TAB>3`, or `SKU` alone for one.
 * Blank lines are skipped but keep their number, so a line is named as the shopper sees it.
 */
export function readTypedLines(text: string): ReadLine[] {
  return text.split(/\r\n|\r|\n/).flatMap((raw, index) => {
    const written = raw.trim();
    if (!written) return [];
    const listed: ListedLine = { source: 'list', line: index + 1, text: written };
    const separator = written.includes('\t') ? /\t+/ : written.includes(',') ? /\s*,\s*/ : /\s+/;
    const cells = written.split(separator).map((cell) => cell.trim());
    if (cells.length > 2)
      return [{ ...listed, ok: false, sku: cells[0] ?? '', reason: 'Write only the SKU and the quantity.' }];
    return [readCells(listed, cells[0] ?? '', cells[1])];
  });
}

/** A line that could not be added, as the page lists it. */
export interface RefusedLine {
  source: LineSource;
  line: number;
  sku: string;
  reason: string;
}

/** Something to know about a line that was added (held at a limit, needs a prescription). */
export interface LineNote {
  source: LineSource;
  line: number;
  sku: string;
  note: string;
}

export interface QuickOrderAnswer extends FormAnswer {
  intent: typeof QUICK_ORDER_INTENT;
  /** Items (units) added to the cart. */
  added?: number;
  refused?: RefusedLine[];
  notes?: LineNote[];
  /** A guest's cart after the change, for a page with scripts to take into the device cart. */
  guestLines?: {
    product_id: string;
    name: string;
    price: number;
    quantity: number;
    image_url: string;
    id: string;
  }[];
}

/** "Line 3" of the list, "File line 3" of the upload. */
export const lineName = (source: LineSource, line: number) =>
  source === 'file' ? `File line ${line}` : `Line ${line}`;

export const itemsText = (n: number) => (n === 1 ? '1 item' : `${n} items`);
export const linesText = (n: number) => (n === 1 ? '1 line' : `${n} lines`);
