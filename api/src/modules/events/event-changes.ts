// What an edit changed, as the keys notifications word for {{updateType}} (notifications/templates.ts).
import { EVENT_TEXTS, eachText } from '../../../../shared/event-texts';
import { EVENT_CHANGES, type EventChange } from '../notifications/templates';
import type { EventField, EventWrite } from './events-repository';

/** A field members are told of by name; any other change is "details" or nothing. */
type NamedChange = Exclude<EventChange, 'details'>;

/**
 * How an edit of each field is announced: named on its own (changes people act on: turn up at another time or
 * place, lose or gain access), folded into "details", or not at all. Every field an edit writes is here (the
 * type insists), and NOT_EDITED names the event's other columns, so no field skips this decision. Only a field
 * in EVENT_CHANGES can be named, so a named field always has its words in every language.
 */
const ANNOUNCED: { [Field in keyof EventWrite]: (Field extends NamedChange ? 'named' : never) | 'details' | 'quiet' } =
  {
    date: 'named',
    location: 'named',
    isPublic: 'named',
    name: 'details',
    description: 'details',
    imageUrl: 'details',
    timeZone: 'details',
    capacity: 'quiet',
    guestsAllowed: 'quiet',
    rsvpClosesAt: 'quiet',
    rsvpDigest: 'quiet',
    // Members replying are told by their answer (awaiting a guardian); nobody needs a message about the setting.
    requiresGuardianApproval: 'quiet',
    // Each text as its row in shared/event-texts.ts says.
    ...eachText((key) => EVENT_TEXTS[key].announced),
    // Who may see it changes; those who can no longer see it are not told of it (as for a private event).
    sectionId: 'quiet',
    // A fee set or changed is read on the event page; members who owe are reminded before the event.
    feeAmount: 'details',
    feeCurrency: 'details',
    paymentMode: 'quiet',
  };

/** The event's fields an edit never writes (its id, creator, series, kept counts, bookkeeping): nothing to say. */
export const NOT_EDITED = [
  'id',
  'creatorId',
  'seriesId',
  'attendingPeople',
  'waitlistCount',
  'maybeCount',
  'sequence',
  'reminderSentAt',
  'rsvpDigestDueAt',
  'paymentRemindedAt',
  'createdAt',
  'updatedAt',
] as const satisfies ReadonlyArray<EventField>;

/** Every field of an edit, as ANNOUNCED decides it (tests/api/event-columns.test.ts checks the table's columns). */
export const EDITED_FIELDS = Object.keys(ANNOUNCED) as Array<keyof EventWrite>;

const same = (a: EventWrite[keyof EventWrite], b: EventWrite[keyof EventWrite]) =>
  a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;

/** Whether the edit changed `field` (a zone first given to an event from before time zones is no change). */
function changed(field: keyof EventWrite, before: EventWrite, after: EventWrite): boolean {
  if (field === 'timeZone' && (before.timeZone === null || after.timeZone === null)) return false;
  return !same(before[field], after[field]);
}

/**
 * What members are told an edit changed: each named field that changed, and "details" when any other announced
 * field did, in EVENT_CHANGES order; empty when nothing worth a message changed (then nobody is notified).
 */
export function announcedChanges(before: EventWrite, after: EventWrite): EventChange[] {
  const told = new Set<EventChange>();
  for (const field of EDITED_FIELDS) {
    const how = ANNOUNCED[field];
    if (how === 'quiet' || !changed(field, before, after)) continue;
    told.add(how === 'named' ? (field as NamedChange) : 'details');
  }
  return EVENT_CHANGES.filter((change) => told.has(change));
}

/**
 * What a "this and following" edit does with each field on later occurrences: copies it, or leaves each its own.
 * The date and the RSVP closing time move by the series' rule instead. Every field is here (the type insists).
 */
const ON_LATER_OCCURRENCES: { [Field in Exclude<keyof EventWrite, 'date' | 'rsvpClosesAt'>]: 'copied' | 'own' } = {
  name: 'copied',
  description: 'copied',
  location: 'copied',
  imageUrl: 'copied',
  isPublic: 'copied',
  timeZone: 'copied',
  capacity: 'copied',
  guestsAllowed: 'copied',
  rsvpDigest: 'copied',
  requiresGuardianApproval: 'copied',
  ...eachText((key) => EVENT_TEXTS[key].onLaterOccurrences),
  sectionId: 'copied',
  feeAmount: 'copied',
  feeCurrency: 'copied',
  paymentMode: 'copied',
};
const COPIED = (Object.keys(ON_LATER_OCCURRENCES) as Array<keyof typeof ON_LATER_OCCURRENCES>).filter(
  (field) => ON_LATER_OCCURRENCES[field] === 'copied',
);

/** How long before its start an event's RSVPs close; null: open until it starts. */
export const closingLead = (event: Pick<EventWrite, 'date' | 'rsvpClosesAt'>) =>
  event.rsvpClosesAt === null ? null : event.date.getTime() - event.rsvpClosesAt.getTime();

/**
 * What an edit changes on the occurrence it was made on, as the fields later occurrences take over. A field left
 * out of the edit, or sent with the value the occurrence already had, is not a change: each later occurrence
 * keeps its own (one made private on its own stays private). The RSVP closing time counts as changed when its
 * distance from the start does.
 */
export function changedFields(before: EventWrite, after: EventWrite): Partial<EventWrite> {
  const changes: Partial<Record<keyof EventWrite, unknown>> = {};
  for (const field of COPIED) if (!same(before[field], after[field])) changes[field] = after[field];
  if (closingLead(before) !== closingLead(after)) changes.rsvpClosesAt = after.rsvpClosesAt;
  return changes as Partial<EventWrite>;
}
