/**
 * CSV text for the reviews export: RFC 4180 quoting (a field holding a comma, a quote or a line break is
 * quoted, quotes doubled, lines end in CRLF), and formula injection neutralised: a spreadsheet would run a
 * cell starting with = + - @ (or a tab or carriage return that hides one), so such a cell gets a leading
 * apostrophe (OWASP, "CSV Injection").
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** Excel reads a UTF-8 file right only when it starts with the byte order mark. */
export const UTF8_BOM = '\uFEFF';

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
