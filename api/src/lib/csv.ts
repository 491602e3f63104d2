// CSV cells for the downloads organisers and leaders open in spreadsheets (RFC 4180). A cell that a spreadsheet
// would take for a formula (= + - @, a tab or a carriage return first) is prefixed with an apostrophe: a member
// named "=HYPERLINK(…)" stays text.
const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** Rows of cells as one CSV file: a byte-order mark (so spreadsheets read accents), each cell made safe, CRLF after every row. */
export function csvDocument(rows: string[][]): string {
  return `\uFEFF${rows.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
