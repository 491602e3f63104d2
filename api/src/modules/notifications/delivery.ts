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

export interface DeliveryErrorDetail {
  /** The recipient refuses this channel for good (a blocked bot): stop using it for them. */
  unreachable?: boolean;
  /** The channel asked us to wait this long (Telegram's 429 retry_after): retry then, not after a backoff. */
  retryAfterMs?: number;
}

/**
 * A failed delivery. Permanent failures (a rejected address, a blocked bot, email switched off) are recorded
 * and never retried; temporary ones (a server down, a timeout) are retried with backoff.
 */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly detail: DeliveryErrorDetail = {},
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

export const permanentFailure = (message: string) => new DeliveryError(message, true);
export const temporaryFailure = (message: string) => new DeliveryError(message, false);
/** The recipient cannot be reached on this channel until they do something (e.g. press Start in the bot). */
export const unreachableRecipient = (message: string) => new DeliveryError(message, true, { unreachable: true });
/** Throttled: try again after `retryAfterMs`, without counting it as a failed attempt. */
export const rateLimited = (message: string, retryAfterMs: number) =>
  new DeliveryError(message, false, { retryAfterMs });

/** An event deleted after its notifications were triggered: telling people about it would only confuse. */
export const EVENT_DELETED = 'Not sent: the event was deleted before delivery';
