// Expands fan-out jobs into outbox rows (DESIGN §5). A job says "this change happened"; a batch takes the next
// recipients after the job's cursor (keyset by user id), inserts one row per recipient × channel with its
// idempotency key (a key seen before is skipped), and moves the cursor, all in one transaction. A crash loses
// at most the batch in hand, which the next worker redoes; nothing is inserted twice.
import type { Prisma as PrismaTypes } from '@prisma/client';
import type { AppConfig } from '../../config';
import type { Prisma } from '../../db/database';
import type { Logger } from '../../logger';
import { guardianCopiesFor } from '../minors/minors-service';
import { readDefaultLanguage, readTimeZone } from '../organisation/organisation-service';
import type { MonthlyBy, RecurrenceFrequency } from '../../../../shared/constants';
import type { Language } from '../../../../shared/i18n/languages';
import { EVENT_DELETED } from './delivery';
import * as outbox from './outbox-repository';
import * as jobs from './jobs-repository';
import * as recipientData from './recipients-repository';
import { channelsOf, languageOf, renderAll, textsIn, type RenderedSet, type RenderedTexts } from './recipient-texts';
import { aboutChild, renderReportsDigest, renderRsvpDigest, renderSafeguardingAlert } from './organiser-texts';
import {
  chooseTemplate,
  describeUpdate,
  formatEventDate,
  isEventChange,
  renderMessage,
  seriesUpdate,
  templateTypeOf,
  withRepeats,
  type EventChange,
  type MessageKind,
  type TemplateValues,
} from './templates';

export interface FanOutDeps {
  prisma: Prisma;
  config: AppConfig;
  logger: Logger;
}

/** What one batch did; null when no job was due. */
export interface FanOutBatch {
  jobId: number;
  recipients: number;
  inserted: number;
  done: boolean;
}

export interface FanOut {
  expandNext(now: Date, batchSize: number): Promise<FanOutBatch | null>;
}

/** A batch whose transaction failed is tried again after this (doubling), and given up after MAX attempts. */
const RETRY_MS = 5_000;
const MAX_RETRY_MS = 10 * 60_000;
const MAX_ATTEMPTS = 10;
/** A batch is a few statements; this only bounds one that hangs (a lock held elsewhere). */
const BATCH_TIMEOUT_MS = 60_000;

export function createFanOut(deps: FanOutDeps): FanOut {
  const { config, logger } = deps;

  /** updateType belongs to 'event updated' messages only; elsewhere it stays empty rather than invent a change. */
  function valuesOf(
    event: recipientData.EventForMessage,
    zone: string,
    changes: EventChange[] | null,
    language: Language,
  ): TemplateValues {
    return {
      eventName: event.name,
      eventDate: formatEventDate(event.date, zone, language),
      eventLocation: event.location,
      updateType: changes === null ? '' : describeUpdate(changes, language),
    };
  }

  /**
   * Once per job: the texts of every language and channel, from the admin's templates (chooseTemplate: the
   * recipient's language, else the organisation's) or the built-in texts, filled with the event's values.
   */
  async function render(
    db: outbox.Db,
    job: jobs.JobRow,
    event: recipientData.EventForMessage,
    organisation: Language,
  ): Promise<RenderedTexts> {
    const kind = job.kind as MessageKind;
    const link = config.publicUrl ? `${config.publicUrl}/events/${event.id}` : undefined;
    if (kind === 'rsvp_digest') {
      const counts = await recipientData.rsvpCounts(db, event.id);
      return renderAll((language) => renderRsvpDigest({ eventName: event.name }, counts, link, language));
    }
    const type = templateTypeOf(kind);
    const [emailTemplates, smsTemplates] = type
      ? await Promise.all([
          recipientData.findTemplateTexts(db, type, 'email'),
          recipientData.findTemplateTexts(db, type, 'sms'),
        ])
      : [{}, {}];
    const zone = event.timeZone ?? (await readTimeZone(config, db));
    const valuesIn = (language: Language) => {
      const values = valuesOf(
        event,
        zone,
        kind === 'event_updated' || kind === 'series_updated' ? job.changedFields.filter(isEventChange) : null,
        language,
      );
      // A series is announced once: its first occurrence's date says how it repeats, whatever the template.
      if (kind === 'event_created' && event.series) {
        const { frequency, monthlyBy } = event.series;
        values.eventDate = withRepeats(
          values.eventDate,
          { frequency: frequency as RecurrenceFrequency, monthlyBy: monthlyBy as MonthlyBy | null },
          language,
        );
      }
      if (kind === 'series_updated') values.updateType = seriesUpdate(values.updateType, language);
      return values;
    };
    return renderAll((language) => {
      const email = chooseTemplate(emailTemplates, language, organisation);
      const sms = chooseTemplate(smsTemplates, language, organisation);
      const smsValues = valuesIn(sms.language);
      return {
        email: renderMessage(kind, 'email', valuesIn(email.language), email.custom, link, email.language),
        sms: renderMessage(kind, 'sms', smsValues, sms.custom, undefined, sms.language),
        telegram: renderMessage(kind, 'telegram', smsValues, sms.custom, undefined, sms.language),
      };
    });
  }

  /** The job's next page of recipients (the creator, who made the change, is never told about it). */
  function recipientsOf(
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
      case 'event_message':
        return recipientData.findRepliedAmong(db, event, job.userIds, page);
      case 'rsvp_digest':
        return recipientData.findUsersByIds(db, [event.creatorId], page);
      default:
        throw new Error(`unknown notification job kind: ${job.kind}`);
    }
  }

  function messagesOf(
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
          // The digest goes to the organiser: no RSVP buttons under it.
          payload:
            job.kind === 'rsvp_digest'
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
  async function guardianCopies(
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

  /** The next page of active admins gets the job's texts (rendered by `render` at its first batch). */
  async function toAdmins(
    tx: outbox.Db,
    job: jobs.JobRow,
    render: () => Promise<RenderedTexts>,
    now: Date,
    batchSize: number,
  ): Promise<FanOutBatch> {
    const stored = job.rendered as RenderedTexts | RenderedSet | null;
    const rendered = stored ?? (await render());
    const recipients = await recipientData.findActiveAdmins(tx, { after: job.cursor, limit: batchSize });
    const organisation = await readDefaultLanguage(config, tx);
    const messages = messagesOf(job, rendered, recipients, organisation).map((message) => ({
      ...message,
      payload: { buttons: false },
    }));
    const inserted = await outbox.enqueue(tx, messages, now);
    const done = recipients.length < batchSize;
    await jobs.saveJobProgress(tx, job.id, {
      cursor: recipients.at(-1)?.id ?? job.cursor,
      rendered: stored ? undefined : (rendered as unknown as PrismaTypes.InputJsonValue),
      done,
      now,
    });
    return { jobId: job.id, recipients: recipients.length, inserted, done };
  }

  const nobody = async (tx: outbox.Db, job: jobs.JobRow, now: Date): Promise<FanOutBatch> => {
    await jobs.closeJob(tx, job.id, 'done', now, null);
    return { jobId: job.id, recipients: 0, inserted: 0, done: true };
  };

  const reportsLink = () => (config.publicUrl ? `${config.publicUrl}/admin/settings?tab=reports` : undefined);

  /**
   * The admins' digest of reports: not about an event, so it has its own recipients (active admins) and
   * texts (how many reports are open when its first batch runs). Nothing open any more: nobody is told.
   */
  async function expandReportsDigest(tx: outbox.Db, job: jobs.JobRow, now: Date, batchSize: number) {
    // Counted once, at the first batch: later batches send the texts kept on the job.
    const open = job.rendered ? null : await recipientData.countOpenReports(tx);
    if (open === 0) return nobody(tx, job, now);
    const render = () => renderAll((language) => renderReportsDigest(open ?? 0, reportsLink(), language));
    return toAdmins(tx, job, render, now, batchSize);
  }

  /**
   * A safeguarding concern: every active admin, at once, told which event's discussion and where to look. A report
   * already gone (its event or comment deleted) or resolved before the alert left tells nobody.
   */
  async function expandSafeguardingAlert(tx: outbox.Db, job: jobs.JobRow, now: Date, batchSize: number) {
    const report = job.rendered ? null : await recipientData.findReportForAlert(tx, Number(job.keyVersion));
    if (!job.rendered && report?.status !== 'open') return nobody(tx, job, now);
    const eventName = report?.comment.event.name ?? '';
    const render = () => renderAll((language) => renderSafeguardingAlert(eventName, reportsLink(), language));
    return toAdmins(tx, job, render, now, batchSize);
  }

  async function expandNext(now: Date, batchSize: number): Promise<FanOutBatch | null> {
    let jobInHand: jobs.JobRow | null = null;
    try {
      return await outbox.inTransaction(
        deps.prisma,
        async (tx) => {
          const job = await jobs.lockNextJob(tx, now);
          if (!job) return null;
          jobInHand = job;
          if (job.kind === 'reports_digest') return expandReportsDigest(tx, job, now, batchSize);
          if (job.kind === 'safeguarding_alert') return expandSafeguardingAlert(tx, job, now, batchSize);
          const event = await recipientData.findEvent(tx, job.eventId);
          // Deleted before (or during) its expansion: nobody is told about an event that no longer exists.
          if (!event) {
            await jobs.closeJob(tx, job.id, 'failed', now, EVENT_DELETED);
            logger.info({ jobId: job.id, eventId: job.eventId }, 'notification job closed: event deleted');
            return { jobId: job.id, recipients: 0, inserted: 0, done: true };
          }
          const organisation = await readDefaultLanguage(config, tx);
          const stored = job.rendered as RenderedTexts | RenderedSet | null;
          const rendered = stored ?? (await render(tx, job, event, organisation));
          const recipients = await recipientsOf(tx, job, event, { after: job.cursor, limit: batchSize });
          const messages = [
            ...messagesOf(job, rendered, recipients, organisation),
            ...(await guardianCopies(tx, job, rendered, recipients, now, organisation)),
          ];
          const inserted = await outbox.enqueue(tx, messages, now);
          const done = recipients.length < batchSize;
          await jobs.saveJobProgress(tx, job.id, {
            cursor: recipients.at(-1)?.id ?? job.cursor,
            rendered: stored ? undefined : (rendered as unknown as PrismaTypes.InputJsonValue),
            done,
            now,
          });
          logger.debug({ jobId: job.id, kind: job.kind, recipients: recipients.length, inserted, done }, 'fan-out');
          return { jobId: job.id, recipients: recipients.length, inserted, done };
        },
        { timeout: BATCH_TIMEOUT_MS, maxWait: 10_000 },
      );
    } catch (error) {
      const job = jobInHand as jobs.JobRow | null;
      if (job) {
        const delay = Math.min(RETRY_MS * 2 ** job.attempts, MAX_RETRY_MS);
        const message = (error as Error)?.message ?? String(error);
        await jobs
          .deferJob(deps.prisma, job.id, new Date(now.getTime() + delay), message, MAX_ATTEMPTS)
          .catch((deferError: unknown) => logger.warn({ err: deferError, jobId: job.id }, 'could not defer job'));
      }
      throw error;
    }
  }

  return { expandNext };
}
