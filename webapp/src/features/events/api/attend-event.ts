import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RsvpStatus } from '../../../../../shared/constants';
import type { AnswersInput } from '../../../../../shared/schemas/questions';
import type { AttendResponse } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { hapticError, hapticSuccess } from '../../../lib/telegram-mini-app';
import { eventKeys } from './keys';

export interface AttendVariables {
  id: number;
  status: RsvpStatus;
  /** Extra people brought; left out, the member keeps the guests they had. */
  guests?: number;
  /** Answers to the event's registration questions, sent with the reply; left out, the stored ones count. */
  answers?: AnswersInput;
}

export const attendEvent = ({ id, status, guests, answers }: AttendVariables) =>
  api.post<AttendResponse>(`/api/events/${id}/attend`, {
    status,
    ...(guests === undefined ? {} : { guests }),
    ...(answers === undefined ? {} : { answers }),
  });

/** After an RSVP, or its refusal, the list, the event and its attendees are refreshed (SPEC §7); Telegram gives haptic feedback. */
export function useAttendEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: attendEvent,
    onSuccess: () => {
      hapticSuccess();
      return queryClient.invalidateQueries({ queryKey: eventKeys.all });
    },
    // Inside Telegram a failed reply is felt too, not only seen in the toast. A refusal (full, closed, or a
    // reply given elsewhere meanwhile) means the page is out of date: the buttons show the server's state again.
    onError: () => {
      hapticError();
      // Not awaited: the refusal's message shows at once, the refreshed state follows.
      void queryClient.invalidateQueries({ queryKey: eventKeys.all });
    },
  });
}
