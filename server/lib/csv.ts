/**
 * CSV text for every export: RFC 4180 quoting (a field holding a separator, a quote or a line break is
 * quoted, quotes doubled, lines end in CRLF) and formula injection neutralised (OWASP, "CSV Injection").
 *
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return hiding one). The file is
 * comma-separated, but a spreadsheet in a ';' locale splits lines on ';' and ignores our quoting, so a value
 * such as `Eve2;=1+1` would start a live cell there: a formula character that follows a ';', ',', tab or
 * line break inside a value gets the same leading apostrophe as one at the start.
 */

const FORMULA_AT_START = /^[=+\-@\t\r]/;
const FORMULA_AFTER_SEPARATOR = /([;,\t\r\n]\s*"?)(?=[=+\-@])/g;
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** Excel reads a UTF-8 file right only when it starts with the byte order mark. */
export const UTF8_BOM = '\uFEFF';

/** The text with every place a spreadsheet could start a formula made literal. */
export function neutralizeFormulas(text: string): string {
  const start = FORMULA_AT_START.test(text) ? `'${text}` : text;
  return start.replace(FORMULA_AFTER_SEPARATOR, "$1'");
}

/** One cell: numbers as they are, text neutralised and quoted when it must be. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? neutralizeFormulas(value) : String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
