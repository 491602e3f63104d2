import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventSummary } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { byDateAscending } from '../../../lib/dates';
import { eventKeys } from './keys';

/** One request for the whole list: each event carries its attending count and the caller's own RSVP. */
export const getEvents = () => api.get<EventSummary[]>('/api/events');

export const eventsQueryOptions = () =>
  queryOptions({
    queryKey: eventKeys.list(),
    queryFn: getEvents,
    select: (events) => [...events].sort(byDateAscending),
  });

export const useEvents = (enabled = true) => useQuery({ ...eventsQueryOptions(), enabled });
