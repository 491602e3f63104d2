// A registration answer as a person reads it, in the page's language: the organisers' answers table and a
// guardian's view of their child's answers say it alike.
import type { AnswerValue, RegistrationQuestion } from '../../../shared/types';
import { defineMessages, intlLocale, translate } from '../i18n';

const messages = defineMessages({
  yes: { id: 'web.answers.yes', defaultMessage: 'Yes' },
  no: { id: 'web.answers.no', defaultMessage: 'No' },
});

/** The answer as text; '' when there is none. A date (YYYY-MM-DD) is a calendar day: formatted in UTC. */
export function answerText(question: Pick<RegistrationQuestion, 'kind'>, value: AnswerValue | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'boolean') return translate(value ? messages.yes : messages.no);
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'number') return new Intl.NumberFormat(intlLocale()).format(value);
  if (question.kind === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${value}T00:00:00Z`),
    );
  }
  return value;
}
