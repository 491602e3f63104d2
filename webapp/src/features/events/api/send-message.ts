import { useMutation } from '@tanstack/react-query';
import type { EventMessageInput } from '../../../../../shared/schemas/rsvp';
import type { EventMessageResponse } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';

export const sendEventMessage = (id: number, input: EventMessageInput) =>
  api.post<EventMessageResponse>(`/api/events/${id}/messages`, input);

export const useSendEventMessage = (id: number) =>
  useMutation({ mutationFn: (input: EventMessageInput) => sendEventMessage(id, input) });
