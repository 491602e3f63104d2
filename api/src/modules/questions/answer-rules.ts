// Whether a value fits its question (pure, so the rules read in one place): text and long_text a string within
// their length, single one of the options, multi some of them, checkbox true or false, number a finite number,
// date a calendar date (YYYY-MM-DD). An empty string, an empty list or null clears the answer. A required
// question is answered by any kept value, except a checkbox, which must be ticked (an "I agree" box).
import { QUESTION_LIMITS } from '../../../../shared/constants';
import { isCalendarDate } from '../../../../shared/age';
import type { AnswerValue, RegistrationQuestion } from '../../../../shared/types';

/** What a sent value becomes: the value to keep, null to clear the answer, or invalid. */
export type Judged = { ok: true; value: AnswerValue | null } | { ok: false };

const kept = (value: AnswerValue | null): Judged => ({ ok: true, value });
const INVALID: Judged = { ok: false };

export function judgeValue(question: RegistrationQuestion, value: unknown): Judged {
  if (value === null || value === '') return kept(null);
  const options = question.options ?? [];
  switch (question.kind) {
    case 'text':
    case 'long_text': {
      if (typeof value !== 'string') return INVALID;
      const max = QUESTION_LIMITS.textMax * (question.kind === 'long_text' ? 10 : 1);
      const text = value.trim();
      return text.length > max ? INVALID : kept(text || null);
    }
    case 'single':
      return typeof value === 'string' && options.includes(value) ? kept(value) : INVALID;
    case 'multi': {
      if (!Array.isArray(value) || !value.every((choice) => typeof choice === 'string' && options.includes(choice))) {
        return INVALID;
      }
      const chosen = options.filter((option) => (value as string[]).includes(option));
      return kept(chosen.length ? chosen : null);
    }
    case 'checkbox':
      return typeof value === 'boolean' ? kept(value) : INVALID;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? kept(value) : INVALID;
    case 'date':
      return typeof value === 'string' && isCalendarDate(value) ? kept(value) : INVALID;
  }
}

export function isAnswered(question: RegistrationQuestion, value: AnswerValue | undefined): boolean {
  if (value === undefined) return false;
  return question.kind === 'checkbox' ? value === true : true;
}

/** An answer as a CSV cell shows it. */
export function answerCell(value: AnswerValue | undefined): string {
  if (value === undefined) return '';
  if (Array.isArray(value)) return value.join('; ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}
