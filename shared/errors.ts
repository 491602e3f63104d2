// Domain errors: what went wrong in the product's terms, thrown by services and understood by every entry
// point. The API's error middleware maps a kind to an HTTP status and the SPEC's `{ "error": … }` body; the
// bot maps the same errors to its replies. Services never speak HTTP.
import { MSG } from './messages';

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
  constructor(
    readonly kind: ErrorKind,
    message: string,
    /** For 'rate_limited': when trying again makes sense, in seconds. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalid = (message: string) => new DomainError('invalid', message);
export const unauthenticated = (message: string = MSG.notSignedIn) => new DomainError('unauthenticated', message);
export const forbidden = (message: string = MSG.forbidden) => new DomainError('forbidden', message);
export const notFound = (message = 'Not found') => new DomainError('not_found', message);
export const conflict = (message: string) => new DomainError('conflict', message);
export const rateLimited = (
  message = 'Too many requests. Please wait a minute and try again.',
  retryAfterSeconds?: number,
) => new DomainError('rate_limited', message, retryAfterSeconds);
export const upstreamFailed = (message: string) => new DomainError('upstream_failed', message);
export const unsupported = (message: string) => new DomainError('unsupported', message);
export const tooLarge = (message: string) => new DomainError('too_large', message);
export const gone = (message: string) => new DomainError('gone', message);
