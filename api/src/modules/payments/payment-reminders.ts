// Members who owe an event's fee are reminded once, 3 days before it starts, on the channels they chose and in
// their language, through the outbox. The event is claimed by stamping payment_reminded_at in the transaction
// that queues the messages, so whichever instance sweeps first sends them and nobody sends them twice.
import escapeHtml from 'escape-html';
import { translator } from '../../../../shared/i18n/all-catalogs';
import { defineMessages } from '../../../../shared/i18n/define';
import type { Language } from '../../../../shared/i18n/languages';
import { formatMoney } from '../../../../shared/money';
import type { AppDeps } from '../../deps';
import { enqueue, type NewOutboxMessage } from '../notifications/outbox-repository';
import { channelsOf, languageOf } from '../notifications/recipient-texts';
import { findContactsByIds } from '../notifications/recipients-repository';
import { formatEventDate } from '../notifications/templates';
import { readDefaultLanguage, readTimeZone } from '../organisation/organisation-service';
import * as repo from './payment-reminders-repository';

/** How long before the event members who owe are reminded. */
export const PAYMENT_REMINDER_LEAD_MS = 3 * 24 * 60 * 60 * 1000;

const TEXTS = defineMessages({
  subject: { id: 'payments.reminder.subject', defaultMessage: 'Payment due: {event}' },
  body: {
    id: 'payments.reminder.body',
    defaultMessage: '{event} on {when} costs {amount}, and we have not received your payment yet.',
  },
  link: { id: 'payments.reminder.link', defaultMessage: 'Pay or see how on the event page: {link}' },
  noLink: { id: 'payments.reminder.noLink', defaultMessage: 'Please pay an organiser before the event.' },
});

export function createPaymentReminders(deps: Pick<AppDeps, 'config' | 'prisma'>) {
  /** Claims the events starting within 3 days that were not reminded yet and queues their reminders. */
  async function sendDue(now: Date): Promise<number> {
    let queued = 0;
    for (const eventId of await repo.eventsDue(deps.prisma, now, new Date(now.getTime() + PAYMENT_REMINDER_LEAD_MS))) {
      queued += await deps.prisma.$transaction(async (tx) => {
        const event = await repo.claimEvent(tx, eventId, now);
        if (!event || event.feeAmount === null || event.feeCurrency === null) return 0;
        const { feeAmount, feeCurrency } = event;
        const owing = await findContactsByIds(tx, await repo.owingMembers(tx, eventId));
        const organisation = await readDefaultLanguage(deps.config, tx);
        const zone = event.timeZone ?? (await readTimeZone(deps.config, tx));
        const link = deps.config.publicUrl ? `${deps.config.publicUrl}/events/${eventId}` : null;
        const messages: NewOutboxMessage[] = owing.flatMap((member) => {
          const language: Language = languageOf(member, organisation);
          const t = (id: string, values?: Record<string, string>) => translator.t(language, id, values);
          const values = {
            event: event.name,
            when: formatEventDate(event.date, zone, language),
            amount: formatMoney(feeAmount, feeCurrency, language),
          };
          const lines = [t(TEXTS.body.id, values), link ? t(TEXTS.link.id, { link }) : t(TEXTS.noLink.id)];
          return channelsOf(member).map(
            (address): NewOutboxMessage => ({
              idempotencyKey: `payment_reminder:${eventId}:${member.id}:${address.channel}`,
              kind: 'payment_reminder',
              channel: address.channel,
              userId: member.id,
              recipient: address.recipient,
              subject: address.channel === 'sms' ? null : t(TEXTS.subject.id, { event: event.name }),
              body: lines.join('\n\n'),
              html: address.channel === 'email' ? lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n') : null,
              payload: { eventId, buttons: false },
            }),
          );
        });
        return enqueue(tx, messages, now);
      });
    }
    return queued;
  }

  return { sendDue };
}
