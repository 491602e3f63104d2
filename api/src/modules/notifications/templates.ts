// Notification texts: the admin's templates (SPEC §3) or built-in defaults, with {{placeholders}} filled in.
// Pure functions: no database, no I/O.
import escapeHtml from 'escape-html';
import { eventDateText } from '../../../../shared/calendar';
import { cleanPersonName, shorten } from '../../../../shared/text';
import type { MonthlyBy, RecurrenceFrequency, TemplateChannel, TemplateType } from '../../../../shared/constants';
import { translator } from '../../../../shared/i18n/all-catalogs';
import { defineMessages, type MessageDescriptor } from '../../../../shared/i18n/define';
import { SOURCE_LANGUAGE, type Language } from '../../../../shared/i18n/languages';
import type { MessageValues } from '../../../../shared/i18n/translate';

export type MessageKind =
  | 'event_created'
  | 'event_updated'
  | 'series_updated'
  | 'invited'
  | 'reminder'
  | 'promoted'
  | 'event_message'
  | 'rsvp_digest'
  | 'reports_digest'
  | 'safeguarding_alert';

/** Kinds whose texts are fixed here (not admin templates); the organiser's message and the digest are written apart. */
type FixedKind = 'invited' | 'reminder' | 'promoted';

export interface TemplateValues {
  eventName: string;
  eventDate: string;
  eventLocation: string;
  updateType: string;
}

/**
 * The built-in texts, in the catalogs: ICU with the template's values as arguments. Formatted with each value
 * standing for its own {{placeholder}}, a built-in text becomes a template in the recipient's language, filled
 * (and escaped in HTML) exactly as an admin's template is.
 */
const TEXTS = defineMessages({
  eventCreatedEmail: {
    id: 'notify.eventCreated.email',
    defaultMessage:
      'A new event has been announced: {eventName}\n\nWhen: {eventDate}\nWhere: {eventLocation}\n\nOpen the events page to let us know if you will attend.',
  },
  eventCreatedSms: {
    id: 'notify.eventCreated.sms',
    defaultMessage: 'New event: {eventName} on {eventDate} at {eventLocation}.',
  },
  eventUpdatedEmail: {
    id: 'notify.eventUpdated.email',
    defaultMessage:
      'The event {eventName} has been updated ({updateType}).\n\nWhen: {eventDate}\nWhere: {eventLocation}',
  },
  eventUpdatedSms: {
    id: 'notify.eventUpdated.sms',
    defaultMessage: 'Event updated ({updateType}): {eventName} on {eventDate} at {eventLocation}.',
  },
  invitedEmail: {
    id: 'notify.invited.email',
    defaultMessage:
      'You are invited to {eventName}.\n\nWhen: {eventDate}\nWhere: {eventLocation}\n\nOpen the events page to let us know if you will attend.',
  },
  invitedSms: {
    id: 'notify.invited.sms',
    defaultMessage: 'You are invited to {eventName} on {eventDate} at {eventLocation}.',
  },
  reminderEmail: {
    id: 'notify.reminder.email',
    defaultMessage:
      'A reminder: {eventName} is coming up.\n\nWhen: {eventDate}\nWhere: {eventLocation}\n\nSee you there!',
  },
  reminderSms: {
    id: 'notify.reminder.sms',
    defaultMessage: 'Reminder: {eventName} on {eventDate} at {eventLocation}.',
  },
  promotedEmail: {
    id: 'notify.promoted.email',
    defaultMessage:
      'Good news: a spot opened up at {eventName} and you are now attending.\n\nWhen: {eventDate}\nWhere: {eventLocation}\n\nIf you cannot come after all, please give the spot back on the event page, so the next person on the waitlist can have it.',
  },
  promotedSms: {
    id: 'notify.promoted.sms',
    defaultMessage:
      'A spot opened up: you are now attending {eventName} on {eventDate} at {eventLocation}. Cannot come? Please give the spot back.',
  },
  subjectEventCreated: { id: 'notify.subject.eventCreated', defaultMessage: 'New event: {eventName}' },
  subjectEventUpdated: { id: 'notify.subject.eventUpdated', defaultMessage: 'Event updated: {eventName}' },
  subjectInvited: { id: 'notify.subject.invited', defaultMessage: 'You are invited: {eventName}' },
  subjectReminder: { id: 'notify.subject.reminder', defaultMessage: 'Reminder: {eventName}' },
  subjectPromoted: { id: 'notify.subject.promoted', defaultMessage: 'You are in: {eventName}' },
  subjectEventMessage: { id: 'notify.subject.eventMessage', defaultMessage: 'Message about {eventName}' },
  subjectRsvpDigest: { id: 'notify.subject.rsvpDigest', defaultMessage: 'New RSVPs: {eventName}' },
  subjectReportsDigest: { id: 'notify.subject.reportsDigest', defaultMessage: 'Reported comments are waiting' },
  viewEvent: { id: 'notify.viewEvent', defaultMessage: 'View the event' },
  viewEventLink: { id: 'notify.viewEventLink', defaultMessage: 'View the event: {link}' },
  reportsWaiting: {
    id: 'notify.reportsWaiting',
    defaultMessage:
      '{open, plural, one {# reported comment is waiting for an administrator.} other {# reported comments are waiting for an administrator.}}',
  },
  subjectSafeguarding: { id: 'notify.subject.safeguarding', defaultMessage: 'Safeguarding concern reported' },
  safeguardingOnEvent: {
    id: 'notify.safeguarding.onEvent',
    defaultMessage: 'A member reported a safeguarding concern about a comment on {eventName}. Please look at it now.',
  },
  safeguardingReview: { id: 'notify.safeguarding.review', defaultMessage: 'Open Admin settings → Reports' },
  safeguardingReviewLink: {
    id: 'notify.safeguarding.reviewLink',
    defaultMessage: 'Open Admin settings → Reports: {link}',
  },
  reviewReports: { id: 'notify.reviewReports', defaultMessage: 'Review them in Admin settings → Reports' },
  reviewReportsLink: {
    id: 'notify.reviewReportsLink',
    defaultMessage: 'Review them in Admin settings → Reports: {link}',
  },
  organiserWrote: { id: 'notify.organiserWrote', defaultMessage: '{sender} wrote about {eventName} ({eventDate}):' },
  rsvpDigestIntro: { id: 'notify.rsvpDigest.intro', defaultMessage: 'New RSVPs for {eventName} in the last hour.' },
  rsvpDigestNow: {
    id: 'notify.rsvpDigest.now',
    defaultMessage:
      'Now: {attending, plural, one {# person} other {# people}} attending, {waitlisted} on the waitlist, {maybe} maybe.',
  },
  rsvpDigestNowOf: {
    id: 'notify.rsvpDigest.nowOf',
    defaultMessage:
      'Now: {attending, plural, one {# person} other {# people}} attending of {capacity} ({left, plural, one {# spot left} other {# spots left}}), {waitlisted} on the waitlist, {maybe} maybe.',
  },
  aboutChild: { id: 'notify.aboutChild', defaultMessage: 'About {childName}:' },
  repeats: {
    id: 'notify.repeats',
    description: 'A new series: its first date, then how it repeats',
    defaultMessage:
      '{date}, repeats {how, select, weekly {weekly} biweekly {every 2 weeks} monthlyDay {monthly on the same day} other {monthly on the same weekday}}',
  },
  seriesUpdate: { id: 'notify.seriesUpdate', defaultMessage: '{update} for this and following events' },
  changed: {
    id: 'notify.changed',
    description: 'fields: a list of changed things, e.g. "date and location"',
    defaultMessage: '{fields} changed',
  },
  detailsUpdated: { id: 'notify.detailsUpdated', defaultMessage: 'details updated' },
  fieldDate: { id: 'notify.field.date', defaultMessage: 'date' },
  fieldLocation: { id: 'notify.field.location', defaultMessage: 'location' },
  fieldVisibility: { id: 'notify.field.visibility', defaultMessage: 'visibility' },
  fieldDetails: { id: 'notify.field.details', defaultMessage: 'details' },
});

const text = (language: Language, message: MessageDescriptor, values?: MessageValues) =>
  translator.t(language, message.id, values);

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
  promoted: { email: TEXTS.promotedEmail, sms: TEXTS.promotedSms },
};

const SUBJECTS: Record<MessageKind, MessageDescriptor> = {
  event_created: TEXTS.subjectEventCreated,
  event_updated: TEXTS.subjectEventUpdated,
  series_updated: TEXTS.subjectEventUpdated,
  invited: TEXTS.subjectInvited,
  reminder: TEXTS.subjectReminder,
  promoted: TEXTS.subjectPromoted,
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

/** Where the organiser's texts (their message, the digest) put the event's name and the link. */
function organiserTexts(
  language: Language,
  subject: string,
  lines: string[],
  link?: string,
): Record<'email' | 'sms' | 'telegram', RenderedMessage> {
  const joined = lines.join('\n\n');
  const plain = link ? `${joined}\n\n${text(language, TEXTS.viewEventLink, { link })}` : joined;
  const html =
    lines.map((line) => `<p>${escapeHtml(line).replace(/\n/g, '<br>\n')}</p>`).join('\n') +
    (link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(text(language, TEXTS.viewEvent))}</a></p>` : '');
  return {
    email: { subject, text: plain, html },
    sms: { subject, text: joined, html: null },
    telegram: { subject, text: shorten(joined, TELEGRAM_TEXT_MAX), html: null },
  };
}

/** A text for admins with a line that leads to the Reports tab (`review` its button, `reviewLink` its plain line). */
function adminTexts(
  language: Language,
  subject: string,
  lines: string[],
  link: string | undefined,
  review: MessageDescriptor,
  reviewLink: MessageDescriptor,
) {
  const texts = organiserTexts(language, subject, lines, undefined);
  if (!link) return texts;
  const line = text(language, reviewLink, { link });
  return {
    email: {
      ...texts.email,
      text: `${texts.email.text}\n\n${line}`,
      html: `${texts.email.html}\n<p><a href="${escapeHtml(link)}">${escapeHtml(text(language, review))}</a></p>`,
    },
    sms: { ...texts.sms, text: `${texts.sms.text}\n\n${line}` },
    telegram: { ...texts.telegram, text: `${texts.telegram.text}\n\n${line}` },
  };
}

/** The admins' hourly digest of reported comments: how many wait, and where to look. No comment text is copied. */
export function renderReportsDigest(open: number, link?: string, language: Language = SOURCE_LANGUAGE) {
  const subject = text(language, TEXTS.subjectReportsDigest);
  const lines = [text(language, TEXTS.reportsWaiting, { open })];
  return adminTexts(language, subject, lines, link, TEXTS.reviewReports, TEXTS.reviewReportsLink);
}

/**
 * The alert of a safeguarding concern: which event's discussion, and where to look. Nothing of the comment or the
 * reporter's words is copied into an email or a chat: those are read in the app, by an admin signed in.
 */
export function renderSafeguardingAlert(eventName: string, link?: string, language: Language = SOURCE_LANGUAGE) {
  const subject = text(language, TEXTS.subjectSafeguarding);
  const lines = [text(language, TEXTS.safeguardingOnEvent, { eventName })];
  return adminTexts(language, subject, lines, link, TEXTS.safeguardingReview, TEXTS.safeguardingReviewLink);
}

/**
 * An organiser's message to attendees: their words as written (escaped in email), with the event named. The
 * sender's name is cleaned again here: a name that ends a line early could pass the message off as someone
 * else's ("Support Team").
 */
export function renderOrganiserMessage(
  values: Pick<TemplateValues, 'eventName' | 'eventDate'>,
  sender: string,
  message: string,
  link?: string,
  language: Language = SOURCE_LANGUAGE,
) {
  const subject = text(language, SUBJECTS.event_message, { eventName: values.eventName });
  const intro = text(language, TEXTS.organiserWrote, { sender: cleanPersonName(sender, 'The organiser'), ...values });
  return organiserTexts(language, subject, [intro, message], link);
}

export interface RsvpCounts {
  attendingPeople: number;
  capacity: number | null;
  waitlisted: number;
  maybe: number;
}

/** The organiser's digest: where the RSVPs stand now (sent at most once an hour). */
export function renderRsvpDigest(
  values: Pick<TemplateValues, 'eventName'>,
  counts: RsvpCounts,
  link?: string,
  language: Language = SOURCE_LANGUAGE,
) {
  const subject = text(language, SUBJECTS.rsvp_digest, values);
  const numbers = { attending: counts.attendingPeople, waitlisted: counts.waitlisted, maybe: counts.maybe };
  const now =
    counts.capacity === null
      ? text(language, TEXTS.rsvpDigestNow, numbers)
      : text(language, TEXTS.rsvpDigestNowOf, {
          ...numbers,
          capacity: counts.capacity,
          left: Math.max(0, counts.capacity - counts.attendingPeople),
        });
  return organiserTexts(language, subject, [text(language, TEXTS.rsvpDigestIntro, values), now], link);
}

/**
 * A guardian's copy of a message sent to their child: the first line says whom it is about, by full name (the
 * guardian is entitled to it, and a guardian of two children must tell the copies apart).
 */
export function aboutChild(
  message: RenderedMessage,
  childName: string,
  language: Language = SOURCE_LANGUAGE,
): RenderedMessage {
  const about = text(language, TEXTS.aboutChild, { childName: cleanPersonName(childName) });
  return {
    subject: `${about} ${message.subject}`,
    text: `${about}\n\n${message.text}`,
    html: message.html === null ? null : `<p>${escapeHtml(about)}</p>\n${message.html}`,
  };
}
