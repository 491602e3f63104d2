// The messages of permission slips, written straight into the outbox in the transaction of the change: the
// guardians asked to approve a minor's place (email with a link to the guardian page; Telegram with Approve /
// Decline buttons), and the minor (and, when a request runs out, the guardians) told the outcome. A guardian is
// asked on every address they may be reached at, whatever channels they ticked: the answer is needed to keep
// the place. Each message's key names the slip's request time, so a slip asked again is asked again, once.
import escapeHtml from 'escape-html';
import type { AppConfig } from '../../config';
import { guardianIdsOf } from '../minors/minors-repository';
import { readDefaultLanguage, readTimeZone } from '../organisation/organisation-service';
import { translator } from '../../../../shared/i18n/all-catalogs';
import { defineMessages, type MessageDescriptor } from '../../../../shared/i18n/define';
import { isLanguage, type Language } from '../../../../shared/i18n/languages';
import type { MessageValues } from '../../../../shared/i18n/translate';
import { cleanPersonName } from '../../../../shared/text';
import { channelsOf } from './recipient-texts';
import * as outbox from './outbox-repository';
import * as recipientData from './recipients-repository';
import type { Db } from './outbox-repository';
import { formatEventDate, viewEventLine } from './templates';

export interface SlipMessageDeps {
  config: Pick<AppConfig, 'publicUrl' | 'notificationsTimeZone' | 'guardianApprovalMs' | 'organisationDefaults'>;
}

const TEXTS = defineMessages({
  requestSubject: { id: 'slip.request.subject', defaultMessage: 'Please approve: {child} at {event}' },
  requestAsked: {
    id: 'slip.request.asked',
    defaultMessage:
      "{child} would like to attend {event} on {when}. This event needs a parent's or guardian's approval.",
  },
  approveHere: { id: 'slip.request.approveHere', defaultMessage: 'Approve or decline here: {page}' },
  approveOnPage: { id: 'slip.request.approveOnPage', defaultMessage: 'Approve or decline on the guardian page.' },
  deadline: {
    id: 'slip.request.deadline',
    defaultMessage:
      'Without an answer within {hours, plural, one {# hour} other {# hours}}, the place held for {child} is released.',
  },
  approved: {
    id: 'slip.outcome.approved',
    defaultMessage: 'A parent or guardian approved your place at {event} on {when}. See you there!',
  },
  declined: {
    id: 'slip.outcome.declined',
    defaultMessage: 'A parent or guardian did not approve your place at {event} on {when}, so the spot was released.',
  },
  expired: {
    id: 'slip.outcome.expired',
    defaultMessage: 'Nobody approved your place at {event} on {when} in time, so the spot was released.',
  },
  expiredGuardian: {
    id: 'slip.outcome.expiredGuardian',
    defaultMessage:
      'Nobody answered the request for {child} to attend {event} on {when} in time, so the place held for them was released.',
  },
  subjectApproved: { id: 'slip.subject.approved', defaultMessage: '{event}: approved' },
  subjectReleased: { id: 'slip.subject.released', defaultMessage: '{event}: place released' },
});

const text = (language: Language, message: MessageDescriptor, values?: MessageValues) =>
  translator.t(language, message.id, values);

export type SlipOutcome = 'approved' | 'declined' | 'expired';

type Contact = recipientData.RecipientRow & { name: string };

/** Every address a guardian may be reached at: a confirmed email, and Telegram while the bot may write. */
function addressesOf(user: Contact): Array<{ channel: 'email' | 'telegram'; recipient: string }> {
  const email = user.googleEmail ?? (user.linkedEmailConfirmed ? user.linkedEmail : null);
  const result: Array<{ channel: 'email' | 'telegram'; recipient: string }> = [];
  if (email) result.push({ channel: 'email', recipient: email });
  if (user.telegramId && !user.telegramUnreachableAt) result.push({ channel: 'telegram', recipient: user.telegramId });
  return result;
}

const paragraphs = (lines: string[]) => lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');

function message(
  key: string,
  kind: string,
  childId: number,
  user: Contact,
  address: { channel: 'email' | 'sms' | 'telegram'; recipient: string },
  subject: string,
  lines: string[],
  payload: Record<string, unknown>,
): outbox.NewOutboxMessage {
  return {
    idempotencyKey: `${key}:${user.id}:${address.channel}`,
    kind,
    channel: address.channel,
    userId: user.id,
    recipient: address.recipient,
    subject: address.channel === 'sms' ? null : subject,
    body: lines.join('\n\n'),
    html: address.channel === 'email' ? paragraphs(lines) : null,
    payload: payload as outbox.NewOutboxMessage['payload'],
    // Every slip message is about the child (a guardian's names them): erasing the child scrubs it.
    subjectUserIds: [childId],
  };
}

/** The event's name, and its date in a recipient's language (their saved one, else the organisation's). */
async function eventText(db: Db, deps: SlipMessageDeps, eventId: number) {
  const event = await recipientData.findEvent(db, eventId);
  if (!event) return null;
  const organisation = await readDefaultLanguage(deps.config, db);
  const zone = event.timeZone ?? (await readTimeZone(deps.config, db));
  return {
    name: event.name,
    languageOf: (user: Contact): Language => (isLanguage(user.language) ? user.language : organisation),
    when: (language: Language) => formatEventDate(event.date, zone, language),
  };
}

/**
 * Asks each guardian of each minor to approve their place (`requested`: each minor's request time). Without a
 * guardian on record nobody is asked, and the request runs out like any other.
 */
export async function queueSlipRequests(
  db: Db,
  deps: SlipMessageDeps,
  eventId: number,
  requested: Map<number, Date>,
  now: Date,
): Promise<void> {
  if (!requested.size) return;
  const event = await eventText(db, deps, eventId);
  if (!event) return;
  const hours = Math.round(deps.config.guardianApprovalMs / 3_600_000);
  const page = deps.config.publicUrl ? `${deps.config.publicUrl}/guardian` : null;
  const messages: outbox.NewOutboxMessage[] = [];
  for (const [childId, at] of requested) {
    const [child] = await recipientData.findContactsByIds(db, [childId]);
    const guardians = await recipientData.findContactsByIds(db, await guardianIdsOf(db, childId));
    if (!child) continue;
    for (const guardian of guardians) {
      const language = event.languageOf(guardian);
      const names = { child: cleanPersonName(child.name), event: event.name };
      const subject = text(language, TEXTS.requestSubject, names);
      const asked = text(language, TEXTS.requestAsked, { ...names, when: event.when(language) });
      const deadline = text(language, TEXTS.deadline, { child: names.child, hours });
      for (const address of addressesOf(guardian)) {
        const lines =
          address.channel === 'email'
            ? [
                asked,
                page ? text(language, TEXTS.approveHere, { page }) : text(language, TEXTS.approveOnPage),
                deadline,
              ]
            : [asked, deadline];
        messages.push(
          message(
            `slip_request:${eventId}:${childId}:${at.getTime()}`,
            'slip_request',
            childId,
            guardian,
            address,
            subject,
            lines,
            // No RSVP buttons: the Telegram sender puts Approve / Decline under a slip's request instead, in the
            // request's language.
            address.channel === 'telegram'
              ? { eventId, buttons: false, slip: { childId }, language }
              : { eventId, buttons: false },
          ),
        );
      }
    }
  }
  await outbox.enqueue(db, messages, now);
}

const CHILD_TEXT: Record<SlipOutcome, MessageDescriptor> = {
  approved: TEXTS.approved,
  declined: TEXTS.declined,
  expired: TEXTS.expired,
};

/**
 * Tells the minor how their slip was decided, on the channels they chose; a request that ran out is also told to
 * the guardians who were asked (they may have been waiting to answer). `requestedAt` versions the keys.
 */
export async function queueSlipOutcome(
  db: Db,
  deps: SlipMessageDeps,
  eventId: number,
  childId: number,
  outcome: SlipOutcome,
  decidedAt: Date,
): Promise<void> {
  const event = await eventText(db, deps, eventId);
  const [child] = await recipientData.findContactsByIds(db, [childId]);
  if (!event || !child) return;
  const key = `slip_${outcome}:${eventId}:${childId}:${decidedAt.getTime()}`;
  const subjectOf = (language: Language) =>
    text(language, outcome === 'approved' ? TEXTS.subjectApproved : TEXTS.subjectReleased, { event: event.name });
  const link = deps.config.publicUrl ? `${deps.config.publicUrl}/events/${eventId}` : null;
  const childLanguage = event.languageOf(child);
  const childLines = [
    text(childLanguage, CHILD_TEXT[outcome], { event: event.name, when: event.when(childLanguage) }),
    ...(link ? [viewEventLine(childLanguage, link)] : []),
  ];
  const messages = channelsOf(child).map((address) =>
    message(key, `slip_${outcome}`, childId, child, address, subjectOf(childLanguage), childLines, {
      eventId,
      buttons: false,
    }),
  );
  if (outcome === 'expired') {
    const guardians = await recipientData.findContactsByIds(db, await guardianIdsOf(db, childId));
    for (const guardian of guardians) {
      const language = event.languageOf(guardian);
      const subject = subjectOf(language);
      const lines = [
        text(language, TEXTS.expiredGuardian, {
          child: cleanPersonName(child.name),
          event: event.name,
          when: event.when(language),
        }),
      ];
      for (const address of addressesOf(guardian)) {
        messages.push(
          message(key, 'slip_expired', childId, guardian, address, subject, lines, { eventId, buttons: false }),
        );
      }
    }
  }
  await outbox.enqueue(db, messages, decidedAt);
}
