// The treasurer's ledger (admins): every payment and refund between two calendar days, and its CSV's address.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentLedgerEntry } from '../../../../../shared/types/payments';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export interface LedgerRange {
  /** YYYY-MM-DD, both days included. */
  from: string;
  to: string;
}

const query = (range: LedgerRange) => new URLSearchParams({ from: range.from, to: range.to }).toString();

/** The CSV of the same range (a plain link: the browser downloads it with the session's cookie). */
export const paymentsCsvUrl = (range: LedgerRange) => `/api/admin/payments.csv?${query(range)}`;

export const paymentsLedgerOptions = (range: LedgerRange) =>
  queryOptions({
    queryKey: [...adminKeys.all, 'payments', range] as const,
    queryFn: () => api.get<PaymentLedgerEntry[]>(`/api/admin/payments?${query(range)}`),
    // Money moves while the tab is open elsewhere: a fresh look each time.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const usePaymentsLedger = (range: LedgerRange) => useQuery(paymentsLedgerOptions(range));
