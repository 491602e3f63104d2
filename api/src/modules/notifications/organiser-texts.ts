// What organisers and admins are sent beside the templated messages: an organiser's message to attendees, the RSVP
// and reports digests, the safeguarding alert, and a guardian's copy of a message to their child.
import escapeHtml from 'escape-html';
import { cleanPersonName, shorten } from '../../../../shared/text';
import type { MessageDescriptor } from '../../../../shared/i18n/define';
import { SOURCE_LANGUAGE, type Language } from '../../../../shared/i18n/languages';
import { TEXTS, text } from './message-texts';
import { TELEGRAM_TEXT_MAX, type RenderedMessage, type TemplateValues } from './templates';

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
  const subject = text(language, TEXTS.subjectEventMessage, { eventName: values.eventName });
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
  const subject = text(language, TEXTS.subjectRsvpDigest, values);
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
