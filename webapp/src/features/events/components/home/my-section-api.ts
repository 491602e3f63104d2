// What "My section" reads: the section's next meeting and, when it started earlier today, today's (whose register
// a leader takes), from GET /api/events?sectionId= a single event each way.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dayKey } from '../../../../lib/dates';
import { getEventsPage } from '../../api/get-events';
import { eventKeys } from '../../api/keys';

export const useSectionMeetings = (sectionId: number) =>
  useQuery(
    queryOptions({
      queryKey: [...eventKeys.list(), 'section-meetings', sectionId] as const,
      queryFn: async () => {
        const [next, last] = await Promise.all([
          getEventsPage('upcoming', null, 1, sectionId),
          getEventsPage('past', null, 1, sectionId),
        ]);
        const upcoming = next.events[0] ?? null;
        const started = last.events[0] ?? null;
        const isToday = (event: { date: string; timeZone: string } | null) =>
          !!event && dayKey(event.date, event.timeZone) === dayKey(new Date().toISOString(), event.timeZone);
        // Today's meeting: one that began earlier today, else the next one when it is today.
        const today = isToday(started) ? started : isToday(upcoming) ? upcoming : null;
        return { next: upcoming, today };
      },
    }),
  );
