// The organiser's panel on the details page (creator or admin): the event's leaders (leaders-card.tsx), then
// everyone who replied, grouped by status with their guests (a minor marked with their consent, slip and photo
// state), a check-in toggle per attending member, on an event with a fee the payments' totals and each member's
// payment, check-in by pass, the CSV download and a message to attendees. The server checks every one of these
// permissions again.
import { Download } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { Attendee } from '../../../../../../shared/types';
import type { EventFee } from '../../../../../../shared/types/payments';
import { Badge } from '../../../../components/badge/badge';
import { Button, buttonClass } from '../../../../components/button/button';
import { Card } from '../../../../components/card/card';
import { toastError } from '../../../../components/toast-store';
import { intlLocale, defineMessages, translate, useT } from '../../../../i18n';
import { errorMessage } from '../../../../lib/api-client';
import { isMiniApp } from '../../../../lib/telegram-mini-app';
import { commentDate } from '../../../../lib/dates';
import { useCheckIn } from '../../api/check-in';
import { useAttendees } from '../../api/get-attendees';
import { useEvent } from '../../api/get-event';
import { useEventQuestions } from '../../api/questions';
import { attendeesCsvUrl, downloadAttendeesCsv } from '../../api/attendees-csv';
import { AttendeeTable, type AttendeeColumn } from './attendees';
import { CheckInByPass } from './check-in-by-pass';
import { MessageAttendeesButton } from './message-attendees-dialog';
import { MinorState } from './minor-state';
import { PaymentCell } from './payment-actions';
import paymentStyles from './payment-actions.module.css';
import { paymentMessages } from './payment-messages';
import { PaymentTotals } from './payment-totals';
import { TripSheetLink } from './trip-sheet-link';
import { LeadersCard } from '../leaders/leaders-card';
import { RegisterLink } from '../register/register-link';
import { statusLabel } from '../rsvp/rsvp';
import styles from './organiser-panel.module.css';

const messages = defineMessages({
  checkInFailed: { id: 'web.events.organiser.checkInFailed', defaultMessage: 'Check-in failed' },
  checkInName: { id: 'web.events.organiser.checkInName', defaultMessage: 'Check in {name}' },
  checkedIn: { id: 'web.events.organiser.checkedIn', defaultMessage: 'Checked in' },
  checkIn: { id: 'web.events.organiser.checkIn', defaultMessage: 'Check in' },
  checkInHeader: { id: 'web.events.organiser.checkInHeader', defaultMessage: 'Check-in' },
  place: { id: 'web.events.organiser.place', defaultMessage: 'Place' },
  position: { id: 'web.events.organiser.position', defaultMessage: '#{position}' },
  replied: { id: 'web.events.organiser.replied', defaultMessage: 'Replied' },
  guests: { id: 'web.events.organiser.guests', defaultMessage: 'Guests' },
  title: { id: 'web.events.organiser.title', defaultMessage: 'Organiser tools' },
  downloadFailed: { id: 'web.events.organiser.downloadFailed', defaultMessage: 'Download failed' },
  download: { id: 'web.events.organiser.download', defaultMessage: 'Download CSV' },
  loading: { id: 'web.events.organiser.loading', defaultMessage: 'Loading attendees...' },
  none: { id: 'web.events.organiser.none', defaultMessage: 'No replies yet' },
});

// The answers to the event's questions: a chunk of its own, fetched only when the event asks any.
const AnswersPanel = lazy(() => import('./answers-panel').then((m) => ({ default: m.AnswersPanel })));

/** A count in the page's language. */
const number = (value: number) => new Intl.NumberFormat(intlLocale()).format(value);

// Captioned with the same words as the member's own status, so organiser and member speak alike.
const GROUPS = ['attending', 'awaiting_payment', 'awaiting_guardian', 'waitlisted', 'maybe', 'not_attending'] as const;

function CheckInToggle({ eventId, attendee }: { eventId: number; attendee: Attendee & { id: number } }) {
  const t = useT();
  const checkIn = useCheckIn(eventId);
  const toggle = () =>
    checkIn.mutate(attendee.checkedIn ? { undo: attendee.id } : { input: { userId: attendee.id } }, {
      onError: (error) => toastError(translate(messages.checkInFailed), errorMessage(error)),
    });
  return (
    <Button
      variant={attendee.checkedIn ? 'primary' : 'secondary'}
      size="small"
      aria-pressed={attendee.checkedIn ?? false}
      aria-label={t(messages.checkInName, { name: attendee.name })}
      disabled={checkIn.isPending}
      onClick={toggle}
    >
      {t(attendee.checkedIn ? messages.checkedIn : messages.checkIn)}
    </Button>
  );
}

function lastColumn(eventId: number, status: Attendee['status']): AttendeeColumn {
  if (status === 'attending') {
    return {
      header: translate(messages.checkInHeader),
      cell: (attendee) =>
        attendee.id !== null && <CheckInToggle eventId={eventId} attendee={{ ...attendee, id: attendee.id }} />,
    };
  }
  if (status === 'waitlisted') {
    return {
      header: translate(messages.place),
      cell: (attendee) =>
        translate(messages.position, {
          position: attendee.waitlistPosition == null ? '?' : number(attendee.waitlistPosition),
        }),
    };
  }
  return { header: translate(messages.replied), cell: (attendee) => commentDate(attendee.respondedAt) };
}

/** The member's payment and the organiser's actions, on an event with a fee. */
const paymentCell = (eventId: number, fee: EventFee | null, { id, payment, ...attendee }: Attendee) =>
  fee && id !== null && payment && <PaymentCell eventId={eventId} fee={fee} attendee={{ ...attendee, id, payment }} />;

/**
 * A Payment column for a group where someone has a payment. A phone has no room for a fourth column: there the
 * payment sits under the name instead (payment-actions.module.css shows one or the other).
 */
function paymentColumn(eventId: number, fee: EventFee | null, list: Attendee[]): AttendeeColumn[] {
  if (!fee || !list.some((attendee) => attendee.payment)) return [];
  return [
    {
      header: translate(paymentMessages.column),
      className: paymentStyles.wideOnly,
      cell: (attendee) => paymentCell(eventId, fee, attendee),
    },
  ];
}

function GroupTable({
  eventId,
  status,
  list,
  fee,
}: {
  eventId: number;
  status: Attendee['status'];
  list: Attendee[];
  fee: EventFee | null;
}) {
  const t = useT();
  const people = list.reduce((sum, attendee) => sum + 1 + attendee.guests, 0);
  return (
    <AttendeeTable
      className={styles.table}
      caption={
        <>
          {statusLabel(status)} <Badge>{number(people)}</Badge>
        </>
      }
      list={list}
      aboutName={(attendee) => (
        <>
          <MinorState attendee={attendee} />
          {fee && attendee.payment && (
            <div className={paymentStyles.phoneOnly}>{paymentCell(eventId, fee, attendee)}</div>
          )}
        </>
      )}
      columns={[
        { header: t(messages.guests), cell: (attendee) => number(attendee.guests) },
        lastColumn(eventId, status),
        ...paymentColumn(eventId, fee, list),
      ]}
    />
  );
}

export function OrganiserPanel({
  eventId,
  eventDate,
  className = '',
}: {
  eventId: number;
  /** When the event starts: the trip sheet's link shows until its window closes. */
  eventDate: string;
  className?: string;
}) {
  const t = useT();
  const attendees = useAttendees(eventId);
  const questions = useEventQuestions(eventId);
  const event = useEvent(eventId).data;
  const list = attendees.data ?? [];
  return (
    <>
      <LeadersCard eventId={eventId} className={className} />
      <Card
        title={t(messages.title)}
        labelledBy="organiser-title"
        className={className}
        actions={
          <>
            <a
              className={buttonClass({ variant: 'secondary', size: 'small' })}
              href={attendeesCsvUrl(eventId)}
              download
              onClick={(event) => {
                if (!isMiniApp()) return;
                event.preventDefault();
                downloadAttendeesCsv(eventId).catch((error: unknown) =>
                  toastError(translate(messages.downloadFailed), errorMessage(error)),
                );
              }}
            >
              <Download size={16} aria-hidden="true" />
              {t(messages.download)}
            </a>
            <RegisterLink eventId={eventId} />
            <TripSheetLink eventId={eventId} eventDate={eventDate} />
            <MessageAttendeesButton eventId={eventId} />
          </>
        }
      >
        <CheckInByPass eventId={eventId} />
        {event?.fee && event.payments && <PaymentTotals fee={event.fee} totals={event.payments} />}
        {attendees.isPending && <p className="muted">{t(messages.loading)}</p>}
        {!attendees.isPending && list.length === 0 && <p className="muted">{t(messages.none)}</p>}
        {GROUPS.map((status) => {
          const group = list.filter((attendee) => attendee.status === status);
          return (
            group.length > 0 && (
              <GroupTable key={status} eventId={eventId} status={status} list={group} fee={event?.fee ?? null} />
            )
          );
        })}
      </Card>
      {questions.data && questions.data.length > 0 && (
        <Suspense fallback={null}>
          <AnswersPanel eventId={eventId} className={className} />
        </Suspense>
      )}
    </>
  );
}
