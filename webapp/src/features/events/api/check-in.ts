import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckInInput } from '../../../../../shared/schemas/rsvp';
import type { CheckInResponse } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { eventKeys } from './keys';
import { registerQueryOptions } from './register';

export const checkIn = (id: number, input: CheckInInput) =>
  api.post<CheckInResponse>(`/api/events/${id}/check-in`, input);
export const undoCheckIn = (id: number, userId: number) =>
  api.delete<CheckInResponse>(`/api/events/${id}/check-in/${userId}`);

/**
 * Check-in (by member or by pass) and its undo; the organiser's attendee table and the register (a check-in marks
 * "present": the live ratio at the door counts from it) are refreshed after each.
 */
export function useCheckIn(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { input: CheckInInput } | { undo: number }) =>
      'undo' in change ? undoCheckIn(eventId, change.undo) : checkIn(eventId, change.input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: eventKeys.attendees(eventId) }),
        queryClient.invalidateQueries({ queryKey: registerQueryOptions(eventId).queryKey }),
      ]),
  });
}
