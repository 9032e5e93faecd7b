/** CSV for spreadsheets (the console's downloads): RFC 4180 lines, formulas defused. */

/**
 * A spreadsheet runs a cell starting with = + - @ (or a tab or carriage return) as a formula:
 * such a text is written with a leading apostrophe, which a spreadsheet shows as text (and the
 * products import takes off again, so an export's round trip changes nothing).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
export const defuseFormula = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);
export const restoreDefused = (text: string) =>
  text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;

/** A CSV cell: quoted, and never read as a formula by a spreadsheet (=, +, -, @ first). */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? defuseFormula(value) : String(value);
  return /[",\n\r]/.test(text) || text !== String(value) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
