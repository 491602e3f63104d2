// Domain errors: what went wrong in the product's terms, thrown by services and understood by every entry
// point. The API's error middleware maps a kind to an HTTP status and the SPEC's `{ "error": … }` body; the
// bot maps the same errors to its replies. Services never speak HTTP.
import { compileMessage } from './i18n/translate';
import { FIELD_NAMES, withFieldName } from './field-names';
import { MSG, type MessageWithValues } from './messages';

/** A message with values in English, as zod and the logs hold it. */
export const inEnglish = (message: MessageWithValues): string =>
  String(compileMessage(message.source, 'en').format(withFieldName(message.values, (field) => FIELD_NAMES[field])));

/** What a domain error says: an MSG text, or an MSG message with values. */
export type ErrorMessage = Extract<(typeof MSG)[keyof typeof MSG], string> | MessageWithValues;

/**
 * A text no catalog holds, sent as written (so in English): only for what a library says in its own words, such
 * as zod's message for a key a strict body does not allow. Whatever a member is meant to read is an MSG message.
 */
export const asWritten = (text: string) => text as ErrorMessage;

export type ErrorKind =
  /** The input breaks a rule (a SPEC validation message says which). */
  | 'invalid'
  /** Nobody is signed in, or the proof of who they are failed. */
  | 'unauthenticated'
  /** Signed in, but not allowed to do this. */
  | 'forbidden'
  /** No such thing, or not one this person may see. */
  | 'not_found'
  /** The request contradicts the current state (already taken, already linked). */
  | 'conflict'
  /** Too many attempts; try again later. */
  | 'rate_limited'
  /** A provider outside (SMTP server, SMS gateway) refused or failed. */
  | 'upstream_failed'
  /** The request's form is not one we accept (not JSON). */
  | 'unsupported'
  /** The upload is bigger than we take (an image over 10 MB). */
  | 'too_large'
  /** It existed but can no longer be used (an expired or used-up invite link). */
  | 'gone';

export class DomainError extends Error {
  /** The message as MSG holds it (English text, or ICU text with `values`): how it is found in the catalogs. */
  readonly source: string;
  readonly values?: Readonly<Record<string, string | number>>;
  /** More of the answer for clients that act on it (`missing` question ids), sent beside `error` and `code`. */
  fields?: Readonly<Record<string, unknown>>;

  constructor(
    readonly kind: ErrorKind,
    message: ErrorMessage,
    /** For 'rate_limited': when trying again makes sense, in seconds. */
    readonly retryAfterSeconds?: number,
  ) {
    super(typeof message === 'string' ? message : inEnglish(message));
    this.name = 'DomainError';
    this.source = typeof message === 'string' ? message : message.source;
    if (typeof message !== 'string') this.values = message.values;
  }
}

export const invalid = (message: ErrorMessage) => new DomainError('invalid', message);
/** A 400 whose answer carries `fields` too. */
export const invalidWith = (message: ErrorMessage, fields: Record<string, unknown>) =>
  Object.assign(new DomainError('invalid', message), { fields });
export const unauthenticated = (message: ErrorMessage = MSG.notSignedIn) => new DomainError('unauthenticated', message);
export const forbidden = (message: ErrorMessage = MSG.forbidden) => new DomainError('forbidden', message);
export const notFound = (message: ErrorMessage = MSG.notFound) => new DomainError('not_found', message);
export const conflict = (message: ErrorMessage) => new DomainError('conflict', message);
export const rateLimited = (message: ErrorMessage = MSG.tooManyRequests, retryAfterSeconds?: number) =>
  new DomainError('rate_limited', message, retryAfterSeconds);
export const upstreamFailed = (message: ErrorMessage) => new DomainError('upstream_failed', message);
export const unsupported = (message: ErrorMessage) => new DomainError('unsupported', message);
export const tooLarge = (message: ErrorMessage) => new DomainError('too_large', message);
export const gone = (message: ErrorMessage) => new DomainError('gone', message);
