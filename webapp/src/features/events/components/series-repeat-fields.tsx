// The create form's "Repeat" control: how often (weekly, every 2 weeks, monthly by day or weekday)
// and how it ends (after N events or on a date). Each event of the series is then an event of its own.
import type { UseFormRegisterReturn } from 'react-hook-form';
import { RECURRENCE_MAX_COUNT } from '../../../../../shared/constants';
import { Field } from '../../../components/field/field';
import styles from './event-form.module.css';
import type { RepeatValues } from './series-recurrence';

interface SeriesRepeatFieldsProps {
  field: (name: keyof RepeatValues) => UseFormRegisterReturn;
  values: Pick<RepeatValues, 'repeat' | 'repeatEnds'>;
  error: string | null;
}

export function SeriesRepeatFields({ field, values, error }: SeriesRepeatFieldsProps) {
  const repeats = values.repeat !== 'none';
  return (
    <fieldset className={styles.rsvp}>
      <legend>Recurrence</legend>
      <div className="two-columns">
        <Field label="Repeat" id="event-repeat" error={repeats ? null : error}>
          <select {...field('repeat')}>
            <option value="none">Does not repeat</option>
            <option value="weekly">Weekly</option>
            <option value="biweekly">Every 2 weeks</option>
            <option value="monthly">Monthly</option>
          </select>
        </Field>
        {values.repeat === 'monthly' && (
          <Field label="Monthly on" id="event-repeat-monthly">
            <select {...field('monthlyBy')}>
              <option value="day">The same day (months without it are skipped)</option>
              <option value="weekday">The same weekday (e.g. the 2nd Tuesday)</option>
            </select>
          </Field>
        )}
      </div>
      {repeats && (
        <div className="two-columns">
          <div role="radiogroup" aria-label="Ends">
            <label className="checkbox-row">
              <input type="radio" value="count" {...field('repeatEnds')} />
              <span>After a number of times</span>
            </label>
            <label className="checkbox-row">
              <input type="radio" value="until" {...field('repeatEnds')} />
              <span>On a date</span>
            </label>
          </div>
          {values.repeatEnds === 'count' ? (
            <Field
              label="Number of events"
              id="event-repeat-count"
              hint={`At most ${RECURRENCE_MAX_COUNT}.`}
              error={error}
            >
              <input type="number" inputMode="numeric" min={1} max={RECURRENCE_MAX_COUNT} {...field('repeatCount')} />
            </Field>
          ) : (
            <Field label="Last date" id="event-repeat-until" error={error}>
              <input type="date" {...field('repeatUntil')} />
            </Field>
          )}
        </div>
      )}
    </fieldset>
  );
}
