// The outbox implementation of NotificationTriggers: each trigger decides who hears about what, renders the
// text once per channel, and enqueues one row per recipient x channel with a unique idempotency key.
// Nothing is sent here; the worker delivers (DESIGN.md §5).
import type { OutboxChannel, Prisma as PrismaTypes } from '@prisma/client';
import type { AppConfig } from '../../config';
import type { Prisma } from '../../db/database';
import { sha256 } from '../../lib/secrets';
import type { Logger } from '../../logger';
import * as outbox from './outbox-repository';
import {
  describeUpdate,
  escapeHtml,
  formatEventDate,
  renderMessage,
  templateTypeOf,
  type MessageKind,
  type TemplateValues,
} from './templates';
import type { NotificationTriggers } from './triggers';

export const PRODUCT_NAME = 'Community Events';

export interface TriggerDeps {
  prisma: Prisma;
  config: AppConfig;
  logger: Logger;
  now: () => Date;
}

/**
 * A user's channels: those they ticked for which we also have an address we may use. SMS needs a number the
 * member confirmed with a code: ticking SMS beside an unconfirmed number saves the choice but sends nothing.
 */
export function channelsOf(user: outbox.RecipientRow): Array<{ channel: OutboxChannel; recipient: string }> {
  const email = user.googleEmail ?? (user.linkedEmailConfirmed ? user.linkedEmail : null);
  const result: Array<{ channel: OutboxChannel; recipient: string }> = [];
  if (user.notificationPrefs.includes('email') && email) result.push({ channel: 'email', recipient: email });
  if (user.notificationPrefs.includes('sms') && user.phoneNumber && user.phoneVerifiedAt)
    result.push({ channel: 'sms', recipient: user.phoneNumber });
  if (user.notificationPrefs.includes('telegram') && user.telegramId)
    result.push({ channel: 'telegram', recipient: user.telegramId });
  return result;
}

export type Db = PrismaTypes.TransactionClient;

export function createOutboxTriggers(deps: TriggerDeps) {
  const { config, logger } = deps;

  /** updateType belongs to 'event updated' messages only; elsewhere it stays empty rather than invent a change. */
  function valuesOf(event: outbox.EventForMessage, updateType?: string): TemplateValues {
    return {
      eventName: event.name,
      eventDate: formatEventDate(event.date, config.notificationsTimeZone),
      eventLocation: event.location,
      updateType: updateType === undefined ? '' : describeUpdate(updateType),
    };
  }

  /** Renders once per channel and enqueues a row for each recipient's channels. */
  async function enqueueFor(
    db: Db,
    kind: MessageKind,
    event: outbox.EventForMessage,
    recipients: outbox.RecipientRow[],
    keyVersion: string | null,
    updateType?: string,
  ): Promise<number> {
    if (!recipients.length) return 0;
    const type = templateTypeOf(kind);
    const [emailTemplate, smsTemplate] = type
      ? await Promise.all([outbox.findTemplateText(db, type, 'email'), outbox.findTemplateText(db, type, 'sms')])
      : [null, null];
    const values = valuesOf(event, updateType);
    const link = config.publicUrl ? `${config.publicUrl}/events/${event.id}` : undefined;
    const rendered = {
      email: renderMessage(kind, 'email', values, emailTemplate, link),
      sms: renderMessage(kind, 'sms', values, smsTemplate),
      telegram: renderMessage(kind, 'telegram', values, smsTemplate),
    };
    const messages: outbox.NewOutboxMessage[] = [];
    for (const user of recipients) {
      for (const { channel, recipient } of channelsOf(user)) {
        const message = rendered[channel];
        messages.push({
          idempotencyKey: [kind, event.id, user.id, channel, keyVersion].filter((part) => part !== null).join(':'),
          kind,
          channel,
          userId: user.id,
          recipient,
          subject: channel === 'sms' ? null : message.subject,
          body: message.text,
          html: message.html,
          payload: { eventId: event.id },
        });
      }
    }
    const inserted = await outbox.enqueue(db, messages, deps.now());
    logger.info({ kind, eventId: event.id, messages: messages.length, inserted }, 'notifications enqueued');
    return inserted;
  }

  async function loadEvent(db: Db, eventId: number) {
    const event = await outbox.findEvent(db, eventId);
    if (!event) logger.warn({ eventId }, 'notification for a missing event skipped');
    return event;
  }

  const triggers: NotificationTriggers = {
    async eventCreated(eventId) {
      const event = await loadEvent(deps.prisma, eventId);
      if (!event) return;
      const recipients = event.isPublic
        ? await outbox.findAllMembers(deps.prisma, event.creatorId)
        : await outbox.findInvitees(deps.prisma, event.id, event.creatorId);
      await enqueueFor(deps.prisma, 'event_created', event, recipients, null);
    },

    async eventUpdated(eventId, updateType) {
      const event = await loadEvent(deps.prisma, eventId);
      if (!event) return;
      // A new date deserves a new reminder.
      if (/\bdate\b/.test(updateType)) await outbox.resetReminder(deps.prisma, event.id);
      const recipients = await outbox.findAttendeesAndInvitees(deps.prisma, event);
      // Every edit is news: the edit time versions the key, so a retried trigger still sends once.
      await enqueueFor(deps.prisma, 'event_updated', event, recipients, String(event.updatedAt.getTime()), updateType);
    },

    async invited(eventId, userIds) {
      if (!userIds.length) return;
      const event = await loadEvent(deps.prisma, eventId);
      if (!event) return;
      const recipients = await outbox.findUsersByIds(
        deps.prisma,
        userIds.filter((id) => id !== event.creatorId),
      );
      await enqueueFor(deps.prisma, 'invited', event, recipients, null);
    },

    async emailLinkRequested({ userId, email, confirmUrl }) {
      const text =
        `Someone (hopefully you) asked to link this email address to an account on ${PRODUCT_NAME}.\n\n` +
        `To confirm, open this link:\n${confirmUrl}\n\n` +
        'If this was not you, ignore this email: nothing changes without the link.';
      const html =
        `<p>Someone (hopefully you) asked to link this email address to an account on ${PRODUCT_NAME}.</p>` +
        `<p><a href="${escapeHtml(confirmUrl)}">Confirm this email address</a></p>` +
        '<p>If this was not you, ignore this email: nothing changes without the link.</p>';
      await outbox.enqueue(
        deps.prisma,
        [
          {
            idempotencyKey: `email_link:${userId}:${sha256(confirmUrl).slice(0, 32)}`,
            kind: 'email_link',
            channel: 'email',
            userId,
            recipient: email,
            subject: `Confirm your email address for ${PRODUCT_NAME}`,
            body: text,
            html,
          },
        ],
        deps.now(),
      );
    },
  };

  /**
   * Reminders for events starting within the lead time. Marking the events and enqueueing their messages
   * happen in one transaction: a crash in between neither loses the reminders nor sends them twice.
   */
  async function enqueueDueReminders(now: Date): Promise<number> {
    return deps.prisma.$transaction(async (tx) => {
      const eventIds = await outbox.takeDueReminders(tx, now, config.reminderLeadMs);
      let count = 0;
      for (const eventId of eventIds) {
        const event = await outbox.findEvent(tx, eventId);
        if (!event) continue;
        const attendees = await outbox.findAttendees(tx, event);
        count += await enqueueFor(tx, 'reminder', event, attendees, String(event.date.getTime()));
      }
      return count;
    });
  }

  return { ...triggers, enqueueDueReminders };
}

export type OutboxTriggers = ReturnType<typeof createOutboxTriggers>;
