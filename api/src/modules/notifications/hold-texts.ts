// The texts about a place held for a payment: a member promoted from the waitlist into one (pay by its deadline,
// and where), and one whose hold ran out unpaid (the place went; they may reply again). Every channel carries the
// event page's link as a line: paying, or replying again, happens there.
import escapeHtml from 'escape-html';
import type { Language } from '../../../../shared/i18n/languages';
import { shorten } from '../../../../shared/text';
import { TEXTS, text } from './message-texts';
import type { RenderedSet } from './recipient-texts';
import { TELEGRAM_TEXT_MAX } from './templates';

export interface HoldValues {
  eventName: string;
  eventDate: string;
  /** The hold's deadline, written for the reader (a promotion only). */
  dueBy: string | null;
  /** The fee, written for the reader; null when the event has none any more. */
  amount: string | null;
}

function channels(subject: string, lines: string[], link: { line: string; button: string; url: string } | null) {
  const all = link ? [...lines, link.line] : lines;
  const joined = all.join('\n\n');
  const html =
    lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n') +
    (link ? `\n<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.button)}</a></p>` : '');
  return {
    email: { subject, text: joined, html },
    sms: { subject, text: joined, html: null },
    telegram: { subject, text: shorten(joined, TELEGRAM_TEXT_MAX), html: null },
  } satisfies RenderedSet;
}

/** A promotion into a place held for the payment: until when, how much, and where to pay. */
export function renderPromotedHeld(values: HoldValues, link: string | undefined, language: Language): RenderedSet {
  const subject = text(language, TEXTS.subjectPromotedHeld, { eventName: values.eventName });
  const lines = [
    text(language, TEXTS.promotedHeld, {
      eventName: values.eventName,
      eventDate: values.eventDate,
      dueBy: values.dueBy ?? '',
    }),
    ...(values.amount ? [text(language, TEXTS.promotedHeldPay, { amount: values.amount })] : []),
  ];
  if (!link) return channels(subject, [...lines, text(language, TEXTS.promotedHeldNoLink)], null);
  return channels(subject, lines, {
    line: text(language, TEXTS.promotedHeldPayLink, { link }),
    button: text(language, TEXTS.promotedHeldPayButton),
    url: link,
  });
}

/** A held place released unpaid: it went, and they may reply again. */
export function renderHoldExpired(values: HoldValues, link: string | undefined, language: Language): RenderedSet {
  const subject = text(language, TEXTS.subjectHoldExpired, { eventName: values.eventName });
  const lines = [
    text(language, TEXTS.holdExpired, { eventName: values.eventName, eventDate: values.eventDate }),
    text(language, TEXTS.holdExpiredAgain),
  ];
  if (!link) return channels(subject, lines, null);
  const view = { line: text(language, TEXTS.viewEventLink, { link }), button: text(language, TEXTS.viewEvent) };
  return channels(subject, lines, { ...view, url: link });
}
