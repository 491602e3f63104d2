// The RSVP card of the details page (SPEC §2/§4): the current status and 'I Will Attend' / 'Maybe' /
// 'Cannot Attend' (before any reply 'I Will Attend' leads, filled, above the two others; once replied, the
// current choice is the filled one), the guests stepper, the waitlist place, the closing time and the member's
// pass, with who else is coming. On a full event the first button reads 'Join the waitlist', and 'Leave the
// waitlist' once there. Inside Telegram the first button is also on Telegram's MainButton; on a phone's website, the bar at the
// bottom (rsvp-bar.tsx) keeps the reply in reach while the card is scrolled away.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, CircleHelp, Clock, LogOut, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { RsvpStatus } from '../../../../../../shared/constants';
import type { AnswersInput } from '../../../../../../shared/schemas/questions';
import type { AttendResponse, EventDetail } from '../../../../../../shared/types';
import { AvatarStack } from '../../../../components/avatar/avatar';
import { Button } from '../../../../components/button/button';
import { Card } from '../../../../components/card/card';
import { useTakePart } from '../../../../components/take-part/take-part';
import { toast, toastError } from '../../../../components/toast-store';
import { defineMessages, translate, useT } from '../../../../i18n';
import { ApiError } from '../../../../lib/api-client';
import { useCurrentUser } from '../../../../lib/auth';
import { rememberWish } from '../../../../lib/minors';
import { useMainButton } from '../../../../lib/use-main-button';
import { useAttendEvent } from '../../api/attend-event';
import { useAttendees } from '../../api/get-attendees';
import { questionsQueryOptions } from '../../api/questions';
import { useSaveAnswers } from '../../api/save-answers';
import { asksQuestions } from '../../../../components/answers-sheet/answer-values';
import { missingAnswers } from '../../../../components/answers-sheet/missing-answers';
import { goingFaces } from '../details/event-hero';
import { GuestsStepper } from './guests-stepper';
import { MemberPass } from './member-pass';
import { ParentWait, waitsForConsent } from './parent-wait';
import { PaymentPanel, usePayNow } from './payment-panel';
import { paymentMessages } from '../../../../components/payment/payment-status';
import { AWAITING_GUARDIAN_TOAST, isUnanswered, StatusLabel } from './rsvp';
import { RsvpBar } from './rsvp-bar';
import styles from './rsvp-card.module.css';
import { closingText, isFull, isRsvpClosed, rsvpMessages, spotsText } from './rsvp-text';
import { YourAnswers } from './your-answers';

// The questions sheet loads when the event turns out to ask questions, before any press (rsvp/answers-sheet.tsx).
const loadSheet = () => import('./answers-sheet');
const AnswersSheet = lazy(() => loadSheet().then((m) => ({ default: m.MemberAnswersSheet })));

/** What the open sheet is for: a reply (its status, guests and button) or changing the answers alone. */
type Asking =
  | { mode: 'reply'; status: RsvpStatus; guests: number; pressed: string; label: string; missing?: number[] }
  | { mode: 'edit' };

const messages = defineMessages({
  title: { id: 'web.events.details.rsvpTitle', defaultMessage: 'Your RSVP' },
  onWaitlist: { id: 'web.events.details.onWaitlist', defaultMessage: "You're on the waitlist" },
  onWaitlistAt: { id: 'web.events.details.onWaitlistAt', defaultMessage: "You're on the waitlist (#{position})" },
  maybe: { id: 'web.events.details.maybe', defaultMessage: 'Maybe' },
  cannotAttend: { id: 'web.events.details.cannotAttend', defaultMessage: 'Cannot Attend' },
  updating: { id: 'web.events.details.updating', defaultMessage: 'Updating...' },
  goingCount: { id: 'web.events.details.goingCount', defaultMessage: '{count, plural, one {# going} other {# going}}' },
  goingWithSpots: {
    id: 'web.events.details.goingWithSpots',
    defaultMessage: '{count, plural, one {# going · {spots}} other {# going · {spots}}}',
  },
  saved: { id: 'web.events.details.attendanceUpdated', defaultMessage: 'Attendance updated' },
  savedWaitlisted: { id: 'web.events.details.fullWaitlisted', defaultMessage: 'The event is full. {waitlist}.' },
  errorTitle: { id: 'web.events.details.errorTitle', defaultMessage: 'Error' },
  answersSaved: { id: 'web.events.answers.saved', defaultMessage: 'Answers saved' },
  failed: {
    id: 'web.events.details.rsvpFailed',
    defaultMessage: 'Failed to update attendance. Please sign in to attend events.',
  },
});

export const waitlistText = (position: number | null | undefined) =>
  position ? translate(messages.onWaitlistAt, { position }) : translate(messages.onWaitlist);

function GoingAvatars({ eventId }: { eventId: number }) {
  const attendees = useAttendees(eventId);
  const going = goingFaces(attendees.data ?? []).map((attendee) => ({ ...attendee, id: attendee.id! }));
  return <AvatarStack people={going} max={5} size={32} />;
}

/** A closed RSVP (409) says so; anything else keeps SPEC §8's details-page message. */
function rsvpFailed(error: unknown) {
  const closed = error instanceof ApiError && error.status === 409 && error.serverMessage;
  toastError(translate(messages.errorTitle), closed || translate(messages.failed));
}

function rsvpSaved(result: AttendResponse) {
  toast(
    result.status === 'waitlisted'
      ? {
          title: translate(messages.saved),
          description: translate(messages.savedWaitlisted, { waitlist: waitlistText(result.waitlistPosition) }),
        }
      : result.status === 'awaiting_guardian'
        ? AWAITING_GUARDIAN_TOAST
        : { title: translate(messages.saved) },
  );
}

interface RsvpCardProps {
  event: EventDetail;
  /** The creator and admins may still change replies after the closing time. */
  canManage?: boolean;
  className?: string;
}

export function RsvpCard({ event, canManage = false, className = '' }: RsvpCardProps) {
  const t = useT();
  const attend = useAttendEvent();
  const takePart = useTakePart();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const buttonsRef = useRef<HTMLDivElement>(null);
  // Which button was pressed: 'Leave the waitlist' and 'Cannot Attend' send the same reply.
  const [choice, setChoice] = useState<string | null>(null);
  const [guests, setGuests] = useState(event.myGuests);
  const [asking, setAsking] = useState<Asking | null>(null);
  // The questions are read only by a signed-in member (the server asks for one); none: nothing changes.
  const questionsQuery = useQuery({ ...questionsQueryOptions(event.id), enabled: Boolean(user) });
  const questions = questionsQuery.data ?? [];
  const saveAnswers = useSaveAnswers(event.id);
  useEffect(() => {
    if (questions.length) void loadSheet();
  }, [questions.length]);
  const hasAnswers = Object.keys(event.myAnswers ?? {}).length > 0;
  const waitlisted = event.myStatus === 'waitlisted';
  // A place held for a guardian or for payment is a place: 'I Will Attend' is the pressed choice.
  const holding = ['attending', 'awaiting_guardian', 'awaiting_payment'].includes(event.myStatus);
  const payNow = usePayNow(event);
  const going = holding || waitlisted;
  // Before any reply one choice leads; afterwards the pressed one is the filled button.
  const unanswered = isUnanswered(event.myStatus);
  const locked = isRsvpClosed(event.rsvpClosesAt) && !canManage;
  // On a full event the first button says what it will do before it is pressed.
  const joinsWaitlist = !holding && isFull(event);
  const attendLabel = t(joinsWaitlist ? rsvpMessages.joinWaitlist : rsvpMessages.willAttend);
  const labelOf = (pressed: string) => (pressed === 'maybe' ? t(messages.maybe) : attendLabel);
  const attendVariables = (status: RsvpStatus, guestCount: number, answers?: AnswersInput) => ({
    id: event.id,
    status,
    ...(status === 'attending' && event.guestsAllowed > 0 ? { guests: guestCount } : {}),
    ...(answers ? { answers } : {}),
  });
  // A wish to go that waits for a parent's consent stays on the page (parent-wait.tsx).
  const keepWish = (status: RsvpStatus, error: unknown) => {
    if (status === 'attending' && user && error instanceof ApiError && error.code === 'guardian_consent_first') {
      rememberWish(user.id, event.id);
    }
  };
  const reply = (status: RsvpStatus, guestCount = guests, pressed: string = status) => {
    const again = () => reply(status, guestCount, pressed);
    if (status !== 'not_attending' && takePart.first(again)) {
      if (status === 'attending' && user) rememberWish(user.id, event.id);
      return;
    }
    const ask = (missing?: number[]) =>
      setAsking({ mode: 'reply', status, guests: guestCount, pressed, label: labelOf(pressed), missing });
    const send = () => sendReply(status, guestCount, pressed, ask);
    if (status !== 'not_attending' && user && questionsQuery.isPending) {
      // Pressed before the page knew whether the event asks questions: it learns that first.
      setChoice(pressed);
      void queryClient
        .fetchQuery(questionsQueryOptions(event.id))
        .then((list) => (asksQuestions(list, event.myStatus, event.myAnswers) ? ask() : send()), send);
      return;
    }
    // Going, maybe or the waitlist on an event with questions: they are asked in place, and go with the reply.
    if (status !== 'not_attending' && asksQuestions(questions, event.myStatus, event.myAnswers)) return ask();
    send();
  };
  const sendReply = (status: RsvpStatus, guestCount: number, pressed: string, ask: (missing?: number[]) => void) => {
    const again = () => reply(status, guestCount, pressed);
    setChoice(pressed);
    attend.mutate(attendVariables(status, guestCount), {
      onSuccess: rsvpSaved,
      onError: (error) => {
        keepWish(status, error);
        // Questions this page did not know of yet (added meanwhile, or not loaded): asked now.
        const missing = missingAnswers(error);
        if (missing) return ask(missing);
        return takePart.intercept(error, again) || rsvpFailed(error);
      },
    });
  };
  const replyWithAnswers = (status: RsvpStatus, guestCount: number, pressed: string) => (answers: AnswersInput) => {
    setChoice(pressed);
    return attend.mutateAsync(attendVariables(status, guestCount, answers)).then(rsvpSaved);
  };
  const interceptReply = (status: RsvpStatus, guestCount: number, pressed: string) => (error: unknown) => {
    keepWish(status, error);
    return takePart.intercept(error, () => reply(status, guestCount, pressed));
  };
  // Already going: a new guest count is a new reply at once; otherwise it goes with 'I Will Attend'.
  const changeGuests = (count: number) => {
    setGuests(count);
    if (going) reply('attending', count);
  };
  // Telegram's MainButton: the reply until there is one; then "Pay now" while the fee is due.
  useMainButton(
    takePart.open || asking
      ? null
      : payNow.canPay && holding
        ? { text: t(paymentMessages.payNow), onClick: payNow.pay, busy: payNow.busy }
        : holding || waitlisted || locked
          ? null
          : { text: attendLabel, onClick: () => reply('attending'), busy: attend.isPending },
  );
  const button = (
    key: string,
    status: RsvpStatus,
    label: string,
    Icon: typeof Check,
    // null: an action rather than a choice, so no pressed state at all.
    pressed: boolean | null = event.myStatus === status,
    lead = false,
  ) => (
    <Button
      variant={lead ? 'primary' : 'secondary'}
      block
      aria-pressed={pressed ?? undefined}
      disabled={attend.isPending || locked}
      onClick={() => reply(status, guests, key)}
    >
      <Icon size={18} aria-hidden="true" />
      {attend.isPending && choice === key ? t(messages.updating) : label}
    </Button>
  );
  const spots = spotsText(event);
  const closing = closingText(event.rsvpClosesAt);
  return (
    <>
      <Card title={t(messages.title)} className={className} labelledBy="rsvp-title">
        <p>
          <StatusLabel status={event.myStatus} />
        </p>
        {event.fee && <PaymentPanel event={event} payNow={payNow} />}
        {takePart.dialog}
        {user && (event.myStatus === 'awaiting_guardian' || waitsForConsent(user, event.id)) && (
          <ParentWait event={event} user={user} onAsk={takePart.askGuardian} />
        )}
        {event.myStatus === 'waitlisted' && (
          <p className={styles.waitlist} role="status">
            <Clock size={18} aria-hidden="true" />
            {waitlistText(event.myWaitlistPosition)}
          </p>
        )}
        {event.guestsAllowed > 0 && (
          <GuestsStepper
            value={Math.min(guests, event.guestsAllowed)}
            max={event.guestsAllowed}
            disabled={attend.isPending || locked}
            onChange={changeGuests}
          />
        )}
        <div className={`rsvp-buttons ${styles.choices}`} ref={buttonsRef}>
          {waitlisted
            ? // The waitlist place is said above; this button only leaves it.
              button('leave-waitlist', 'not_attending', t(rsvpMessages.leaveWaitlist), LogOut, null)
            : button('attending', 'attending', attendLabel, joinsWaitlist ? Clock : Check, holding, unanswered)}
          {button('maybe', 'maybe', t(messages.maybe), CircleHelp)}
          {button('not_attending', 'not_attending', t(messages.cannotAttend), X)}
        </div>
        {event.myStatus === 'attending' && (
          <div className={styles.passRow}>
            <MemberPass eventId={event.id} eventName={event.name} />
          </div>
        )}
        {questions.length > 0 && (hasAnswers || (!unanswered && event.myStatus !== 'not_attending')) && (
          <YourAnswers
            questions={questions}
            answers={event.myAnswers ?? {}}
            onEdit={locked ? null : () => setAsking({ mode: 'edit' })}
          />
        )}
        <p className="rsvp-going">
          <GoingAvatars eventId={event.id} />
          <span className="muted">
            {spots
              ? t(messages.goingWithSpots, { count: event.attendingCount, spots })
              : t(messages.goingCount, { count: event.attendingCount })}
          </span>
        </p>
        {closing && <p className={`muted ${styles.closing}`}>{closing}</p>}
      </Card>
      <RsvpBar
        event={event}
        cardButtons={buttonsRef}
        attendLabel={attendLabel}
        joinsWaitlist={joinsWaitlist}
        // Nothing to press when replies are closed or the member already holds a place: the bar then leads
        // back to the card, where every choice is.
        onAttend={holding || waitlisted || locked ? null : () => reply('attending', guests, 'attending')}
        busy={attend.isPending}
      />
      {asking && (
        <Suspense fallback={null}>
          <AnswersSheet
            eventId={event.id}
            eventName={event.name}
            open
            onOpenChange={(open) => !open && setAsking(null)}
            {...(asking.mode === 'reply'
              ? {
                  mode: 'reply',
                  submitLabel: asking.label,
                  missing: asking.missing,
                  onSubmit: replyWithAnswers(asking.status, asking.guests, asking.pressed),
                  intercept: interceptReply(asking.status, asking.guests, asking.pressed),
                }
              : {
                  mode: 'edit',
                  onSubmit: (answers: AnswersInput) =>
                    saveAnswers.mutateAsync(answers).then(() => toast({ title: t(messages.answersSaved) })),
                })}
          />
        </Suspense>
      )}
    </>
  );
}
