// The organiser's attendee list as CSV (RFC 4180, UTF-8 with a byte-order mark so spreadsheets read accents),
// its cells guarded against formulas (lib/csv.ts).
import { GUARDIAN_CONSENT_LABELS, PERMISSION_SLIP_LABELS, PHOTO_CONSENT_LABELS } from '../../../../shared/minor-names';
import { csvDocument } from '../../lib/csv';
import type { MinorFactsRow } from '../minors/minors-repository';
import type { AttendeeRow } from './attendance-repository';
import type { CsvColumns } from './registration-answers';

export const STATUS_LABELS: Record<AttendeeRow['status'], string> = {
  attending: 'Attending',
  awaiting_guardian: 'Awaiting guardian approval',
  awaiting_payment: 'Awaiting payment',
  waitlisted: 'Waitlisted',
  maybe: 'Maybe',
  not_attending: 'Not attending',
};

/**
 * One line per reply. `facts` (minors-service: organiserFacts) adds, in words an organiser reads, whether the
 * member is a minor, their guardian's consent, the permission slip for this event and the photo consent;
 * `answers` a column per registration question.
 */
export function attendeesCsv(rows: AttendeeRow[], facts: Map<number, MinorFactsRow>, answers: CsvColumns): string {
  const header = [
    'Name',
    'Status',
    'Guests',
    'Checked in',
    'RSVP time',
    'Minor',
    'Guardian consent',
    'Permission slip',
    'Photos',
    ...answers.header,
  ];
  const lines = rows.map((row) => {
    const fact = facts.get(row.id);
    return [
      row.name,
      row.waitlistPosition ? `${STATUS_LABELS[row.status]} (${row.waitlistPosition})` : STATUS_LABELS[row.status],
      String(row.guests),
      row.checkedInAt ? row.checkedInAt.toISOString() : '',
      row.respondedAt.toISOString(),
      fact?.isMinor ? 'Yes' : 'No',
      GUARDIAN_CONSENT_LABELS[fact?.guardianConsent ?? 'not_needed'],
      fact?.permissionSlip ? PERMISSION_SLIP_LABELS[fact.permissionSlip] : '',
      PHOTO_CONSENT_LABELS[fact?.photoConsent ?? 'none'],
      ...answers.cellsOf(row.id),
    ];
  });
  return csvDocument([header, ...lines]);
}
