// CSV files of the back office (audit log, daily reconciliation), RFC 4180: comma-separated,
// quoted where needed, CRLF line ends. A text cell that a spreadsheet would run as a formula
// (=, +, -, @ first) is prefixed with an apostrophe: exports are opened in spreadsheets, and a
// player's name or a reason is typed by someone else.
type Cell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number ("-12.50") is no formula and stays a number for the spreadsheet. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const safe = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
