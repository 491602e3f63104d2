// Notification texts: the admin's templates (SPEC §3) or built-in defaults, with {{placeholders}} filled in.
// Pure functions: no database, no I/O.
import { dateFormat } from '../../../../shared/date-format';
import { zoneLabel } from '../../../../shared/time-zones';
import { shorten } from '../../../../shared/text';
import type { TemplateChannel, TemplateType } from '../../../../shared/constants';

export type MessageKind =
  | 'event_created'
  | 'event_updated'
  | 'series_updated'
  | 'invited'
  | 'reminder'
  | 'promoted'
  | 'event_message'
  | 'rsvp_digest'
  | 'reports_digest';

/** Kinds whose texts are fixed here (not admin templates); the organiser's message and the digest are written apart. */
type FixedKind = 'invited' | 'reminder' | 'promoted';

export interface TemplateValues {
  eventName: string;
  eventDate: string;
  eventLocation: string;
  updateType: string;
}

/** Used when an admin has not written a template of this type and channel. */
export const DEFAULT_TEMPLATES: Record<TemplateType, Record<TemplateChannel, string>> = {
  event_created: {
    email:
      'A new event has been announced: {{eventName}}\n\nWhen: {{eventDate}}\nWhere: {{eventLocation}}\n\n' +
      'Open the events page to let us know if you will attend.',
    sms: 'New event: {{eventName}} on {{eventDate}} at {{eventLocation}}.',
  },
  event_updated: {
    email:
      'The event {{eventName}} has been updated ({{updateType}}).\n\nWhen: {{eventDate}}\nWhere: {{eventLocation}}',
    sms: 'Event updated ({{updateType}}): {{eventName}} on {{eventDate}} at {{eventLocation}}.',
  },
};

/** Invitations and reminders are not admin-editable (SPEC §3 has two template types), so they are fixed. */
const FIXED_TEXTS: Record<FixedKind, Record<TemplateChannel, string>> = {
  invited: {
    email:
      'You are invited to {{eventName}}.\n\nWhen: {{eventDate}}\nWhere: {{eventLocation}}\n\n' +
      'Open the events page to let us know if you will attend.',
    sms: 'You are invited to {{eventName}} on {{eventDate}} at {{eventLocation}}.',
  },
  reminder: {
    email: 'A reminder: {{eventName}} is coming up.\n\nWhen: {{eventDate}}\nWhere: {{eventLocation}}\n\nSee you there!',
    sms: 'Reminder: {{eventName}} on {{eventDate}} at {{eventLocation}}.',
  },
  promoted: {
    email:
      'Good news: a spot opened up at {{eventName}} and you are now attending.\n\nWhen: {{eventDate}}\n' +
      'Where: {{eventLocation}}\n\nIf you cannot come after all, please give the spot back on the event page, ' +
      'so the next person on the waitlist can have it.',
    sms:
      'A spot opened up: you are now attending {{eventName}} on {{eventDate}} at {{eventLocation}}. ' +
      'Cannot come? Please give the spot back.',
  },
};

const SUBJECTS: Record<MessageKind, string> = {
  event_created: 'New event: {{eventName}}',
  event_updated: 'Event updated: {{eventName}}',
  series_updated: 'Event updated: {{eventName}}',
  invited: 'You are invited: {{eventName}}',
  reminder: 'Reminder: {{eventName}}',
  promoted: 'You are in: {{eventName}}',
  event_message: 'Message about {{eventName}}',
  rsvp_digest: 'New RSVPs: {{eventName}}',
  reports_digest: 'Reported comments are waiting',
};

/** The template type an admin edits for this kind of message, if any. */
export const templateTypeOf = (kind: MessageKind): TemplateType | null =>
  kind === 'series_updated' ? 'event_updated' : kind === 'event_created' || kind === 'event_updated' ? kind : null;

export function baseTemplate(kind: MessageKind, channel: TemplateChannel, custom: string | null): string {
  const type = templateTypeOf(kind);
  if (type) return custom ?? DEFAULT_TEMPLATES[type][channel];
  return FIXED_TEXTS[kind as FixedKind][channel];
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);

/** Replaces {{name}} (spaces allowed inside the braces); unknown placeholders are left as written. */
export function fill(template: string, values: TemplateValues, encode: (text: string) => string = (t) => t): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? encode(values[name as keyof TemplateValues]) : whole,
  );
}

const UPDATE_LABELS: Record<string, string> = {
  details: 'details changed',
  date: 'new date or time',
  location: 'new location',
  visibility: 'visibility changed',
};

/** A readable update reason: the events service sends a phrase ('date and location changed'); bare field
 * names are made readable too. */
export function describeUpdate(updateType: string): string {
  const parts = updateType
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => UPDATE_LABELS[part] ?? part.replace(/_/g, ' '));
  return parts.length ? parts.join(', ') : 'details updated';
}

/**
 * "Saturday, November 28, 2026 at 6:00 PM GMT+1 (Europe/Berlin)": the event's local time, with its zone
 * ("… at 6:00 PM UTC" when the short name is the zone's own).
 */
export function formatEventDate(date: Date, timeZone: string): string {
  const day = dateFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
  const time = dateFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
  return `${day.format(date)} at ${time.format(date)}${zoneLabel(date, timeZone)}`;
}

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
): RenderedMessage {
  const template = baseTemplate(kind, channel === 'email' ? 'email' : 'sms', custom);
  const subject = fill(SUBJECTS[kind], values);
  if (channel === 'telegram') return { subject, text: shorten(fill(template, values), TELEGRAM_TEXT_MAX), html: null };
  if (channel === 'sms') return { subject, text: fill(template, values), html: null };
  const looksLikeHtml = /<[a-z][^>]*>/i.test(template);
  const text = fill(looksLikeHtml ? htmlToText(template) : template, values);
  let html = fill(looksLikeHtml ? template : escapeHtml(template).replace(/\n/g, '<br>\n'), values, escapeHtml);
  let plain = text;
  if (link) {
    plain += `\n\nView the event: ${link}`;
    html += `<p><a href="${escapeHtml(link)}">View the event</a></p>`;
  }
  return { subject, text: plain, html };
}

/** Where the organiser's texts (their message, the digest) put the event's name and the link. */
function organiserTexts(
  subject: string,
  lines: string[],
  link?: string,
): Record<'email' | 'sms' | 'telegram', RenderedMessage> {
  const text = lines.join('\n\n');
  const plain = link ? `${text}\n\nView the event: ${link}` : text;
  const html =
    lines.map((line) => `<p>${escapeHtml(line).replace(/\n/g, '<br>\n')}</p>`).join('\n') +
    (link ? `<p><a href="${escapeHtml(link)}">View the event</a></p>` : '');
  return {
    email: { subject, text: plain, html },
    sms: { subject, text, html: null },
    telegram: { subject, text: shorten(text, TELEGRAM_TEXT_MAX), html: null },
  };
}

/** The admins' hourly digest of reported comments: how many wait, and where to look. No comment text is copied. */
export function renderReportsDigest(open: number, link?: string) {
  const count = open === 1 ? '1 reported comment is' : `${open} reported comments are`;
  const texts = organiserTexts(SUBJECTS.reports_digest, [`${count} waiting for an administrator.`], undefined);
  if (!link) return texts;
  const line = `Review them in Admin settings → Reports: ${link}`;
  return {
    email: {
      ...texts.email,
      text: `${texts.email.text}\n\n${line}`,
      html: `${texts.email.html}\n<p><a href="${escapeHtml(link)}">Review them in Admin settings → Reports</a></p>`,
    },
    sms: { ...texts.sms, text: `${texts.sms.text}\n\n${line}` },
    telegram: { ...texts.telegram, text: `${texts.telegram.text}\n\n${line}` },
  };
}

/** An organiser's message to attendees: their words as written (escaped in email), with the event named. */
export function renderOrganiserMessage(
  values: Pick<TemplateValues, 'eventName' | 'eventDate'>,
  sender: string,
  message: string,
  link?: string,
) {
  const subject = fill(SUBJECTS.event_message, { ...values, eventLocation: '', updateType: '' });
  return organiserTexts(subject, [`${sender} wrote about ${values.eventName} (${values.eventDate}):`, message], link);
}

export interface RsvpCounts {
  attendingPeople: number;
  capacity: number | null;
  waitlisted: number;
  maybe: number;
}

/** The organiser's digest: where the RSVPs stand now (sent at most once an hour). */
export function renderRsvpDigest(values: Pick<TemplateValues, 'eventName'>, counts: RsvpCounts, link?: string) {
  const subject = fill(SUBJECTS.rsvp_digest, { ...values, eventDate: '', eventLocation: '', updateType: '' });
  const people = counts.attendingPeople === 1 ? '1 person' : `${counts.attendingPeople} people`;
  const room =
    counts.capacity === null
      ? ''
      : ` of ${counts.capacity} (${Math.max(0, counts.capacity - counts.attendingPeople)} spots left)`;
  return organiserTexts(
    subject,
    [
      `New RSVPs for ${values.eventName} in the last hour.`,
      `Now: ${people} attending${room}, ${counts.waitlisted} on the waitlist, ${counts.maybe} maybe.`,
    ],
    link,
  );
}

/**
 * A guardian's copy of a message sent to their child: the first line says whom it is about, by full name (the
 * guardian is entitled to it, and a guardian of two children must tell the copies apart).
 */
export function aboutChild(message: RenderedMessage, childName: string): RenderedMessage {
  const about = `About ${childName}:`;
  return {
    subject: `${about} ${message.subject}`,
    text: `${about}\n\n${message.text}`,
    html: message.html === null ? null : `<p>${escapeHtml(about)}</p>\n${message.html}`,
  };
}
