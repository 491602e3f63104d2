// The create form's "Repeat" control: how often (weekly, every 2 weeks, monthly by day or weekday)
// and how it ends (after N events or on a date). Each event of the series is then an event of its own.
import type { UseFormRegisterReturn } from 'react-hook-form';
import { RECURRENCE_MAX_COUNT } from '../../../../../../shared/constants';
import { Field } from '../../../../components/field/field';
import { defineMessages, useT } from '../../../../i18n';
import styles from './event-form.module.css';
import type { RepeatValues } from './series-recurrence';

const messages = defineMessages({
  legend: { id: 'web.events.form.recurrence', defaultMessage: 'Recurrence' },
  repeat: { id: 'web.events.form.repeat', defaultMessage: 'Repeat' },
  none: { id: 'web.events.form.repeatNone', defaultMessage: 'Does not repeat' },
  weekly: { id: 'web.events.form.repeatWeekly', defaultMessage: 'Weekly' },
  biweekly: { id: 'web.events.form.repeatBiweekly', defaultMessage: 'Every 2 weeks' },
  monthly: { id: 'web.events.form.repeatMonthly', defaultMessage: 'Monthly' },
  monthlyOn: { id: 'web.events.form.monthlyOn', defaultMessage: 'Monthly on' },
  sameDay: { id: 'web.events.form.monthlySameDay', defaultMessage: 'The same day (months without it are skipped)' },
  sameWeekday: {
    id: 'web.events.form.monthlySameWeekday',
    defaultMessage: 'The same weekday (e.g. the 2nd Tuesday)',
  },
  ends: { id: 'web.events.form.repeatEnds', defaultMessage: 'Ends' },
  afterCount: { id: 'web.events.form.repeatAfterCount', defaultMessage: 'After a number of times' },
  onDate: { id: 'web.events.form.repeatOnDate', defaultMessage: 'On a date' },
  count: { id: 'web.events.form.repeatCount', defaultMessage: 'Number of events' },
  countHint: { id: 'web.events.form.repeatCountHint', defaultMessage: 'At most {max}.' },
  countInvalid: { id: 'web.events.form.repeatCountInvalid', defaultMessage: 'Enter a whole number from 1 to {max}.' },
  until: { id: 'web.events.form.repeatUntil', defaultMessage: 'Last date' },
  untilMissing: { id: 'web.events.form.repeatUntilMissing', defaultMessage: 'Pick the day of the last event.' },
});

interface SeriesRepeatFieldsProps {
  field: (name: keyof RepeatValues) => UseFormRegisterReturn;
  values: Pick<RepeatValues, 'repeat' | 'repeatEnds'>;
  /** The rule's own message (already in the member's language), and which end is wrong. */
  errors: { rule: string | null; count: boolean; until: boolean };
}

export function SeriesRepeatFields({ field, values, errors }: SeriesRepeatFieldsProps) {
  const t = useT();
  const repeats = values.repeat !== 'none';
  const countError = errors.count ? t(messages.countInvalid, { max: RECURRENCE_MAX_COUNT }) : errors.rule;
  const untilError = errors.until ? t(messages.untilMissing) : errors.rule;
  return (
    <fieldset className={styles.rsvp}>
      <legend>{t(messages.legend)}</legend>
      <div className="two-columns">
        <Field label={t(messages.repeat)} id="event-repeat" error={repeats ? null : errors.rule}>
          <select {...field('repeat')}>
            <option value="none">{t(messages.none)}</option>
            <option value="weekly">{t(messages.weekly)}</option>
            <option value="biweekly">{t(messages.biweekly)}</option>
            <option value="monthly">{t(messages.monthly)}</option>
          </select>
        </Field>
        {values.repeat === 'monthly' && (
          <Field label={t(messages.monthlyOn)} id="event-repeat-monthly">
            <select {...field('monthlyBy')}>
              <option value="day">{t(messages.sameDay)}</option>
              <option value="weekday">{t(messages.sameWeekday)}</option>
            </select>
          </Field>
        )}
      </div>
      {repeats && (
        <div className="two-columns">
          <div role="radiogroup" aria-label={t(messages.ends)}>
            <label className="checkbox-row">
              <input type="radio" value="count" {...field('repeatEnds')} />
              <span>{t(messages.afterCount)}</span>
            </label>
            <label className="checkbox-row">
              <input type="radio" value="until" {...field('repeatEnds')} />
              <span>{t(messages.onDate)}</span>
            </label>
          </div>
          {values.repeatEnds === 'count' ? (
            <Field
              label={t(messages.count)}
              id="event-repeat-count"
              hint={t(messages.countHint, { max: RECURRENCE_MAX_COUNT })}
              error={countError}
            >
              <input type="number" inputMode="numeric" min={1} max={RECURRENCE_MAX_COUNT} {...field('repeatCount')} />
            </Field>
          ) : (
            <Field label={t(messages.until)} id="event-repeat-until" error={untilError}>
              <input type="date" {...field('repeatUntil')} />
            </Field>
          )}
        </div>
      )}
    </fieldset>
  );
}
