// Which questions a refused reply names. Apart from the answer conversions (answer-values.ts): every RSVP control
// on the first page needs it to notice the refusal, the conversions only once the answers sheet opens.
import { ApiError } from '../../lib/api-client';

/** The questions a refused reply names (400 answers_required's `missing`), or null for any other refusal. */
export function missingAnswers(error: unknown): number[] | null {
  if (!(error instanceof ApiError) || error.code !== 'answers_required') return null;
  const missing = error.details.missing;
  return Array.isArray(missing) ? missing.filter((id): id is number => typeof id === 'number') : [];
}
