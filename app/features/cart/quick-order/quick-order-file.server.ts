import { parse } from 'csv-parse/sync';
import { restoreDefused } from '~/lib/csv';
import {
  MAX_QUICK_FILE_BYTES,
  MAX_QUICK_LINES,
  type ReadLine,
  readCells,
  TOO_MANY_LINES,
} from './quick-order.schema';

/**
 * The uploaded CSV of a quick order: columns sku and quantity, with or without a header row
 * (a first row whose first cell is "sku" is the header). Parsed by csv-parse, as the products
 * import is, so quoted cells and both line endings read the same. A cell a spreadsheet wrote
 * with a leading apostrophe (app/lib/csv.ts) is read back without it.
 */
export type FileLines = { ok: true; lines: ReadLine[] } | { ok: false; message: string };

const NONE: FileLines = { ok: true, lines: [] };

export async function readQuickOrderFile(file: FormDataEntryValue | null): Promise<FileLines> {
  // No file chosen: a browser sends an empty part without a name.
  if (!(file instanceof File) || (file.size === 0 && !file.name)) return NONE;
  if (file.size === 0)
    return { ok: false, message: 'The file is empty: choose a CSV file with SKUs and quantities.' };
  if (file.size > MAX_QUICK_FILE_BYTES)
    return { ok: false, message: 'The file is over 256 KB: a quick order takes up to 500 lines.' };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    return { ok: false, message: 'The file is not UTF-8 text: save it from the spreadsheet as "CSV UTF-8".' };
  }
  if (text.includes('\u0000'))
    return { ok: false, message: 'The file holds characters we cannot accept (it is not a CSV file).' };
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      // A file put together from several sources may mix line endings: each ends a row.
      record_delimiter: ['\r\n', '\n', '\r'],
    }) as unknown as typeof records;
  } catch {
    return {
      ok: false,
      message: 'The file is not a CSV file we can read: save it from the spreadsheet as CSV.',
    };
  }
  const rows = records.filter(({ record }) => record.some((cell) => cell !== ''));
  const [first] = rows;
  const header = first?.record[0]?.toLowerCase() === 'sku';
  const data = header ? rows.slice(1) : rows;
  if (data.length > MAX_QUICK_LINES) return { ok: false, message: TOO_MANY_LINES };
  const lines = data.map(({ record, info }): ReadLine => {
    const [sku = '', quantity] = record.map(restoreDefused);
    const listed = {
      source: 'file' as const,
      line: info.lines,
      text: [sku, quantity].filter(Boolean).join(', '),
    };
    if (record.length > 2 && record.slice(2).some((cell) => cell !== ''))
      return { ...listed, ok: false, sku, reason: 'Write only the SKU and the quantity (two columns).' };
    return readCells(listed, sku, quantity);
  });
  return { ok: true, lines };
}
