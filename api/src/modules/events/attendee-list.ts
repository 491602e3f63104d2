// The attendee list with its privacy rule: organisers see everyone with the facts they need; other members see
// names as the minors' and hidden-name rules allow.
import { MSG } from '../../../../shared/messages';
import { byShownName } from '../../../../shared/minor-names';
import type { StoredRsvpStatus } from '../../../../shared/constants';
import type { Attendee } from '../../../../shared/types';
import type { AttendeePayment } from '../../../../shared/types/payments';
import type { AppDeps } from '../../deps';
import type { MinorsService } from '../minors/minors-service';
import type { Viewer } from '../users/viewer';
import * as attendanceRepo from './attendance-repository';
import type { EventAccess } from './event-access';
import type { PaymentPort } from './payment-port';

/** Places held (for a guardian's approval, for a payment): the organisers' business and the member's own. */
const HELD: readonly StoredRsvpStatus[] = ['awaiting_guardian', 'awaiting_payment'];

export function createAttendeeList(
  deps: Pick<AppDeps, 'prisma'>,
  access: EventAccess,
  minors: MinorsService,
  payments: PaymentPort,
) {
  const { prisma } = deps;

  /**
   * Who replied. Organisers see everyone with check-in and reply times, and each member's age, guardian
   * consent, permission slip and photo consent. Other members see names, except of members who hid theirs
   * ('1 more member', no id or picture), listed last in their group so their place in the alphabet gives
   * nothing away; a minor by first name and last initial (minors-service: shownTo).
   */
  async function attendees(viewer: Viewer, id: number): Promise<Attendee[]> {
    const event = await access.visibleRecord(viewer, id);
    const rows = await attendanceRepo.listAttendees(prisma, id);
    // The section's leaders manage its events as the creator does.
    const manages = await access.manages(viewer, event);
    // On an event with a fee each entry says how its payment stands (a waiver reads "paid" to non-managers).
    const paid =
      event.feeAmount === null
        ? new Map<number, AttendeePayment>()
        : await payments.attendeePayments(
            id,
            rows.map((row) => row.id),
            manages,
          );
    const withPayment = <T extends Attendee>(entry: T, userId: number): T => {
      const payment = paid.get(userId);
      return payment === undefined ? entry : { ...entry, payment };
    };
    if (manages) {
      const [shown, facts] = await Promise.all([
        minors.shownTo(viewer, rows, true),
        minors.organiserFacts(
          rows.map((row) => row.id),
          id,
        ),
      ]);
      return shown.map(({ hidden, checkedInAt, respondedAt, ...entry }) => {
        const fact = facts.get(entry.id);
        return withPayment(
          {
            ...entry,
            ...(hidden ? { hidden: true as const } : {}),
            checkedIn: checkedInAt !== null,
            respondedAt: respondedAt.toISOString(),
            isMinor: fact?.isMinor ?? false,
            guardianConsent: fact?.guardianConsent ?? 'not_needed',
            permissionSlip: fact?.permissionSlip ?? null,
            photoConsent: fact?.photoConsent ?? 'none',
          },
          entry.id,
        );
      });
    }
    // A held place is the organisers' business (and the member's own) until approved or paid.
    const listed = rows.filter((row) => !HELD.includes(row.status) || row.id === viewer.id);
    const named = listed.map(({ hidden, checkedInAt: _c, respondedAt: _r, ...entry }): Attendee => {
      if (!hidden || entry.id === viewer.id) return withPayment(entry, entry.id);
      return { ...entry, id: null, name: MSG.hiddenAttendee, avatarUrl: null, hidden: true };
    });
    const shown = await minors.shownTo(viewer, named, false);
    // The waitlist keeps its order (a place reveals no name); elsewhere hidden ones go last, and the others go
    // by the names as shown here, so a minor's place among "Maria S…" says nothing of her surname.
    const rank = (entry: Attendee) =>
      attendanceRepo.STATUS_ORDER[entry.status] * 2 + (entry.id === null && entry.status !== 'waitlisted' ? 1 : 0);
    return shown.sort((a, b) => rank(a) - rank(b) || (a.status === 'waitlisted' ? 0 : byShownName(a, b)));
  }

  return attendees;
}
