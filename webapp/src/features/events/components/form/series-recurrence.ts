// The create form's "Repeat" choices and the recurrence they send: the form keeps strings, the API
// takes { frequency, count | until, monthlyBy }. Not repeating sends no recurrence at all.
import type { MonthlyBy, RecurrenceFrequency } from '../../../../../../shared/constants';
import type { RecurrenceInput } from '../../../../../../shared/schemas/events';

export interface RepeatValues {
  repeat: 'none' | RecurrenceFrequency;
  monthlyBy: MonthlyBy;
  /** How the series ends: after a number of events, or on a date. */
  repeatEnds: 'count' | 'until';
  repeatCount: string;
  /** yyyy-mm-dd: the last day an event may fall on, in the event's zone. */
  repeatUntil: string;
}

export const noRepeat = (): RepeatValues => ({
  repeat: 'none',
  monthlyBy: 'day',
  repeatEnds: 'count',
  repeatCount: '10',
  repeatUntil: '',
});

/** A typed count that is not a whole number stays a string, so the schema names the problem. */
export function toRecurrence(values: RepeatValues): RecurrenceInput | undefined {
  if (values.repeat === 'none') return undefined;
  const count = values.repeatCount.trim();
  return {
    frequency: values.repeat,
    ...(values.repeat === 'monthly' ? { monthlyBy: values.monthlyBy } : {}),
    ...(values.repeatEnds === 'count'
      ? { count: (/^\d+$/.test(count) ? Number(count) : count) as number }
      : { until: values.repeatUntil }),
  };
}
