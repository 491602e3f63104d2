import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Attendee } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { eventKeys } from './keys';

/** SPEC §7: a failure gives an empty list. */
export const getAttendees = (id: number) => api.get<Attendee[]>(`/api/events/${id}/attendees`).catch(() => []);

export const attendeesQueryOptions = (id: number) =>
  queryOptions({ queryKey: eventKeys.attendees(id), queryFn: () => getAttendees(id), staleTime: 5_000 });

export const useAttendees = (id: number) => useQuery(attendeesQueryOptions(id));
