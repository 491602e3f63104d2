// What an edit changed, said as the short phrase notifications insert for {{updateType}}.
import type { EventWrite } from './events-repository';

/** Changes people act on (turn up at another time or place, lose or gain access) are named one by one. */
const NAMED: Array<[keyof EventWrite, string]> = [
  ['date', 'date'],
  ['location', 'location'],
  ['isPublic', 'visibility'],
];
const DETAILS: Array<keyof EventWrite> = ['name', 'description', 'imageUrl', 'timeZone'];

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
