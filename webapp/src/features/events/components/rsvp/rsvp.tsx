// RSVP in its two views (SPEC §4): a status label with an icon, and the compact dropdown. The dropdown reads
// 'Change RSVP' only once there is a reply to change; before that it is the row's lead action, 'Reply'.
import { Check, ChevronDown, CircleHelp, Clock, X, type LucideIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { AttendanceStatus, RsvpStatus } from '../../../../../../shared/constants';
import type { AttendResponse } from '../../../../../../shared/types';
import { Button } from '../../../../components/button/button';
import { Menu, MenuItem } from '../../../../components/menu/menu';
import { useTakePart } from '../../../../components/take-part/take-part';
import { toast, toastError, type ToastInput } from '../../../../components/toast-store';
import { defineMessages, translate, useT, type MessageDescriptor } from '../../../../i18n';
import { useAttendEvent } from '../../api/attend-event';
import { common } from '../../messages';
import { missingAnswers } from '../../../../components/answers-sheet/missing-answers';

// Asked only when a reply from a list is refused for a missing answer: the home page does not carry the sheet.
const AnswersSheet = lazy(() => import('./answers-sheet').then((m) => ({ default: m.MemberAnswersSheet })));

const messages = defineMessages({
  awaitingTitle: { id: 'web.events.rsvp.awaitingTitle', defaultMessage: 'Waiting for a guardian' },
  awaitingPayment: { id: 'web.payments.rsvp.awaitingPayment', defaultMessage: 'Place held until you pay' },
  awaitingText: {
    id: 'web.events.rsvp.awaitingText',
    defaultMessage: 'We asked your parent or guardian to approve this event. Your place is held until they answer.',
  },
  updated: { id: 'web.events.rsvp.updated', defaultMessage: 'RSVP updated' },
  updatedText: { id: 'web.events.rsvp.updatedText', defaultMessage: 'Your attendance status has been updated.' },
  failed: { id: 'web.events.rsvp.failed', defaultMessage: 'Failed to update attendance status. Please try again.' },
  attending: { id: 'web.events.rsvp.attending', defaultMessage: 'Attending' },
  notAttending: { id: 'web.events.rsvp.notAttending', defaultMessage: 'Not Attending' },
  maybe: { id: 'web.events.rsvp.maybe', defaultMessage: 'Maybe' },
  waitlisted: { id: 'web.events.rsvp.waitlisted', defaultMessage: 'Waitlisted' },
  notResponded: { id: 'web.events.rsvp.notResponded', defaultMessage: 'Not Responded' },
  change: { id: 'web.events.rsvp.change', defaultMessage: 'Change RSVP' },
  changeFor: { id: 'web.events.rsvp.changeFor', defaultMessage: 'Change RSVP for {name}' },
  reply: { id: 'web.events.rsvp.reply', defaultMessage: 'Reply' },
  replyFor: { id: 'web.events.rsvp.replyFor', defaultMessage: 'Reply to {name}' },
  updating: { id: 'web.events.rsvp.updating', defaultMessage: 'Updating...' },
});

/**
 * After 'attending' on an event that needs a guardian's approval, the member learns who was asked and why. Its
 * words are read when the toast is shown, so they are in the page's language at that moment.
 */
export const AWAITING_GUARDIAN_TOAST: ToastInput = {
  get title() {
    return translate(messages.awaitingTitle);
  },
  get description() {
    return translate(messages.awaitingText);
  },
};

/** The list's toast after a reply: the usual words, or who was asked when a guardian must approve. */
export const listRsvpToast = (result: AttendResponse): ToastInput =>
  result.status === 'awaiting_guardian'
    ? AWAITING_GUARDIAN_TOAST
    : { title: translate(messages.updated), description: translate(messages.updatedText) };

const LABELS: Record<AttendanceStatus, [MessageDescriptor, LucideIcon]> = {
  attending: [messages.attending, Check],
  not_attending: [messages.notAttending, X],
  maybe: [messages.maybe, CircleHelp],
  waitlisted: [messages.waitlisted, Clock],
  awaiting_guardian: [messages.awaitingTitle, Clock],
  awaiting_payment: [messages.awaitingPayment, Clock],
  not_responded: [messages.notResponded, CircleHelp],
  not_authenticated: [messages.notResponded, CircleHelp],
};

/** No reply yet: the member is offered the choices, never a "change" of a reply they have not made. */
export const isUnanswered = (status: AttendanceStatus) => status === 'not_responded' || status === 'not_authenticated';

/** The one word for a reply status, wherever a status is shown: card, lists, attendee tables. */
export const statusLabel = (status: string): string =>
  translate((LABELS[status as AttendanceStatus] ?? LABELS.not_responded)[0]);

export function StatusLabel({ status }: { status: AttendanceStatus }) {
  const t = useT();
  const [label, Icon] = LABELS[status] ?? LABELS.not_responded;
  return (
    <span className={`status-label status-${status}`}>
      <Icon size={16} aria-hidden="true" />
      <span>{t(label)}</span>
    </span>
  );
}

interface RsvpDropdownProps {
  eventId: number;
  eventName: string;
  status: AttendanceStatus;
}

export function RsvpDropdown({ eventId, eventName, status: current }: RsvpDropdownProps) {
  const t = useT();
  const unanswered = isUnanswered(current);
  const attend = useAttendEvent();
  const takePart = useTakePart();
  // A reply the server refused for want of answers: the questions, asked in place, go with it again.
  const [asking, setAsking] = useState<{ status: RsvpStatus; missing: number[] } | null>(null);
  const choose = (status: RsvpStatus) => {
    if (status !== 'not_attending' && takePart.first(() => choose(status))) return;
    attend.mutate(
      { id: eventId, status },
      {
        onSuccess: (result) => toast(listRsvpToast(result)),
        onError: (error) => {
          const missing = missingAnswers(error);
          if (missing) return setAsking({ status, missing });
          return (
            takePart.intercept(error, () => choose(status)) ||
            toastError(translate(common.error), translate(messages.failed))
          );
        },
      },
    );
  };
  return (
    <>
      {takePart.dialog}
      {asking && (
        <Suspense fallback={null}>
          <AnswersSheet
            eventId={eventId}
            eventName={eventName}
            open
            onOpenChange={(open) => !open && setAsking(null)}
            mode="reply"
            submitLabel={t(asking.status === 'maybe' ? messages.maybe : messages.attending)}
            missing={asking.missing}
            onSubmit={(answers) =>
              attend
                .mutateAsync({ id: eventId, status: asking.status, answers })
                .then((result) => toast(listRsvpToast(result)))
            }
            intercept={(error) => takePart.intercept(error, () => choose(asking.status))}
          />
        </Suspense>
      )}
      <Menu
        trigger={
          <Button
            variant={unanswered ? 'primary' : 'secondary'}
            size="small"
            disabled={attend.isPending}
            aria-label={t(unanswered ? messages.replyFor : messages.changeFor, { name: eventName })}
          >
            {t(attend.isPending ? messages.updating : unanswered ? messages.reply : messages.change)}{' '}
            <ChevronDown size={16} aria-hidden="true" />
          </Button>
        }
      >
        <MenuItem onSelect={() => choose('attending')}>{t(messages.attending)}</MenuItem>
        <MenuItem onSelect={() => choose('not_attending')}>{t(messages.notAttending)}</MenuItem>
        {/* After the SPEC's two choices, so their order (and keyboard path) stays as it was. */}
        <MenuItem onSelect={() => choose('maybe')}>{t(messages.maybe)}</MenuItem>
      </Menu>
    </>
  );
}
