// Parsing of everything a client sends: bodies, ids and queries. Failures become 400 with the schema's message.
import type { z } from 'zod';
import { badRequest } from './errors';

export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw badRequest(issue?.message ?? 'Invalid request');
}

const MAX_INT4 = 2_147_483_647;

/** A numeric id from the path: a positive 32-bit integer, or 400. */
export function parseId(value: unknown, what = 'id'): number {
  const text = typeof value === 'string' ? value : '';
  if (!/^\d{1,10}$/.test(text) || Number(text) < 1 || Number(text) > MAX_INT4) throw badRequest(`Invalid ${what}`);
  return Number(text);
}
