// How a series repeats, in words: the web app's "Repeats weekly" hint and the announcement of a new series.
import type { MonthlyBy, RecurrenceFrequency } from './constants';

const FREQUENCY_WORDS: Record<RecurrenceFrequency, string> = {
  weekly: 'weekly',
  biweekly: 'every 2 weeks',
  monthly: 'monthly',
};

/** "weekly", "every 2 weeks", "monthly on the same day", "monthly on the same weekday". */
export function repeatsPhrase(repeats: { frequency: RecurrenceFrequency; monthlyBy: MonthlyBy | null }): string {
  const words = FREQUENCY_WORDS[repeats.frequency];
  if (repeats.frequency !== 'monthly') return words;
  return `${words} on the same ${repeats.monthlyBy === 'weekday' ? 'weekday' : 'day'}`;
}

/** "Repeats weekly", "Repeats every 2 weeks", "Repeats monthly on the same weekday". */
export const repeatsLabel = (repeats: { frequency: RecurrenceFrequency; monthlyBy: MonthlyBy | null }) =>
  `Repeats ${repeatsPhrase(repeats)}`;
