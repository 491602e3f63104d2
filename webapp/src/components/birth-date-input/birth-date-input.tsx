// A date of birth as three selects (day, month by name, year, newest first) in the order the member's language
// writes a date: month/day/year in English, day.month.year in German, and so on, read from Intl rather than
// hard-coded per language. The browser's own date picker showed its locale's format and a calendar that starts
// at today, a long way from a birthday. The value stays the API's ISO date (YYYY-MM-DD): '' until all three are
// chosen; a day the month does not have (31 February) cannot be picked when the month comes first, and is
// refused at once, beside the selects, when it comes after.
import { useId, useMemo, useState, type ReactNode } from 'react';
import { isCalendarDate } from '../../../../shared/age';
import { FieldError } from '../field/field';
import { defineMessages, intlLocale, useLanguage, useT } from '../../i18n';
import fieldStyles from '../field/field.module.css';
import styles from './birth-date-input.module.css';

export const birthDateMessages = defineMessages({
  day: { id: 'web.components.birthDateInput.day', defaultMessage: 'Day' },
  month: { id: 'web.components.birthDateInput.month', defaultMessage: 'Month' },
  year: { id: 'web.components.birthDateInput.year', defaultMessage: 'Year' },
  noSuchDay: {
    id: 'web.components.birthDateInput.noSuchDay',
    defaultMessage: 'That month has no such day. Check the day, the month and the year.',
  },
});

type Part = 'day' | 'month' | 'year';
type Parts = Record<Part, string>;

/** How far back the years go: older members than this are rare enough to be an admin's correction. */
const YEARS_BACK = 100;

/** All three chosen, but the month has no such day (31 February, 29 February in a common year). */
export const isImpossibleDay = (value: string) => value !== '' && !isCalendarDate(value);

const daysIn = (month: number, year: number | null) =>
  // Without a year, February may still have its 29th.
  new Date(Date.UTC(year ?? 2000, month, 0)).getUTCDate();

function toParts(value: string): Parts {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match
    ? { year: String(Number(match[1])), month: String(Number(match[2])), day: String(Number(match[3])) }
    : { day: '', month: '', year: '' };
}

const toValue = ({ day, month, year }: Parts) =>
  day && month && year ? `${year.padStart(4, '0')}-${month.padStart(2, '0')}-${day.padStart(2, '0')}` : '';

/** The order of day, month and year in the locale's own long date. */
export function partOrder(locale: string): Part[] {
  const parts = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
    .formatToParts(new Date(Date.UTC(2000, 0, 2)))
    .map((part) => part.type)
    .filter((type): type is Part => type === 'day' || type === 'month' || type === 'year');
  return parts.length === 3 ? parts : ['day', 'month', 'year'];
}

/** The options of each select, in the member's language and digits. */
function useOptions(latestYear: number, chosenYear: string) {
  const language = useLanguage();
  return useMemo(() => {
    const locale = intlLocale();
    const number = new Intl.NumberFormat(locale, { useGrouping: false });
    const monthName = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
    const years = Array.from({ length: YEARS_BACK + 1 }, (_, index) => latestYear - index);
    // A stored date older than the range (an admin's record) stays choosable.
    if (chosenYear && !years.includes(Number(chosenYear))) years.push(Number(chosenYear));
    return {
      order: partOrder(locale),
      days: Array.from({ length: 31 }, (_, index) => ({ value: String(index + 1), label: number.format(index + 1) })),
      months: Array.from({ length: 12 }, (_, index) => ({
        value: String(index + 1),
        label: monthName.format(new Date(Date.UTC(2000, index, 1))),
      })),
      years: years.map((year) => ({ value: String(year), label: number.format(year) })),
    };
    // The language decides the words; `language` is the re-render's reason.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language, latestYear, chosenYear]);
}

interface BirthDateInputProps {
  label: ReactNode;
  /** YYYY-MM-DD, or '' for none yet. */
  value: string;
  /** YYYY-MM-DD once all three are chosen (possibly a day the month lacks: see isImpossibleDay), else ''. */
  onChange: (value: string) => void;
  /** The latest date allowed (today): its year is the first of the years. */
  max: string;
  hint?: ReactNode;
  /** The form's message; without one, an impossible day is refused here at once. */
  error?: string | null;
  autoFocus?: boolean;
}

export function BirthDateInput({ label, value, onChange, max, hint, error, autoFocus = false }: BirthDateInputProps) {
  const t = useT();
  const id = useId();
  const [parts, setParts] = useState<Parts>(() => toParts(value));
  const options = useOptions(Number(max.slice(0, 4)), parts.year);
  const shown = error ?? (isImpossibleDay(toValue(parts)) ? t(birthDateMessages.noSuchDay) : null);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, shown && errorId].filter(Boolean).join(' ') || undefined;
  const lastDay = parts.month ? daysIn(Number(parts.month), parts.year ? Number(parts.year) : null) : 31;

  const choose = (part: Part, chosen: string) => {
    const next = { ...parts, [part]: chosen };
    setParts(next);
    onChange(toValue(next));
  };
  const choices: Record<Part, { value: string; label: string; disabled?: boolean }[]> = {
    day: options.days.map((day) => ({ ...day, disabled: Number(day.value) > lastDay })),
    month: options.months,
    year: options.years,
  };

  return (
    <fieldset className={`${fieldStyles.field} ${styles.group}`} aria-describedby={describedBy}>
      <legend className={`${fieldStyles.label} ${styles.legend}`}>{label}</legend>
      <div className={styles.parts}>
        {options.order.map((part, index) => (
          <label key={part} className={styles[part]}>
            <span className="visually-hidden">{t(birthDateMessages[part])}</span>
            <select
              value={parts[part]}
              required
              aria-invalid={shown ? true : undefined}
              // Focus on the first of the three, whichever the language puts first.
              autoFocus={autoFocus && index === 0}
              onChange={(event) => choose(part, event.target.value)}
            >
              <option value="" disabled>
                {t(birthDateMessages[part])}
              </option>
              {choices[part].map((option) => (
                <option key={option.value} value={option.value} disabled={option.disabled}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      {hint && (
        <p id={hintId} className={fieldStyles.hint}>
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={shown} />
    </fieldset>
  );
}
