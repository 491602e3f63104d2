// Registration answers between the API's shape and a form's: one field per question (`q<id>`), each kind as its
// input holds it (text as typed, a number as the text of its input, choices as a list, a checkbox as a boolean).
// The server judges every value again (api/src/modules/questions/answer-rules.ts); the form only converts.
import type { AttendanceStatus } from '../../../../shared/constants';
import type { AnswersInput } from '../../../../shared/schemas/questions';
import type { AnswerValue, AnswerValues, RegistrationQuestion } from '../../../../shared/types';

/** A form field's value: strings for text, number, date and single; a list for multi; a boolean for checkbox. */
type FieldValue = string | string[] | boolean | null | undefined;
export type AnswerFormValues = Record<string, FieldValue>;

export const fieldName = (question: Pick<RegistrationQuestion, 'id'>) => `q${question.id}`;

/** The sheet's values: one group of fields per person it answers for ('me', or 'p<childId>' for a child). */
export type SheetValues = Record<string, AnswerFormValues>;

function toField(question: RegistrationQuestion, value: AnswerValue | undefined): FieldValue {
  switch (question.kind) {
    case 'multi':
      return Array.isArray(value) ? value : [];
    case 'checkbox':
      return value === true;
    case 'single':
      // '' is the "no answer" choice of an optional question.
      return typeof value === 'string' ? value : '';
    default:
      return value === undefined || Array.isArray(value) || typeof value === 'boolean' ? '' : String(value);
  }
}

/** The form's starting values: the member's stored answers (myAnswers), blank where there are none. */
export const toFormValues = (questions: RegistrationQuestion[], answers: AnswerValues = {}): AnswerFormValues =>
  Object.fromEntries(questions.map((question) => [fieldName(question), toField(question, answers[question.id])]));

function toAnswer(question: RegistrationQuestion, value: FieldValue): AnswerValue | null {
  switch (question.kind) {
    case 'multi':
      // A group of checkboxes none of which was ever ticked reads as false, not as an empty list.
      return Array.isArray(value) && value.length ? value : null;
    case 'checkbox':
      return value === true;
    case 'number': {
      const text = typeof value === 'string' ? value.trim() : '';
      return text === '' ? null : Number(text);
    }
    default: {
      const text = typeof value === 'string' ? value.trim() : '';
      return text === '' ? null : text;
    }
  }
}

/** Whether a field holds an answer as the server counts one (a checkbox only when ticked). */
export function isFilled(question: RegistrationQuestion, value: FieldValue): boolean {
  const answer = toAnswer(question, value);
  return answer !== null && answer !== false;
}

/** Every question's answer as the form says it; null clears one the member emptied. */
export const toAnswers = (questions: RegistrationQuestion[], values: AnswerFormValues): AnswersInput =>
  Object.fromEntries(
    questions.map((question) => [String(question.id), toAnswer(question, values[fieldName(question)])]),
  );

/** The server's rule: any kept value answers a question, except a checkbox, which must be ticked. */
const isAnswered = (question: RegistrationQuestion, value: AnswerValue | undefined) =>
  value !== undefined && (question.kind !== 'checkbox' || value === true);

/** Replies that hold or wait for a place, or say maybe: the answers were given with them. */
const REPLIED: readonly AttendanceStatus[] = ['attending', 'maybe', 'waitlisted', 'awaiting_guardian'];

/**
 * Whether a reply (going, maybe, the waitlist) should ask the questions first: always for a member who has not
 * said going or maybe yet, and for one who has whenever a required question is still unanswered (one added since).
 * A member already going who changes their guests or says maybe is not asked again; "Your answers" edits them.
 */
export function asksQuestions(
  questions: RegistrationQuestion[],
  myStatus: AttendanceStatus,
  myAnswers: AnswerValues = {},
): boolean {
  if (!questions.length) return false;
  if (!REPLIED.includes(myStatus)) return true;
  return questions.some((question) => question.required && !isAnswered(question, myAnswers[question.id]));
}
