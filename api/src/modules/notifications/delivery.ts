// What every channel adapter speaks: one outgoing message in, success or a classified failure out.
export interface OutgoingMessage {
  /** The outbox row's idempotency key: also the email Message-ID, so a receiver can drop a duplicate. */
  key: string;
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  /** Channel extras, e.g. the event id for Telegram's RSVP buttons. */
  payload: unknown;
}

export type ChannelSender = (message: OutgoingMessage) => Promise<void>;

/**
 * A failed delivery. Permanent failures (a rejected address, a blocked bot, email switched off) are recorded
 * and never retried; temporary ones (a server down, a timeout) are retried with backoff.
 */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

export const permanentFailure = (message: string) => new DeliveryError(message, true);
export const temporaryFailure = (message: string) => new DeliveryError(message, false);
