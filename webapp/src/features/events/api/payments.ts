// An event's payments as its organisers handle them: the currency a new fee starts in, recording cash, a bank
// transfer or a waiver, undoing it, and refunds. Each change refreshes the event (its totals) and its attendees.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecordPaymentInput, RefundInput } from '../../../../../shared/schemas/payments';
import type { FeeDefaults, PaymentRecord } from '../../../../../shared/types/payments';
import { api } from '../../../lib/api-client';
import { eventKeys } from './keys';

/** The organisation's currency: a new fee's default. It seldom changes: read once a session. */
export const useFeeDefaults = () =>
  useQuery({
    queryKey: ['payments', 'defaults'] as const,
    queryFn: () => api.get<FeeDefaults>('/api/payments/defaults'),
    staleTime: Infinity,
  });

export type PaymentChange =
  | { kind: 'record'; userId: number; input: RecordPaymentInput }
  | { kind: 'undo'; userId: number }
  | { kind: 'refund'; userId: number; input: RefundInput };

const paymentPath = (eventId: number, userId: number, end: 'payment' | 'refund') =>
  `/api/events/${eventId}/attendees/${userId}/${end}`;

export function usePaymentChange(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PaymentChange) => {
      if (change.kind === 'record')
        return api.post<PaymentRecord>(paymentPath(eventId, change.userId, 'payment'), change.input);
      if (change.kind === 'undo') return api.delete<PaymentRecord>(paymentPath(eventId, change.userId, 'payment'));
      return api.post<PaymentRecord>(paymentPath(eventId, change.userId, 'refund'), change.input);
    },
    // The detail's key holds the attendees' key: both refresh, and with them the organisers' totals.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) }),
  });
}
