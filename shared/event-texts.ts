// An event's optional texts (beyond its required name, description and place), each declared once here: its
// limit, its name in messages, who reads it and how an edit of it is told. The request schema, the stored record,
// the list's and calendar's columns, the edit's announcement, the form and the details page follow from this
// table, so adding a text is a row here (and its heading, for members' texts), its words in the web app
// (EVENT_TEXT_WORDS), a column in the database and its catalog entries (docs/architecture.md, "Adding a field").
import { defineMessages, type MessageDescriptor } from './i18n/define';

interface EventTextSpec {
  /** Its longest, in characters: the schema's limit; the column's CHECK says the same (tests/api/event-texts.test.ts). */
  readonly max: number;
  /** Its name in messages ("Public summary must be at most 200 characters"), as the subject of such a sentence. */
  readonly name: string;
  /**
   * Who reads it. `visitors`: words written for outsiders (the shared page's teaser, link previews), asked for
   * only of a public event. `members`: those who may see the event read it on its details page, under its
   * heading, and in its calendar entries (the .ics, the feed, the Google and Outlook links).
   */
  readonly readBy: 'visitors' | 'members';
  /** The form's box, in lines (the text is kept as one line either way). */
  readonly rows: number;
  /** Whether members are told of an edit of it (folded into "details updated"), or not at all. */
  readonly announced: 'details' | 'quiet';
  /** Whether a "this and following" edit copies it to later occurrences, or each keeps its own. */
  readonly onLaterOccurrences: 'copied' | 'own';
}

export const EVENT_TEXTS = {
  publicSummary: {
    max: 200,
    name: 'Public summary',
    readBy: 'visitors',
    rows: 2,
    // Members read the description; nobody needs a message when the teaser changes.
    announced: 'quiet',
    onLaterOccurrences: 'copied',
  },
  whatToBring: {
    max: 500,
    name: 'What to bring',
    readBy: 'members',
    rows: 2,
    // Members pack by it: a change is worth a message.
    announced: 'details',
    onLaterOccurrences: 'copied',
  },
} as const satisfies Record<string, EventTextSpec>;

export type EventTextKey = keyof typeof EVENT_TEXTS;
export const EVENT_TEXT_KEYS = Object.keys(EVENT_TEXTS) as EventTextKey[];

/** The texts as stored and answered: null is none. */
export type EventTexts = { [K in EventTextKey]: string | null };

/** The texts members read on the details page and in calendar entries. */
export type MemberTextKey = {
  [K in EventTextKey]: (typeof EVENT_TEXTS)[K]['readBy'] extends 'members' ? K : never;
}[EventTextKey];
export type MemberTexts = Pick<EventTexts, MemberTextKey>;

/**
 * A members' text's heading where it is read outside the web app's own screens (calendar entries, from the server
 * and the web app's links): "What to bring: …". The web app's labels and headings are its own
 * (webapp/src/features/events/components/common/event-text-words.ts), so that each screen loads its words.
 */
export const EVENT_TEXT_HEADINGS: { [K in MemberTextKey]: MessageDescriptor } = defineMessages({
  whatToBring: { id: 'calendar.text.whatToBring', defaultMessage: 'What to bring' },
});

export const MEMBER_TEXT_KEYS = EVENT_TEXT_KEYS.filter(
  (key) => (EVENT_TEXTS[key] as EventTextSpec).readBy === 'members',
) as MemberTextKey[];

/** `make(key)` for every text, under its key. */
export function eachText<V>(make: (key: EventTextKey) => V): { [K in EventTextKey]: V } {
  return Object.fromEntries(EVENT_TEXT_KEYS.map((key) => [key, make(key)])) as { [K in EventTextKey]: V };
}

/** Only the texts of `source` (a record, a summary, a row). */
export const textsOf = (source: EventTexts): EventTexts => eachText((key) => source[key]);

/** Only the members' texts of `source` (a calendar row). */
export const memberTextsOf = (source: MemberTexts): MemberTexts =>
  Object.fromEntries(MEMBER_TEXT_KEYS.map((key) => [key, source[key]])) as MemberTexts;

/** The members' texts that hold something, each with its heading, in the table's order. */
export function memberTextsShown(
  source: Partial<MemberTexts>,
): Array<{ key: MemberTextKey; heading: MessageDescriptor; text: string }> {
  return MEMBER_TEXT_KEYS.flatMap((key) => {
    const text = source[key];
    return text ? [{ key, heading: EVENT_TEXT_HEADINGS[key], text }] : [];
  });
}
