// The treasurer's ledger (admins): every payment and every refund in a range of days, as JSON and as CSV with
// amounts written as decimals by integer arithmetic (shared/money.ts), never through a float.
import { forbidden, invalid } from '../../../../shared/errors';
import { MSG } from '../../../../shared/messages';
import { minorToDecimal } from '../../../../shared/money';
import type { PaymentLedgerEntry } from '../../../../shared/types/payments';
import type { AppDeps } from '../../deps';
import { csvDocument } from '../../lib/csv';
import type { Viewer } from '../users/viewer';
import * as repo from './payments-repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_RANGE_DAYS = 5 * 366;

/**
 * The range's instants: `from` 00:00 UTC until the end of `to`. Left out, `to` is today (or `from`, when later) and
 * `from` a year before `to`.
 */
function rangeOf(now: Date, range: { from?: string; to?: string }): { from: Date; to: Date } {
  const given = range.from ? new Date(`${range.from}T00:00:00Z`) : null;
  const last = range.to ? Date.parse(`${range.to}T00:00:00Z`) : Math.max(now.getTime(), given?.getTime() ?? 0);
  const to = new Date(last + DAY_MS);
  const from = given ?? new Date(to.getTime() - 366 * DAY_MS);
  if (from >= to || to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY_MS) throw invalid(MSG.paymentsRangeInvalid);
  return { from, to };
}

const toEntry = (row: repo.LedgerRow): PaymentLedgerEntry => ({
  kind: row.kind,
  id: Number(row.id),
  at: new Date(row.at).toISOString(),
  eventId: Number(row.event_id),
  eventName: row.event_name,
  userId: row.user_id,
  memberName: row.member_name,
  status: row.status,
  method: row.method,
  amount: Number(row.amount),
  currency: row.currency,
  note: row.note,
  recordedBy: row.recorded_by,
});

export function createPaymentsLedger(deps: Pick<AppDeps, 'prisma' | 'now'>) {
  /** GET /api/admin/payments?from=&to= (admins). */
  async function entries(viewer: Viewer, range: { from?: string; to?: string }): Promise<PaymentLedgerEntry[]> {
    if (!viewer.isAdmin) throw forbidden();
    const { from, to } = rangeOf(deps.now(), range);
    return (await repo.ledger(deps.prisma, from, to)).map(toEntry);
  }

  /** GET /api/admin/payments.csv: the same, one line each (a refund's line says "refund" and what went back). */
  async function csv(viewer: Viewer, range: { from?: string; to?: string }) {
    const rows = await entries(viewer, range);
    const header = [
      'Date',
      'Kind',
      'Event',
      'Event id',
      'Member',
      'Member id',
      'Status',
      'Method',
      'Amount',
      'Currency',
      'Note',
    ];
    const lines = rows.map((row) => [
      row.at,
      row.kind,
      row.eventName,
      String(row.eventId),
      row.memberName ?? '',
      row.userId === null ? '' : String(row.userId),
      row.status ?? '',
      row.method ?? '',
      minorToDecimal(row.amount, row.currency),
      row.currency,
      row.note ?? '',
    ]);
    return { filename: 'payments.csv', body: csvDocument([header, ...lines]) };
  }

  return { entries, csv };
}

export type PaymentsLedger = ReturnType<typeof createPaymentsLedger>;
