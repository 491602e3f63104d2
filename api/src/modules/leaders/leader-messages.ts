// The notices of leader checks and event leaders, written straight into the outbox in the scan's transaction:
// a check running out in 30 and in 7 days (to its member and to the admins), and an event with minors that still
// lacks leaders 48 hours before it starts (to those who run it). Each goes on the channels its reader ticked;
// its key names the check (or event and date) and the reason, so a scan that runs twice sends nothing twice.
import escapeHtml from 'escape-html';
import type { AppConfig } from '../../config';
import { translator } from '../../../../shared/i18n/all-catalogs';
import { defineMessages, type MessageDescriptor } from '../../../../shared/i18n/define';
import { isLanguage, type Language } from '../../../../shared/i18n/languages';
import type { MessageValues } from '../../../../shared/i18n/translate';
import { cleanPersonName } from '../../../../shared/text';
import { readDefaultLanguage, readTimeZone } from '../organisation/organisation-service';
import * as outbox from '../notifications/outbox-repository';
import * as recipientData from '../notifications/recipients-repository';
import { channelsOf } from '../notifications/recipient-texts';
import { formatEventDate } from '../notifications/templates';
import type { Tx } from './leader-checks-repository';

const TEXTS = defineMessages({
  ownSubject: {
    id: 'notify.leaderCheck.ownSubject',
    description: 'kind: which check (a select); date: the last day it holds, e.g. "12 March 2031"',
    defaultMessage:
      '{kind, select, background_check {Your background check} safeguarding_training {Your safeguarding training} other {Your first aid certificate}} runs out on {date}',
  },
  ownBody: {
    id: 'notify.leaderCheck.ownBody',
    description: 'kind: which check (a select); date: its last day; days: days left',
    defaultMessage:
      '{kind, select, background_check {Your background check} safeguarding_training {Your safeguarding training} other {Your first aid certificate}} runs out on {date}, in {days, plural, one {# day} other {# days}}. Please renew it in time: events need leaders whose checks are current.',
  },
  adminSubject: {
    id: 'notify.leaderCheck.adminSubject',
    description: 'name: the member; kind: which check (a select); date: its last day',
    defaultMessage:
      '{name}: {kind, select, background_check {background check} safeguarding_training {safeguarding training} other {first aid certificate}} runs out on {date}',
  },
  adminBody: {
    id: 'notify.leaderCheck.adminBody',
    description: 'name: the member; kind: which check (a select); date: its last day; days: days left',
    defaultMessage:
      'The {kind, select, background_check {background check} safeguarding_training {safeguarding training} other {first aid certificate}} of {name} runs out on {date}, in {days, plural, one {# day} other {# days}}. Admin settings → Members shows their checks.',
  },
  shortfallSubject: { id: 'notify.leaders.shortfallSubject', defaultMessage: 'Leaders needed: {event}' },
  shortfallBody: {
    id: 'notify.leaders.shortfallBody',
    description: 'event: its name; when: its date and time; minors, leaders, required: numbers',
    defaultMessage:
      '{event} on {when} has {minors, plural, one {# young member} other {# young members}} attending and {leaders, plural, =0 {no cleared leader} one {# cleared leader} other {# cleared leaders}}; it needs {required}. Please name its leaders on the event page.',
  },
});

const say = (language: Language, message: MessageDescriptor, values?: MessageValues) =>
  translator.t(language, message.id, values);

/** A YYYY-MM-DD day as the reader's language writes it ("12 March 2031"). */
const dayText = (day: string, language: Language) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

type Contact = recipientData.RecipientRow & { name: string };

function messagesTo(
  user: Contact,
  key: string,
  kind: string,
  subject: string,
  lines: string[],
  subjectUserIds: number[],
  payload: Record<string, unknown> = { buttons: false },
): outbox.NewOutboxMessage[] {
  return channelsOf(user).map((address) => ({
    idempotencyKey: `${key}:${user.id}:${address.channel}`,
    kind,
    channel: address.channel,
    userId: user.id,
    recipient: address.recipient,
    subject: address.channel === 'sms' ? null : subject,
    body: lines.join('\n\n'),
    html: address.channel === 'email' ? lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n') : null,
    payload: payload as outbox.NewOutboxMessage['payload'],
    subjectUserIds,
  }));
}

export interface LeaderMessageDeps {
  config: Pick<AppConfig, 'publicUrl' | 'notificationsTimeZone' | 'organisationDefaults'>;
}

/** Tells the member and every active admin that a check runs out in `left` days (the 30- or 7-day reminder). */
export async function queueCheckReminder(
  tx: Tx,
  deps: LeaderMessageDeps,
  check: { id: number; userId: number; kind: string; expiresOn: string },
  reminder: { days: 30 | 7; left: number },
  adminIds: number[],
  now: Date,
): Promise<void> {
  const organisation = await readDefaultLanguage(deps.config, tx);
  const contacts = await recipientData.findContactsByIds(tx, [...new Set([check.userId, ...adminIds])]);
  const member = contacts.find((contact) => contact.id === check.userId);
  if (!member) return;
  const key = `leader_check_${reminder.days}:${check.id}`;
  const messages: outbox.NewOutboxMessage[] = [];
  for (const reader of contacts) {
    const language = isLanguage(reader.language) ? reader.language : organisation;
    const values = {
      kind: check.kind,
      date: dayText(check.expiresOn, language),
      days: reminder.left,
      name: cleanPersonName(member.name),
    };
    const own = reader.id === member.id;
    messages.push(
      ...messagesTo(
        reader,
        key,
        `leader_check_${reminder.days}`,
        say(language, own ? TEXTS.ownSubject : TEXTS.adminSubject, values),
        [say(language, own ? TEXTS.ownBody : TEXTS.adminBody, values)],
        [member.id],
      ),
    );
  }
  await outbox.enqueue(tx, messages, now);
}

/** Tells those who run the event that it lacks cleared leaders (the ratio's figures). */
export async function queueLeaderShortfall(
  tx: Tx,
  deps: LeaderMessageDeps,
  event: { id: number; name: string; date: Date },
  ratio: { leaders: number; minors: number; required: number },
  managerIds: number[],
  now: Date,
): Promise<void> {
  const found = await recipientData.findEvent(tx, event.id);
  if (!found) return;
  const organisation = await readDefaultLanguage(deps.config, tx);
  const zone = found.timeZone ?? (await readTimeZone(deps.config, tx));
  const link = deps.config.publicUrl ? `${deps.config.publicUrl}/events/${event.id}` : null;
  const messages: outbox.NewOutboxMessage[] = [];
  for (const reader of await recipientData.findContactsByIds(tx, managerIds)) {
    const language = isLanguage(reader.language) ? reader.language : organisation;
    const values = { event: event.name, when: formatEventDate(event.date, zone, language), ...ratio };
    messages.push(
      ...messagesTo(
        reader,
        `leader_shortfall:${event.id}:${event.date.getTime()}`,
        'leader_shortfall',
        say(language, TEXTS.shortfallSubject, values),
        [say(language, TEXTS.shortfallBody, values), ...(link ? [link] : [])],
        [],
        { eventId: event.id, buttons: false },
      ),
    );
  }
  await outbox.enqueue(tx, messages, now);
}
