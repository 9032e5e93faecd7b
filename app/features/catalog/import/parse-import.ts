import { parse } from 'csv-parse/sync';
import { restoreDefused } from '~/lib/csv';
import {
  CSV_HEADERS,
  PRODUCT_COLUMNS,
  type ProductCsvValues,
  type ProductField,
  SKU_HEADER,
  skuSchema,
} from './product-csv';

/** A data row of the file: its line (the header is line 1), its SKU, the fields it sets. */
export interface ImportRow {
  line: number;
  sku: string;
  values: Partial<ProductCsvValues>;
}

export interface RefusedRow {
  line: number;
  sku: string;
  reason: string;
}

export interface ParsedImport {
  /** The columns the file has (besides sku): the fields an import may change. */
  fields: ProductField[];
  rows: ImportRow[];
  refused: RefusedRow[];
  /** Why the whole file is refused (not CSV, unknown columns...); then there are no rows. */
  fileError?: string;
}

const firstMessage = (error: { issues: readonly { message: string }[] }) =>
  error.issues[0]?.message ?? 'Check this value';

/** More rows than this is a mistake (a whole database dump), not a catalogue. */
export const MAX_IMPORT_ROWS = 50_000;

const fileError = (message: string): ParsedImport => ({
  fields: [],
  rows: [],
  refused: [],
  fileError: message,
});

/**
 * The line each record of the file starts on, for the dry run to name (csv-parse's own count
 * differs between LF and CRLF files once a quoted cell spans lines). A quote toggles being
 * inside a cell; a doubled quote toggles twice, so it needs no case of its own. Empty lines
 * hold no record, as csv-parse skips them.
 */
export function recordStartLines(content: string): number[] {
  const starts: number[] = [];
  let line = 1;
  let quoted = false;
  let empty = true;
  let startLine = 1;
  for (let at = 0; at < content.length; at++) {
    const char = content[at];
    if (char === '"') quoted = !quoted;
    if (char === '\n') {
      line += 1;
      if (quoted) continue;
      if (!empty) starts.push(startLine);
      empty = true;
      startLine = line;
    } else if (char !== '\r' && empty) {
      empty = false;
      startLine = line;
    }
  }
  if (!empty) starts.push(startLine);
  return starts;
}

/**
 * The file as rows to plan: the header checked (letter case and spaces ignored, a BOM dropped,
 * an unknown or repeated column refused by name), then each row's cells by their column's rule.
 * A row breaking a rule, or repeating an SKU of an earlier line, is refused with its line and
 * reason; it never stops the others being read, so one dry run lists every problem.
 */
export function parseImport(text: string): ParsedImport {
  const content = text.startsWith('\ufeff') ? text.slice(1) : text;
  let parsed: string[][];
  try {
    parsed = parse(content, { relax_column_count: true, skip_empty_lines: true }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    const what = error instanceof Error ? error.message.replace(/^Invalid [^:]*: /, '') : String(error);
    return fileError(`The file is not valid CSV${line ? ` (near line ${line})` : ''}: ${what}`);
  }
  const starts = recordStartLines(content);
  const records = parsed.map((record, index) => ({ record, line: starts[index] ?? 0 }));
  const [head, ...body] = records;
  if (!head) return fileError('The file is empty: it needs a header line and a row per product.');
  if (body.length > MAX_IMPORT_ROWS) {
    return fileError(`The file has ${body.length} rows; import at most ${MAX_IMPORT_ROWS} at a time.`);
  }
  const headers = head.record.map((h) => h.trim().toLowerCase());
  const unknown = headers.filter((h) => !CSV_HEADERS.includes(h));
  if (unknown.length > 0) {
    return fileError(
      `Unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((h) => `"${h}"`).join(', ')}. ` +
        `The columns are: ${CSV_HEADERS.join(', ')}.`,
    );
  }
  const repeated = headers.find((h, i) => headers.indexOf(h) !== i);
  if (repeated) return fileError(`The column "${repeated}" appears twice.`);
  if (!headers.includes(SKU_HEADER))
    return fileError('The file needs a "sku" column: rows are matched by SKU.');
  if (headers.includes('category') !== headers.includes('subcategory')) {
    return fileError('The "category" and "subcategory" columns go together: give both or neither.');
  }
  const columns = headers.map((h) => PRODUCT_COLUMNS.find((c) => c.header === h));
  const rows: ImportRow[] = [];
  const refused: RefusedRow[] = [];
  const firstLineOf = new Map<string, number>();
  for (const { record, line } of body) {
    const cells = record.map(restoreDefused);
    const skuCell = cells[headers.indexOf(SKU_HEADER)] ?? '';
    if (cells.length !== headers.length) {
      refused.push({
        line,
        sku: skuCell.trim(),
        reason: `This row has ${cells.length} cells; the header has ${headers.length}.`,
      });
      continue;
    }
    const sku = skuSchema.safeParse(skuCell);
    if (!sku.success) {
      refused.push({ line, sku: skuCell.trim(), reason: `sku: ${firstMessage(sku.error)}` });
      continue;
    }
    const earlier = firstLineOf.get(sku.data);
    if (earlier !== undefined) {
      refused.push({ line, sku: sku.data, reason: `The SKU ${sku.data} is already on line ${earlier}.` });
      continue;
    }
    firstLineOf.set(sku.data, line);
    const values: Partial<Record<ProductField, unknown>> = {};
    const problems: string[] = [];
    columns.forEach((column, index) => {
      if (!column) return;
      const parsed = column.cell.safeParse(cells[index]);
      if (parsed.success) values[column.field] = parsed.data;
      else problems.push(`${column.header}: ${firstMessage(parsed.error)}`);
    });
    if (problems.length > 0) refused.push({ line, sku: sku.data, reason: problems.join('; ') });
    else rows.push({ line, sku: sku.data, values: values as Partial<ProductCsvValues> });
  }
  const fields = columns.flatMap((c) => (c ? [c.field] : []));
  return { fields, rows, refused };
}
