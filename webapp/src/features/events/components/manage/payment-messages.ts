// The words of payments in the attendee tables: each status, as organisers and (without "waived") members see it.
import type { PaymentStatus } from '../../../../../../shared/types/payments';
import type { BadgeTone } from '../../../../components/badge/badge';
import { defineMessages, type MessageDescriptor } from '../../../../i18n';

export const paymentStatusWords: Record<PaymentStatus, MessageDescriptor> = defineMessages({
  owed: { id: 'web.payments.attendees.statusOwed', defaultMessage: 'Owes' },
  pending: { id: 'web.payments.attendees.statusPending', defaultMessage: 'Paying online' },
  paid: { id: 'web.payments.attendees.statusPaid', defaultMessage: 'Paid' },
  waived: { id: 'web.payments.attendees.statusWaived', defaultMessage: 'Waived' },
  refunded: { id: 'web.payments.attendees.statusRefunded', defaultMessage: 'Refunded' },
});

export const paymentStatusTone: Record<PaymentStatus, BadgeTone> = {
  owed: 'warning',
  pending: 'neutral',
  paid: 'success',
  waived: 'brand',
  refunded: 'neutral',
};

export const paymentMessages = defineMessages({
  column: { id: 'web.payments.attendees.column', defaultMessage: 'Payment' },
});
