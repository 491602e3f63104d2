// What an edit changed, said as the short phrase notifications insert for {{updateType}}.
import type { EventField, EventWrite } from './events-repository';

/**
 * How an edit of each field is announced: named on its own (changes people act on: turn up at another time or
 * place, lose or gain access, in this order), folded into "details", or not at all. Every field an edit writes
 * is here (the type insists), and NOT_EDITED names the event's other columns, so no field skips this decision.
 */
const ANNOUNCED: { [Field in keyof EventWrite]: { named: string } | 'details' | 'quiet' } = {
  date: { named: 'date' },
  location: { named: 'location' },
  isPublic: { named: 'visibility' },
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
  // Words for visitors: members read the description, and nobody needs a message when the teaser changes.
  publicSummary: 'quiet',
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
  'createdAt',
  'updatedAt',
] as const satisfies ReadonlyArray<EventField>;

/** Every field of an edit, as ANNOUNCED decides it (tests/api/event-columns.test.ts checks the table's columns). */
export const EDITED_FIELDS = Object.keys(ANNOUNCED) as Array<keyof EventWrite>;

const NAMED = Object.entries(ANNOUNCED).flatMap(([field, how]) =>
  typeof how === 'object' ? [[field as keyof EventWrite, how.named] as const] : [],
);
const DETAILS = EDITED_FIELDS.filter((field) => ANNOUNCED[field] === 'details');

const same = (a: EventWrite[keyof EventWrite], b: EventWrite[keyof EventWrite]) =>
  a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;

function joinWords(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/**
 * 'date and location changed', 'date, visibility and details changed', 'details updated'; null when the
 * edit changed nothing (then nobody is notified).
 */
export function describeChanges(before: EventWrite, after: EventWrite): string | null {
  const named = NAMED.filter(([field]) => !same(before[field], after[field])).map(([, word]) => word);
  // A zone first given to an event from before time zones (null) is the one it was shown in: no change.
  const zoneGiven = before.timeZone === null || after.timeZone === null;
  const details = DETAILS.some((field) => !(field === 'timeZone' && zoneGiven) && !same(before[field], after[field]));
  if (named.length === 0) return details ? 'details updated' : null;
  return `${joinWords(details ? [...named, 'details'] : named)} changed`;
}

/** The fields a "this and following" edit may copy onto later occurrences; the date moves by the series' rule. */
const COPIED: Array<Exclude<keyof EventWrite, 'date' | 'rsvpClosesAt'>> = [
  'name',
  'description',
  'location',
  'imageUrl',
  'isPublic',
  'timeZone',
  'capacity',
  'guestsAllowed',
  'rsvpDigest',
  'requiresGuardianApproval',
  'publicSummary',
];

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
