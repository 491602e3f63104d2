// The member's personal calendar feed: its secret URLs, the choice of events, and a new URL.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedSettings } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';

const FEED_PATH = '/api/users/me/calendar-feed';
export const calendarFeedKey = ['calendar-feed'] as const;

export function useCalendarFeed() {
  return useQuery({ queryKey: calendarFeedKey, queryFn: () => api.get<CalendarFeedSettings>(FEED_PATH) });
}

function useFeedMutation<T>(call: (input: T) => Promise<CalendarFeedSettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedKey, feed),
  });
}

/** The old URL stops working (404) at once. */
export const useRegenerateCalendarFeed = () =>
  useFeedMutation(() => api.post<CalendarFeedSettings>(`${FEED_PATH}/regenerate`, {}));

export const useSetCalendarFeedEvents = () =>
  useFeedMutation((allEvents: boolean) => api.patch<CalendarFeedSettings>(FEED_PATH, { allEvents }));
