// The trip sheet as CSV, written like the attendee list (csvDocument: UTF-8 with a byte-order mark, and a cell a
// spreadsheet would take for a formula starts with an apostrophe, so an allergy written "=HYPERLINK(…)" stays
// text). One line per member, in English words as the attendee CSV has them.
import type { DietaryNeed, TripSheet } from '../../../../shared/care';
import { PHOTO_CONSENT_LABELS } from '../../../../shared/minor-names';
import { csvDocument } from '../../lib/csv';
import { STATUS_LABELS } from '../events/attendees-csv';

const DIETARY_LABELS: Record<DietaryNeed, string> = {
  vegetarian: 'Vegetarian',
  vegan: 'Vegan',
  halal: 'Halal',
  kosher: 'Kosher',
  gluten_free: 'Gluten-free',
  lactose_free: 'Lactose-free',
  nut_free: 'Nut-free',
};

const HEADER = [
  'Name',
  'Age',
  'Status',
  'Checked in',
  'Allergies',
  'Medications',
  'Medical notes',
  'Dietary needs',
  'Dietary notes',
  'Emergency contacts',
  'Guardians',
  'Photos',
  'Card unreadable',
  'Card updated',
  'Sensitive answers',
];

export function tripSheetCsv(trip: TripSheet): string {
  const lines = trip.attendees.map(
    ({ user, age, status, checkedIn, care, guardians, photoConsent, sensitiveAnswers }) => [
      user.name,
      age === undefined ? '' : String(age),
      STATUS_LABELS[status],
      checkedIn ? 'Yes' : 'No',
      care.allergies ?? '',
      care.medications ?? '',
      care.medicalNotes ?? '',
      care.dietary.needs.map((need) => DIETARY_LABELS[need]).join(', '),
      care.dietary.notes ?? '',
      care.emergencyContacts.map((contact) => `${contact.name} (${contact.relation}) ${contact.phone}`).join('; '),
      guardians
        .map((guardian) => [guardian.name, guardian.phone, guardian.email].filter(Boolean).join(', '))
        .join('; '),
      PHOTO_CONSENT_LABELS[photoConsent],
      care.unreadable ? 'Yes' : '',
      care.updatedAt ?? '',
      sensitiveAnswers.map((item) => `${item.question}: ${item.answer}`).join('; '),
    ],
  );
  return csvDocument([HEADER, ...lines]);
}
