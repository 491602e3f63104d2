// How the API answers a domain error (shared/errors.ts): one status per kind. Only the error middleware uses it.
import type { ErrorKind } from '../../../shared/errors';

export const STATUS_OF: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  upstream_failed: 502,
  unsupported: 415,
  too_large: 413,
  gone: 410,
};
