// The organiser's attendee list as CSV (RFC 4180, UTF-8 with a byte-order mark so spreadsheets read accents).
// A cell that a spreadsheet would take for a formula (= + - @, a tab or a carriage return first) is prefixed
// with an apostrophe: a member named "=HYPERLINK(…)" stays text.
import type { AttendeeRow } from './attendance-repository';

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

const STATUS_LABELS: Record<AttendeeRow['status'], string> = {
  attending: 'Attending',
  awaiting_guardian: 'Awaiting guardian approval',
  waitlisted: 'Waitlisted',
  maybe: 'Maybe',
  not_attending: 'Not attending',
};

export function attendeesCsv(rows: AttendeeRow[]): string {
  const header = ['Name', 'Status', 'Guests', 'Checked in', 'RSVP time'];
  const lines = rows.map((row) => [
    row.name,
    row.waitlistPosition ? `${STATUS_LABELS[row.status]} (${row.waitlistPosition})` : STATUS_LABELS[row.status],
    String(row.guests),
    row.checkedInAt ? row.checkedInAt.toISOString() : '',
    row.respondedAt.toISOString(),
  ]);
  return `\uFEFF${[header, ...lines].map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
