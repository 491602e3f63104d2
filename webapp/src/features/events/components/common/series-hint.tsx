// "Repeats weekly": shown on an event that belongs to a recurring series.
import { Repeat } from 'lucide-react';
import type { EventSummary } from '../../../../../../shared/types';
import { Badge } from '../../../../components/badge/badge';
import { defineMessages, useT } from '../../../../i18n';

const messages = defineMessages({
  repeats: {
    id: 'web.events.series.repeats',
    defaultMessage:
      'Repeats {how, select, weekly {weekly} biweekly {every 2 weeks} monthlyDay {monthly on the same day} other {monthly on the same weekday}}',
  },
});

export function SeriesHint({ repeats }: Pick<EventSummary, 'repeats'>) {
  const t = useT();
  if (!repeats) return null;
  const how =
    repeats.frequency === 'monthly'
      ? repeats.monthlyBy === 'weekday'
        ? 'monthlyWeekday'
        : 'monthlyDay'
      : repeats.frequency;
  return (
    <Badge tone="brand">
      <Repeat size={14} aria-hidden="true" />
      {t(messages.repeats, { how })}
    </Badge>
  );
}
