// Notification texts: the admin's templates (SPEC §3) or built-in defaults, with {{placeholders}} filled in.
// Pure functions: no database, no I/O.
// Organisers' and admins' own texts are in organiser-texts.ts, the built-in words in message-texts.ts.
import escapeHtml from 'escape-html';
import { eventDateText } from '../../../../shared/calendar';
import { shorten } from '../../../../shared/text';
import type { MonthlyBy, RecurrenceFrequency, TemplateChannel, TemplateType } from '../../../../shared/constants';
import type { MessageDescriptor } from '../../../../shared/i18n/define';
import { SOURCE_LANGUAGE, type Language } from '../../../../shared/i18n/languages';
import type { MessageValues } from '../../../../shared/i18n/translate';
import { TEXTS, text } from './message-texts';

export type MessageKind =
  | 'event_created'
  | 'event_updated'
  | 'series_updated'
  | 'invited'
  | 'reminder'
  | 'nudge'
  | 'promoted'
  | 'promoted_held'
  | 'payment_hold_expired'
  | 'event_message'
  | 'rsvp_digest'
  | 'reports_digest'
  | 'safeguarding_alert';

/** Kinds whose texts are fixed here (not admin templates); the organiser's message and the digest are written apart. */
type FixedKind = 'invited' | 'reminder' | 'nudge' | 'promoted';

export interface TemplateValues {
  eventName: string;
  eventDate: string;
  eventLocation: string;
  updateType: string;
}

/** "View the event: <link>", the line under a message about an event. */
export const viewEventLine = (language: Language, link: string) => text(language, TEXTS.viewEventLink, { link });

const PLACEHOLDERS: MessageValues = {
  eventName: '{{eventName}}',
  eventDate: '{{eventDate}}',
  eventLocation: '{{eventLocation}}',
  updateType: '{{updateType}}',
};

/** A built-in text as a {{placeholder}} template in `language`. */
const builtIn = (language: Language, message: MessageDescriptor) => text(language, message, PLACEHOLDERS);

const DEFAULT_TEXTS: Record<TemplateType, Record<TemplateChannel, MessageDescriptor>> = {
  event_created: { email: TEXTS.eventCreatedEmail, sms: TEXTS.eventCreatedSms },
  event_updated: { email: TEXTS.eventUpdatedEmail, sms: TEXTS.eventUpdatedSms },
};

/** Invitations and reminders are not admin-editable (SPEC §3 has two template types), so they are fixed. */
const FIXED_TEXTS: Record<FixedKind, Record<TemplateChannel, MessageDescriptor>> = {
  invited: { email: TEXTS.invitedEmail, sms: TEXTS.invitedSms },
  reminder: { email: TEXTS.reminderEmail, sms: TEXTS.reminderSms },
  nudge: { email: TEXTS.nudgeEmail, sms: TEXTS.nudgeSms },
  promoted: { email: TEXTS.promotedEmail, sms: TEXTS.promotedSms },
};

const SUBJECTS: Record<MessageKind, MessageDescriptor> = {
  event_created: TEXTS.subjectEventCreated,
  event_updated: TEXTS.subjectEventUpdated,
  series_updated: TEXTS.subjectEventUpdated,
  invited: TEXTS.subjectInvited,
  reminder: TEXTS.subjectReminder,
  nudge: TEXTS.subjectNudge,
  promoted: TEXTS.subjectPromoted,
  promoted_held: TEXTS.subjectPromotedHeld,
  payment_hold_expired: TEXTS.subjectHoldExpired,
  event_message: TEXTS.subjectEventMessage,
  rsvp_digest: TEXTS.subjectRsvpDigest,
  reports_digest: TEXTS.subjectReportsDigest,
  safeguarding_alert: TEXTS.subjectSafeguarding,
};

/** Used when an admin has not written a template of this type and channel (in `language`). */
export const defaultTemplate = (type: TemplateType, channel: TemplateChannel, language: Language = SOURCE_LANGUAGE) =>
  builtIn(language, DEFAULT_TEXTS[type][channel]);

/** The template type an admin edits for this kind of message, if any. */
export const templateTypeOf = (kind: MessageKind): TemplateType | null =>
  kind === 'series_updated' ? 'event_updated' : kind === 'event_created' || kind === 'event_updated' ? kind : null;

/** An admin's templates of one type and channel, by the language each is written in. */
export type TemplatesByLanguage = Partial<Record<Language, string>>;

/**
 * The admin's template a recipient of `language` gets and the language their message is then written in: the
 * template of their language; else the organisation's, and the whole message (subject, dates, link line) in
 * the organisation's language so that it reads as one; else none, and the built-in text of their language.
 */
export function chooseTemplate(
  templates: TemplatesByLanguage,
  language: Language,
  organisation: Language,
): { custom: string | null; language: Language } {
  const own = templates[language];
  if (own !== undefined) return { custom: own, language };
  const shared = templates[organisation];
  if (shared !== undefined) return { custom: shared, language: organisation };
  return { custom: null, language };
}

export function baseTemplate(
  kind: MessageKind,
  channel: TemplateChannel,
  custom: string | null,
  language: Language = SOURCE_LANGUAGE,
): string {
  const type = templateTypeOf(kind);
  if (type) return custom ?? defaultTemplate(type, channel, language);
  return builtIn(language, FIXED_TEXTS[kind as FixedKind][channel]);
}

/** Replaces {{name}} (spaces allowed inside the braces); unknown placeholders are left as written. */
export function fill(template: string, values: TemplateValues, encode: (text: string) => string = (t) => t): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? encode(values[name as keyof TemplateValues]) : whole,
  );
}

/**
 * What an edit changed, as members are told it: a field named on its own (by the event's field key), or the
 * rest together as "details". The events service decides which field is which (events/event-changes.ts) and
 * hands these keys through the job; here each is worded, in this order, in every language.
 */
export const EVENT_CHANGES = ['date', 'location', 'isPublic', 'details'] as const;
export type EventChange = (typeof EVENT_CHANGES)[number];

export const isEventChange = (key: string): key is EventChange => (EVENT_CHANGES as readonly string[]).includes(key);

const CHANGE_WORDS: Record<EventChange, MessageDescriptor> = {
  date: TEXTS.fieldDate,
  location: TEXTS.fieldLocation,
  isPublic: TEXTS.fieldVisibility,
  details: TEXTS.fieldDetails,
};

/**
 * {{updateType}}: 'date and location changed', 'details updated' (nothing else changed, or no key at all) in
 * `language`. English joins the list without a serial comma.
 */
export function describeUpdate(changes: readonly EventChange[], language: Language = SOURCE_LANGUAGE): string {
  const words = EVENT_CHANGES.filter((change) => changes.includes(change));
  if (words.length === 0 || (words.length === 1 && words[0] === 'details')) return text(language, TEXTS.detailsUpdated);
  const fields = new Intl.ListFormat(language === SOURCE_LANGUAGE ? 'en-GB' : language, { type: 'conjunction' }).format(
    words.map((word) => text(language, CHANGE_WORDS[word])),
  );
  return text(language, TEXTS.changed, { fields });
}

/** "… for this and following events": an edit of a series. */
export const seriesUpdate = (update: string, language: Language) => text(language, TEXTS.seriesUpdate, { update });

/** A new series' first date and how it repeats ("…, repeats weekly"). */
export function withRepeats(
  date: string,
  series: { frequency: RecurrenceFrequency; monthlyBy: MonthlyBy | null },
  language: Language,
): string {
  const how =
    series.frequency === 'monthly'
      ? series.monthlyBy === 'weekday'
        ? 'monthlyWeekday'
        : 'monthlyDay'
      : series.frequency;
  return text(language, TEXTS.repeats, { date, how });
}

/** "Saturday, November 28, 2026 at 6:00 PM GMT+1 (Europe/Berlin)" in `language` (shared/calendar.ts). */
export const formatEventDate = (date: Date, timeZone: string, language: Language = SOURCE_LANGUAGE): string =>
  eventDateText(date, timeZone, language, (message, values) => text(language, message, values));

/**
 * Telegram refuses texts over 4096 characters, and a template may be up to 5000 (event names fill it further).
 * The cap leaves room for the reply line the RSVP buttons add to the message.
 */
export const TELEGRAM_TEXT_MAX = 4000;

const TEXT_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/**
 * The plain-text part of an HTML template: line breaks where blocks end, tags dropped, the common entities
 * read. Done to the template before filling, so the event's values are never taken for markup.
 */
function htmlToText(template: string): string {
  return template
    .replace(/<br\s*\/?>|<\/(p|div|h[1-6]|li|tr|table|ul|ol|blockquote)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => TEXT_ENTITIES[name]!)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export interface RenderedMessage {
  subject: string;
  text: string;
  html: string | null;
  /** The language it is written in (absent on texts a job kept before it was named). */
  language?: Language;
}

/**
 * Email: a text part, and an HTML part where every value is escaped (the admin's template is trusted, the
 * event's fields are not). A template without tags keeps its line breaks. SMS and Telegram: plain text.
 */
export function renderMessage(
  kind: MessageKind,
  channel: 'email' | 'sms' | 'telegram',
  values: TemplateValues,
  custom: string | null,
  link?: string,
  language: Language = SOURCE_LANGUAGE,
): RenderedMessage {
  const template = baseTemplate(kind, channel === 'email' ? 'email' : 'sms', custom, language);
  const subject = fill(builtIn(language, SUBJECTS[kind]), values);
  if (channel === 'telegram') {
    return { subject, text: shorten(fill(template, values), TELEGRAM_TEXT_MAX), html: null, language };
  }
  if (channel === 'sms') return { subject, text: fill(template, values), html: null };
  const looksLikeHtml = /<[a-z][^>]*>/i.test(template);
  let plain = fill(looksLikeHtml ? htmlToText(template) : template, values);
  let html = fill(looksLikeHtml ? template : escapeHtml(template).replace(/\n/g, '<br>\n'), values, escapeHtml);
  if (link) {
    plain += `\n\n${text(language, TEXTS.viewEventLink, { link })}`;
    html += `<p><a href="${escapeHtml(link)}">${escapeHtml(text(language, TEXTS.viewEvent))}</a></p>`;
  }
  return { subject, text: plain, html };
}
