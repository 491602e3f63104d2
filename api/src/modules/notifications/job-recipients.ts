// Who a fan-out job tells and what each of them receives: the job's recipients page by page, one outbox row per
// recipient × channel in the recipient's language, and the copies their guardians get.
import type { AppDeps } from '../../deps';
import { guardianCopiesFor } from '../minors/minors-service';
import type { Language } from '../../../../shared/i18n/languages';
import type * as outbox from './outbox-repository';
import type * as jobs from './jobs-repository';
import * as recipientData from './recipients-repository';
import { channelsOf, languageOf, textsIn, type RenderedSet, type RenderedTexts } from './recipient-texts';
import { aboutChild } from './organiser-texts';

/** The job's next page of recipients (the creator, who made the change, is never told about it). */
export function recipientsOf(
  db: outbox.Db,
  job: jobs.JobRow,
  event: recipientData.EventForMessage,
  page: recipientData.Page,
) {
  switch (job.kind) {
    case 'event_created':
      // A section's event is news to its members only (their guardians get their copies, as always).
      if (event.isPublic && event.sectionId !== null)
        return recipientData.findSectionMembers(db, event.sectionId, event.creatorId, page);
      return event.isPublic
        ? recipientData.findAllMembers(db, event.creatorId, page)
        : recipientData.findInvitees(db, event.id, event.creatorId, job.userIds, page);
    case 'event_updated':
      return recipientData.findAttendeesAndInvitees(db, event, page);
    case 'series_updated':
      return recipientData.findSeriesAttendeesAndInvitees(db, event, page);
    case 'invited':
      return recipientData.findUsersByIds(
        db,
        job.userIds.filter((id) => id !== event.creatorId),
        page,
      );
    case 'reminder':
      return recipientData.findAttendees(db, event, page);
    // Nudged members who still may see the event and still have not replied when their batch goes out.
    case 'nudge':
      return recipientData.findUndecidedAmong(db, event, job.userIds, page);
    // Promoted members who still hold the spot (one who already gave it back is not told they have it).
    case 'promoted':
      return recipientData.findRepliedAmong(db, event, job.userIds, page, 'attending');
    // Promoted into a place held for their payment, and still holding it (one who paid at once needs no word).
    case 'promoted_held':
      return recipientData.findRepliedAmong(db, event, job.userIds, page, 'awaiting_payment');
    // Their held place was released: told while they may still see the event, whatever they replied since.
    case 'payment_hold_expired':
      return recipientData.findRepliedAmong(db, event, job.userIds, page);
    case 'event_message':
      return recipientData.findRepliedAmong(db, event, job.userIds, page);
    case 'rsvp_digest':
      return recipientData.findUsersByIds(db, [event.creatorId], page);
    default:
      throw new Error(`unknown notification job kind: ${job.kind}`);
  }
}

const WITHOUT_BUTTONS = new Set(['rsvp_digest', 'promoted_held', 'payment_hold_expired']);

export function messagesOf(
  job: jobs.JobRow,
  rendered: RenderedTexts | RenderedSet,
  recipients: recipientData.RecipientRow[],
  organisation: Language,
): outbox.NewOutboxMessage[] {
  const messages: outbox.NewOutboxMessage[] = [];
  for (const user of recipients) {
    const language = languageOf(user, organisation);
    const texts = textsIn(rendered, language);
    for (const { channel, recipient } of channelsOf(user)) {
      const message = texts[channel];
      // Telegram's buttons go under the text in its own language.
      const written = channel === 'telegram' ? { language: message.language ?? language } : {};
      messages.push({
        idempotencyKey: [job.kind, job.eventId, user.id, channel, job.keyVersion]
          .filter((part) => part !== null)
          .join(':'),
        kind: job.kind,
        channel,
        userId: user.id,
        recipient,
        subject: channel === 'sms' ? null : message.subject,
        body: message.text,
        html: message.html,
        subjectUserIds: job.subjectUserIds,
        // The digest goes to the organiser, and a held place is paid or taken again on the event page: no RSVP
        // buttons under them.
        payload: WITHOUT_BUTTONS.has(job.kind)
          ? { eventId: job.eventId, buttons: false }
          : { eventId: job.eventId, ...written },
      });
    }
  }
  return messages;
}

/**
 * Guardians in copy: each guardian of a minor among `recipients` gets the minor's message once per child, on
 * the guardian's own channels, its first line saying whom it is about. The key names the child and the
 * guardian, so a guardian who is also a recipient in their own right gets both, and a batch done again
 * inserts nothing twice. Copies carry no RSVP buttons: a guardian's press would answer for the guardian.
 */
export async function guardianCopies(
  deps: Pick<AppDeps, 'config' | 'prisma'>,
  tx: outbox.Db,
  job: jobs.JobRow,
  rendered: RenderedTexts | RenderedSet,
  recipients: recipientData.RecipientRow[],
  now: Date,
  organisation: Language,
): Promise<outbox.NewOutboxMessage[]> {
  const copies = await guardianCopiesFor(
    deps,
    tx,
    recipients.map((user) => user.id),
    now,
  );
  if (!copies.length) return [];
  const guardianIds = [...new Set(copies.map((copy) => copy.guardianId))];
  const guardians = new Map((await recipientData.findGuardiansByIds(tx, guardianIds)).map((user) => [user.id, user]));
  const messages: outbox.NewOutboxMessage[] = [];
  for (const copy of copies) {
    const guardian = guardians.get(copy.guardianId);
    if (!guardian) continue;
    const language = languageOf(guardian, organisation);
    const texts = textsIn(rendered, language);
    for (const { channel, recipient } of channelsOf(guardian)) {
      const message = aboutChild(texts[channel], copy.childName, language);
      messages.push({
        idempotencyKey: [job.kind, job.eventId, copy.childId, `guardian-${guardian.id}`, channel, job.keyVersion]
          .filter((part) => part !== null)
          .join(':'),
        kind: job.kind,
        channel,
        userId: guardian.id,
        recipient,
        subject: channel === 'sms' ? null : message.subject,
        body: message.text,
        html: message.html,
        payload: { eventId: job.eventId, buttons: false, childId: copy.childId },
        subjectUserIds: [...job.subjectUserIds, copy.childId],
      });
    }
  }
  return messages;
}
