// What the use cases tell the notification system. Each trigger takes the transaction of the change it
// reports and writes its fan-out job (or, for one message, its outbox row) there: the change and its
// notifications commit together or not at all. Every method is required: an implementation that left one out
// would drop those notifications without a word.
import type { Language } from '../../../../shared/i18n/languages';
import type { EmailLinkRequester } from '../auth/email-link-requester';
import type { Db } from './outbox-repository';
import type { EventChange } from './templates';

export interface NotificationTriggers {
  eventCreated(eventId: number, tx: Db): Promise<void>;
  /** An edit changed these (each key once, in any order); an edit that changed nothing is not announced. */
  eventUpdated(eventId: number, changes: EventChange[], tx: Db): Promise<void>;
  invited(eventId: number, userIds: number[], tx: Db): Promise<void>;
  /**
   * `requester` names the account that asked (its name and how it signs in), for the reader to judge; the email
   * is in `language` (null: the organisation's).
   */
  emailLinkRequested(
    input: {
      userId: number;
      email: string;
      confirmUrl: string;
      requester: EmailLinkRequester;
      language: Language | null;
    },
    tx: Db,
  ): Promise<void>;
  /** These members moved from the waitlist to attending: tell them, with buttons to give the spot back. */
  promoted(eventId: number, userIds: number[], tx: Db): Promise<void>;
  /** These members moved from the waitlist to a place held for their payment: tell them to pay by `heldUntil`. */
  promotedHeld(eventId: number, userIds: number[], heldUntil: Date, tx: Db): Promise<void>;
  /** These members' places, held for a payment that did not come in time, were released: tell them. */
  paymentHoldExpired(eventId: number, userIds: number[], tx: Db): Promise<void>;
  /** The organiser's message to these members (the audience as it was when sent). */
  eventMessage(
    eventId: number,
    message: { userIds: number[]; text: string; senderId: number; senderName: string },
    tx: Db,
  ): Promise<void>;
  /** A manager nudged these members, who had not replied: one reminder each (their guardians get copies). */
  nudged(eventId: number, userIds: number[], tx: Db): Promise<void>;
  /** An edit of an occurrence and every later one of its series: one announcement for them all. */
  seriesUpdated(eventId: number, changes: EventChange[], tx: Db): Promise<void>;
  /** The organiser opted in to a digest of new RSVPs: one message, due at `dueAt`. */
  rsvpDigest(eventId: number, dueAt: Date, tx: Db): Promise<void>;
  /** A comment was reported: the admins get one digest of open reports, at most one an hour. */
  reportsDigest(tx: Db): Promise<void>;
  /** A safeguarding concern was reported: every active admin is alerted now, not in the digest. */
  safeguardingAlert(reportId: number, eventId: number, tx: Db): Promise<void>;
}
