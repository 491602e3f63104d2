// Expands fan-out jobs into outbox rows (DESIGN §5). A job says "this change happened"; a batch takes the next
// recipients after the job's cursor (keyset by user id), inserts one row per recipient × channel with its
// idempotency key (a key seen before is skipped), and moves the cursor, all in one transaction. A crash loses
// at most the batch in hand, which the next worker redoes; nothing is inserted twice.
import type { Prisma as PrismaTypes } from '@prisma/client';
import type { AppConfig } from '../../config';
import type { Prisma } from '../../db/database';
import type { Logger } from '../../logger';
import { readDefaultLanguage } from '../organisation/organisation-service';
import { EVENT_DELETED } from './delivery';
import * as outbox from './outbox-repository';
import * as jobs from './jobs-repository';
import * as recipientData from './recipients-repository';
import { guardianCopies, messagesOf, recipientsOf } from './job-recipients';
import { renderJobTexts } from './job-texts';
import { renderAll, type RenderedSet, type RenderedTexts } from './recipient-texts';
import { renderReportsDigest, renderSafeguardingAlert } from './organiser-texts';

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
          const rendered = stored ?? (await renderJobTexts(config, tx, job, event, organisation));
          const recipients = await recipientsOf(tx, job, event, { after: job.cursor, limit: batchSize });
          const messages = [
            ...messagesOf(job, rendered, recipients, organisation),
            ...(await guardianCopies(deps, tx, job, rendered, recipients, now, organisation)),
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
