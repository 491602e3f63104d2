// The event form's words and its two helpers for errors: a missing field's own sentence, and focus on the first
// field that needs attention.
import { MSG } from '../../../../../../shared/messages';
import { defineMessages, type MessageDescriptor, type Translate } from '../../../../i18n';
import { schemaMessage } from './schema-message';

export const messages = defineMessages({
  name: { id: 'web.events.form.name', defaultMessage: 'Event Name' },
  nameMissing: { id: 'web.events.form.nameMissing', defaultMessage: 'Give the event a name.' },
  description: { id: 'web.events.form.description', defaultMessage: 'Description' },
  descriptionMissing: {
    id: 'web.events.form.descriptionMissing',
    defaultMessage: 'Add a few words about what is going on.',
  },
  date: { id: 'web.events.form.date', defaultMessage: 'Date and Time' },
  dateMissing: { id: 'web.events.form.dateMissing', defaultMessage: 'Pick the day and the start time.' },
  timeZone: { id: 'web.events.form.timeZone', defaultMessage: 'Time zone' },
  timeZoneHint: {
    id: 'web.events.form.timeZoneHint',
    defaultMessage: 'The date and time are in this zone; everyone also sees their own time.',
  },
  location: { id: 'web.events.form.location', defaultMessage: 'Location' },
  locationMissing: { id: 'web.events.form.locationMissing', defaultMessage: 'Say where to meet.' },
  requiredNote: { id: 'web.events.form.requiredNote', defaultMessage: 'Fields marked * are required.' },
  public: { id: 'web.events.form.public', defaultMessage: 'Public Event (visible to everyone)' },
  private: { id: 'web.events.form.private', defaultMessage: 'Private Event (invitation only)' },
  privateHint: {
    id: 'web.events.form.privateHint',
    defaultMessage: 'Invitations for a private event are managed from the event details page after it is saved.',
  },
  rsvp: { id: 'web.events.form.rsvp', defaultMessage: 'RSVP' },
  capacity: { id: 'web.events.form.capacity', defaultMessage: 'Capacity' },
  capacityHint: { id: 'web.events.form.capacityHint', defaultMessage: 'People, guests included. Empty: no limit.' },
  guestsAllowed: { id: 'web.events.form.guestsAllowed', defaultMessage: 'Guests allowed' },
  guestsAllowedHint: { id: 'web.events.form.guestsAllowedHint', defaultMessage: 'Extra people each member may bring.' },
  guestsOption: {
    id: 'web.events.form.guestsOption',
    defaultMessage: '{count, plural, =0 {No guests} one {Up to #} other {Up to #}}',
  },
  rsvpClosesAt: { id: 'web.events.form.rsvpClosesAt', defaultMessage: 'RSVP closes at' },
  rsvpClosesAtHint: {
    id: 'web.events.form.rsvpClosesAtHint',
    defaultMessage: 'Afterwards only organisers can change replies.',
  },
  rsvpDigest: { id: 'web.events.form.rsvpDigest', defaultMessage: 'Tell me about new RSVPs (hourly digest)' },
  guardianApproval: {
    id: 'web.events.form.guardianApproval',
    defaultMessage: "Under-16s need a parent's or guardian's OK",
  },
  guardianHint: {
    id: 'web.events.form.guardianHint',
    defaultMessage:
      'Members under the age of consent hold a spot until a guardian approves; unanswered requests free it.',
  },
  pastTitle: { id: 'web.events.form.pastTitle', defaultMessage: 'This date has already passed' },
  pastBody: {
    id: 'web.events.form.pastBody',
    defaultMessage: '{date} is in the past. Save the event with this date anyway?',
  },
  pastConfirm: { id: 'web.events.form.pastConfirm', defaultMessage: 'Save anyway' },
});

/** What a missing field says beside itself, in place of the schema's one sentence for all of them. */
const MISSING: Partial<Record<string, MessageDescriptor>> = {
  name: messages.nameMissing,
  description: messages.descriptionMissing,
  date: messages.dateMissing,
  location: messages.locationMissing,
};

/** A field's message in the member's language: its own words when it is missing, else the schema's. */
export function fieldMessage(t: Translate, name: string, text: string | undefined): string | null {
  if (!text) return null;
  const missing = MISSING[name];
  return text === MSG.eventFieldsRequired && missing ? t(missing) : schemaMessage(t, text);
}

/** The first control that needs attention, in the order the form shows them (a cover group: its first choice). */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  const target = invalid?.matches('input, select, textarea') ? invalid : invalid?.querySelector('input');
  target?.focus({ preventScroll: true });
  // Centred: the sticky header would cover a control scrolled to the top edge.
  target?.scrollIntoView({ block: 'center' });
}
