// "Repeats weekly": shown on an event that belongs to a recurring series.
import { Repeat } from 'lucide-react';
import { repeatsLabel } from '../../../../../shared/recurrence-text';
import type { EventSummary } from '../../../../../shared/types';
import { Badge } from '../../../components/badge/badge';

export function SeriesHint({ repeats }: Pick<EventSummary, 'repeats'>) {
  if (!repeats) return null;
  return (
    <Badge tone="brand">
      <Repeat size={14} aria-hidden="true" />
      {repeatsLabel(repeats)}
    </Badge>
  );
}
