// The outbox implementation of NotificationTriggers. A trigger runs inside the transaction of the change and
// writes one fan-out job (one row, whatever the number of recipients); the worker expands it (fan-out.ts) and
// delivers. Nothing is rendered or sent here (DESIGN §5).
import escapeHtml from 'escape-html';
import type { Prisma as PrismaTypes } from '@prisma/client';
import type { AppConfig } from '../../config';
import type { Prisma } from '../../db/database';
import { randomToken, sha256 } from '../../lib/secrets';
import { oneLine } from '../../lib/display-text';
import type { Logger } from '../../logger';
import { translator } from '../../../../shared/i18n/all-catalogs';
import { defineMessages, type MessageDescriptor } from '../../../../shared/i18n/define';
import type { MessageValues } from '../../../../shared/i18n/translate';
import { cleanPersonName } from '../../../../shared/text';
import { describeWays } from '../auth/email-link-requester';
import { readDefaultLanguage, readTimeZone } from '../organisation/organisation-service';
import { createFanOut } from './fan-out';
import { renderAll } from './recipient-texts';
import * as outbox from './outbox-repository';
import * as jobs from './jobs-repository';
import * as recipientData from './recipients-repository';
import type { Db } from './outbox-repository';
import { renderOrganiserMessage } from './organiser-texts';
import { formatEventDate } from './templates';
import type { NotificationTriggers } from './triggers';

/** The email that confirms an address a member asked to link, in the language of the request. */
const EMAIL_LINK = defineMessages({
  subject: { id: 'email.linkEmail.subject', defaultMessage: 'Confirm your email address for {product}' },
  asker: {
    id: 'email.linkEmail.asker',
    description: 'name: the account’s name; signIn: how it signs in, e.g. "Telegram account @name"',
    defaultMessage: '“{name}” ({signIn})',
  },
  asked: {
    id: 'email.linkEmail.asked',
    description: 'asker: the account that asked, as email.linkEmail.asker writes it',
    defaultMessage: '{asker} asked to link this email address, {email}, to their account on {product}.',
  },
  warning: {
    id: 'email.linkEmail.warning',
    defaultMessage:
      'If you do not know this account, do not confirm: ignore this email, nothing changes without the link. Once confirmed, signing in with Google as {email} opens that account, and whoever holds it can use it too.',
  },
  openLink: {
    id: 'email.linkEmail.openLink',
    description: 'The link follows on the next line',
    defaultMessage: 'To confirm, open this link:',
  },
  button: { id: 'email.linkEmail.button', defaultMessage: 'Confirm this email address' },
});
/** The admins hear of reports at most once an hour: the digest waits this long after the first one. */
export const REPORTS_DIGEST_DELAY_MS = 60 * 60 * 1000;

export interface TriggerDeps {
  prisma: Prisma;
  config: AppConfig;
  logger: Logger;
  now: () => Date;
}

/**
 * Tells members they moved up from the waitlist: one job in the promoting transaction. Each promotion is news
 * once: a random version keeps a later promotion of the same member apart. With `heldUntil` the place waits for
 * their payment: the job ('promoted_held') carries the deadline as its version (its texts say to pay by then).
 * Exported for erasure and withdrawn consents, which free spots inside a transaction with no service at hand.
 */
export async function queuePromoted(
  tx: Db,
  eventId: number,
  userIds: number[],
  now: Date,
  heldUntil: Date | null = null,
): Promise<void> {
  if (!userIds.length) return;
  const job = heldUntil
    ? { kind: 'promoted_held' as const, eventId, userIds, keyVersion: String(heldUntil.getTime()) }
    : { kind: 'promoted' as const, eventId, userIds, keyVersion: randomToken(9) };
  await jobs.insertJobs(tx, [job], now);
}

export function createOutboxTriggers(deps: TriggerDeps) {
  const { config } = deps;

  const triggers: NotificationTriggers = {
    async eventCreated(eventId, tx) {
      const event = await recipientData.findEvent(tx, eventId);
      if (!event) return;
      // Public: news to every member (counted at fan-out). Private: to those invited as it is created (often
      // nobody yet), and nobody else — people invited later get their invitation instead.
      const userIds = event.isPublic ? [] : await recipientData.findInviteeIds(tx, eventId);
      await jobs.insertJobs(tx, [{ kind: 'event_created', eventId, userIds }], deps.now());
    },

    async eventUpdated(eventId, changes, tx) {
      // Read in the edit's own transaction: its updated_at versions the keys, so every edit is news once.
      const event = await recipientData.findEvent(tx, eventId);
      if (!event) return;
      // A new date deserves a new reminder.
      if (changes.includes('date')) await jobs.resetReminder(tx, event.id);
      await jobs.insertJobs(
        tx,
        [{ kind: 'event_updated', eventId, changedFields: changes, keyVersion: String(event.updatedAt.getTime()) }],
        deps.now(),
      );
    },

    /** Each nudge is news once: its time versions the keys (the service allows one a day per member). */
    async nudged(eventId, userIds, tx) {
      if (!userIds.length) return;
      const now = deps.now();
      await jobs.insertJobs(tx, [{ kind: 'nudge', eventId, userIds, keyVersion: String(now.getTime()) }], now);
    },

    /** One job for this and every later occurrence; their attendees and invitees hear of it once. */
    async seriesUpdated(eventId, changes, tx) {
      const event = await recipientData.findEvent(tx, eventId);
      if (!event) return;
      await jobs.insertJobs(
        tx,
        [{ kind: 'series_updated', eventId, changedFields: changes, keyVersion: String(event.updatedAt.getTime()) }],
        deps.now(),
      );
    },

    async invited(eventId, userIds, tx) {
      if (!userIds.length) return;
      await jobs.insertJobs(tx, [{ kind: 'invited', eventId, userIds }], deps.now());
    },

    async promoted(eventId, userIds, tx) {
      await queuePromoted(tx, eventId, userIds, deps.now());
    },

    async promotedHeld(eventId, userIds, heldUntil, tx) {
      await queuePromoted(tx, eventId, userIds, deps.now(), heldUntil);
    },

    /** Each release is news once: its time versions the keys (a member held and released again is told again). */
    async paymentHoldExpired(eventId, userIds, tx) {
      if (!userIds.length) return;
      const now = deps.now();
      await jobs.insertJobs(
        tx,
        [{ kind: 'payment_hold_expired', eventId, userIds, keyVersion: String(now.getTime()) }],
        now,
      );
    },

    /** The organiser's words are rendered now and kept on the job, like any job's texts after its first batch. */
    async eventMessage(eventId, { userIds, text, senderId, senderName }, tx) {
      const event = await recipientData.findEvent(tx, eventId);
      if (!event || !userIds.length) return;
      const link = config.publicUrl ? `${config.publicUrl}/events/${event.id}` : undefined;
      const zone = event.timeZone ?? (await readTimeZone(config, tx));
      const rendered = await renderAll((language) => {
        const values = {
          eventName: event.name,
          eventDate: formatEventDate(event.date, zone, language),
        };
        return renderOrganiserMessage(values, senderName, text, link, language);
      });
      await jobs.insertJobs(
        tx,
        [
          {
            kind: 'event_message',
            eventId,
            userIds,
            keyVersion: randomToken(9),
            rendered: rendered as unknown as PrismaTypes.InputJsonValue,
            // The texts name the sender: erasing them drops these words from the job and its messages.
            subjectUserIds: [senderId],
          },
        ],
        deps.now(),
      );
    },

    /** One digest job due at `dueAt`; the event remembers it, so RSVPs until then join this one. */
    async rsvpDigest(eventId, dueAt, tx) {
      await jobs.setDigestDue(tx, eventId, dueAt);
      await jobs.insertJobs(
        tx,
        [{ kind: 'rsvp_digest', eventId, keyVersion: String(dueAt.getTime()), dueAt }],
        deps.now(),
      );
    },

    /** One digest an hour after the first report nobody has been told of; later reports until then join it. */
    async reportsDigest(tx) {
      const now = deps.now();
      await jobs.insertReportsDigestOnce(tx, new Date(now.getTime() + REPORTS_DIGEST_DELAY_MS), now);
    },

    /** Due now: the worker's next round tells the admins. Keyed by the report, so it is told once. */
    async safeguardingAlert(reportId, eventId, tx) {
      await jobs.insertJobs(tx, [{ kind: 'safeguarding_alert', eventId, keyVersion: String(reportId) }], deps.now());
    },

    /**
     * One message to one address: its outbox row is written directly, with the link request's transaction. It
     * names the account that asked, so the address's owner can refuse to hand their sign-in to a stranger.
     */
    async emailLinkRequested({ userId, email, confirmUrl, requester, language: chosen }, tx) {
      const language = chosen ?? (await readDefaultLanguage(config, tx));
      const say = (message: MessageDescriptor, values?: MessageValues) => translator.t(language, message.id, values);
      const asker = say(EMAIL_LINK.asker, {
        name: cleanPersonName(requester.name),
        signIn: oneLine(describeWays(requester.ways, language)),
      });
      const asked = say(EMAIL_LINK.asked, { asker, email, product: config.brand.name });
      const warning = say(EMAIL_LINK.warning, { email });
      const text = `${asked}\n\n${warning}\n\n${say(EMAIL_LINK.openLink)}\n${confirmUrl}\n`;
      const html =
        `<p>${escapeHtml(asked)}</p>` +
        `<p><strong>${escapeHtml(warning)}</strong></p>` +
        `<p><a href="${escapeHtml(confirmUrl)}">${escapeHtml(say(EMAIL_LINK.button))}</a></p>`;
      await outbox.enqueue(
        tx,
        [
          {
            idempotencyKey: `email_link:${userId}:${sha256(confirmUrl).slice(0, 32)}`,
            kind: 'email_link',
            channel: 'email',
            userId,
            recipient: email,
            subject: say(EMAIL_LINK.subject, { product: config.brand.name }),
            body: text,
            html,
            subjectUserIds: [userId],
          },
        ],
        deps.now(),
      );
    },
  };

  /**
   * Reminders for events starting within the lead time: marking the events and writing one job per event
   * happen in one transaction, so a crash in between neither loses the reminders nor sends them twice.
   * Answers the number of events.
   */
  async function enqueueDueReminders(now: Date): Promise<number> {
    return outbox.inTransaction(deps.prisma, async (tx) => {
      const due = await jobs.takeDueReminders(tx, now, config.reminderLeadMs);
      await jobs.insertJobs(
        tx,
        due.map((event) => ({
          kind: 'reminder' as const,
          eventId: event.id,
          keyVersion: String(event.date.getTime()),
        })),
        now,
      );
      return due.length;
    });
  }

  return { ...triggers, enqueueDueReminders, ...createFanOut(deps) };
}

export type OutboxTriggers = ReturnType<typeof createOutboxTriggers>;
