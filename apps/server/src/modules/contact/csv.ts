/**
 * CSV for spreadsheets (RFC 4180): fields with a comma, quote or line break are quoted and their
 * quotes doubled; rows end with CRLF. Text that a spreadsheet would run as a formula (starting
 * with = + - @, a tab or a carriage return) is prefixed with a single quote, so an exported
 * message can never execute in the operator's spreadsheet (CSV/formula injection).
 */
export type CsvValue = string | number | boolean | Date | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  let text = value instanceof Date ? value.toISOString() : value;
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(',');
}

/** A whole document: a UTF-8 byte-order mark (so Excel reads accents right), header, rows. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return `\uFEFF${[csvRow(header), ...rows.map(csvRow)].join('\r\n')}\r\n`;
}
