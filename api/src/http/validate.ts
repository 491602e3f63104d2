// Parsing of everything a client sends: bodies, ids and queries. Failures become 400 with the schema's message.
import { MSG, type IdKind } from '../../../shared/messages';
import type { z } from 'zod';
import { isStorableText } from '../../../shared/schemas/fields';
import { validationMessage } from '../../../shared/schemas/said';
import { asWritten, invalid } from '../../../shared/errors';

/** True when some string anywhere in the value could not be stored in PostgreSQL text (NUL, lone surrogate). */
function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return !isStorableText(value);
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  const items = Array.isArray(value) ? value : [...Object.keys(value), ...Object.values(value)];
  return items.some((item) => hasUnstorableText(item, depth + 1));
}

/**
 * Validates input against a shared schema. Every request body goes through here, so text that the database
 * cannot hold is refused once for all modules, whatever the schema says.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  if (hasUnstorableText(input)) throw invalid(MSG.textNotAllowed);
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw invalid(issue ? validationMessage(issue.message) : asWritten('Invalid request'));
}

const MAX_INT4 = 2_147_483_647;

/** A numeric id from the path: a positive 32-bit integer, or 400. */
export function parseId(value: unknown, what: IdKind): number {
  const text = typeof value === 'string' ? value : '';
  if (!/^\d{1,10}$/.test(text) || Number(text) < 1 || Number(text) > MAX_INT4) throw invalid(MSG.idInvalid({ what }));
  return Number(text);
}
