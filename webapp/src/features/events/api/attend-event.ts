import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RsvpStatus } from '../../../../../shared/constants';
import { api } from '../../../lib/api-client';
import { hapticError, hapticSuccess } from '../../../lib/telegram-mini-app';
import { eventKeys } from './keys';

export const attendEvent = (id: number, status: RsvpStatus) =>
  api.post<unknown>(`/api/events/${id}/attend`, { status });

/** After an RSVP the list, the event and its attendees are refreshed (SPEC §7); Telegram gives haptic feedback. */
export function useAttendEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: RsvpStatus }) => attendEvent(id, status),
    onSuccess: () => {
      hapticSuccess();
      return queryClient.invalidateQueries({ queryKey: eventKeys.all });
    },
    // Inside Telegram a failed reply is felt too, not only seen in the toast.
    onError: () => hapticError(),
  });
}
