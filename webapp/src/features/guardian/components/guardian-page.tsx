// /guardian, a guardian's home: for each child the consent, the photo permission, permission slips waiting for
// an answer, upcoming events, and withdrawing consent (which releases the child's places).
import { Hourglass, Users } from 'lucide-react';
import { useState } from 'react';
import { PHOTO_CONSENTS, type AttendanceStatus, type PhotoConsent } from '../../../../../shared/constants';
import { Badge, type BadgeTone } from '../../../components/badge/badge';
import { Button } from '../../../components/button/button';
import { Card, StateCard } from '../../../components/card/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state/empty-state';
import { Skeleton } from '../../../components/skeleton/skeleton';
import { toast, toastError } from '../../../components/toast-store';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { longDateTime } from '../../../lib/dates';
import type { GuardianChild } from '../../../../../shared/types';
import { useGuardianChildren } from '../../../lib/guardian-children';
import { useDecideSlip, useSetPhotoConsent, useWithdrawConsent } from '../api/children';
import { defineMessages, useT, type MessageDescriptor, type Translate } from '../../../i18n';
import { commonMessages } from '../../../components/common-messages';
import styles from './guardian.module.css';

const messages = defineMessages({
  photoFull: { id: 'web.guardian.photos.full', defaultMessage: 'Everyone at the events' },
  photoFullText: {
    id: 'web.guardian.photos.fullText',
    defaultMessage: 'Photos of {name} may be shown to other members.',
  },
  photoInternal: { id: 'web.guardian.photos.internal', defaultMessage: 'Organisers only' },
  photoInternalText: {
    id: 'web.guardian.photos.internalText',
    defaultMessage: 'Only organisers and admins see photos; other members never do.',
  },
  photoNone: { id: 'web.guardian.photos.none', defaultMessage: 'No photos' },
  photoNoneText: { id: 'web.guardian.photos.noneText', defaultMessage: 'No photos of {name} are shown to anyone.' },
  photoSaved: { id: 'web.guardian.photos.saved', defaultMessage: 'Photo permission saved' },
  photoFailed: { id: 'web.guardian.photos.failed', defaultMessage: 'Could not save the photo permission' },
  photosOf: { id: 'web.guardian.photos.legend', defaultMessage: 'Photos of {name}' },
  consentGiven: { id: 'web.guardian.child.consentGiven', defaultMessage: 'Consent given' },
  noConsentYet: { id: 'web.guardian.child.noConsentYet', defaultMessage: 'No consent yet' },
  noConsent: { id: 'web.guardian.child.noConsent', defaultMessage: 'No consent' },
  noConsentNeeded: { id: 'web.guardian.child.noConsentNeeded', defaultMessage: 'No consent needed' },
  attending: { id: 'web.guardian.status.attending', defaultMessage: 'Attending' },
  maybe: { id: 'web.guardian.status.maybe', defaultMessage: 'Maybe' },
  waitlisted: { id: 'web.guardian.status.waitlisted', defaultMessage: 'Waitlisted' },
  awaitingGuardian: { id: 'web.guardian.status.awaitingGuardian', defaultMessage: 'Waiting for a guardian' },
  notAttending: { id: 'web.guardian.status.notAttending', defaultMessage: 'Not Attending' },
  notResponded: { id: 'web.guardian.status.notResponded', defaultMessage: 'Not Responded' },
  approved: { id: 'web.guardian.slip.approved', defaultMessage: 'Approved' },
  declined: { id: 'web.guardian.slip.declined', defaultMessage: 'Declined' },
  approvedText: { id: 'web.guardian.slip.approvedText', defaultMessage: '{name} is going to {event}.' },
  declinedText: { id: 'web.guardian.slip.declinedText', defaultMessage: "{name}'s place at {event} is released." },
  answerFailed: { id: 'web.guardian.slip.answerFailed', defaultMessage: 'Could not save your answer' },
  slipsToAnswer: {
    id: 'web.guardian.slip.toAnswer',
    defaultMessage: '{count, plural, one {# slip to answer} other {# slips to answer}}',
  },
  slipsWaiting: { id: 'web.guardian.slip.waiting', defaultMessage: 'Permission slips waiting' },
  approveFor: { id: 'web.guardian.slip.approveFor', defaultMessage: 'Approve {event} for {name}' },
  approve: { id: 'web.guardian.slip.approve', defaultMessage: 'Approve' },
  declineFor: { id: 'web.guardian.slip.declineFor', defaultMessage: 'Decline {event} for {name}' },
  decline: { id: 'web.guardian.slip.decline', defaultMessage: 'Decline' },
  upcoming: { id: 'web.guardian.child.upcoming', defaultMessage: 'Upcoming events' },
  noUpcoming: { id: 'web.guardian.child.noUpcoming', defaultMessage: '{name} has no other upcoming events.' },
  consent: { id: 'web.guardian.withdraw.consent', defaultMessage: 'Consent' },
  withdrawText: {
    id: 'web.guardian.withdraw.text',
    defaultMessage:
      'Withdrawing stops {name} replying to events and commenting until a parent or guardian consents again.',
  },
  withdraw: { id: 'web.guardian.withdraw.button', defaultMessage: 'Withdraw consent' },
  withdrawn: { id: 'web.guardian.withdraw.done', defaultMessage: 'Consent withdrawn' },
  withdrawnText: {
    id: 'web.guardian.withdraw.doneText',
    defaultMessage: '{name} can no longer reply to events or comment.',
  },
  withdrawFailed: { id: 'web.guardian.withdraw.failed', defaultMessage: 'Could not withdraw consent' },
  confirmTitle: { id: 'web.guardian.withdraw.confirmTitle', defaultMessage: 'Withdraw consent for {name}?' },
  confirmText: {
    id: 'web.guardian.withdraw.confirmText',
    defaultMessage:
      "{going, plural, =0 {{name} can no longer reply to events or comment. {name} can ask you again later.} one {{name} can no longer reply to events or comment, and {name}'s places at # upcoming event is released to others. {name} can ask you again later.} other {{name} can no longer reply to events or comment, and {name}'s places at # upcoming events are released to others. {name} can ask you again later.}}",
  },
  withdrawing: { id: 'web.guardian.withdraw.withdrawing', defaultMessage: 'Withdrawing...' },
  noChildren: { id: 'web.guardian.page.noChildren', defaultMessage: 'No children yet' },
  noChildrenText: {
    id: 'web.guardian.page.noChildrenText',
    defaultMessage: 'When a child names you as their parent or guardian, you get an email with a link to give consent.',
  },
  pendingTitle: { id: 'web.guardian.page.pendingTitle', defaultMessage: 'Nothing to show yet' },
  pendingText: {
    id: 'web.guardian.page.pendingText',
    defaultMessage:
      'Your account is waiting to be let in. Your children will appear here once you have given consent with the link we emailed you.',
  },
  consentAwaitingLeader: { id: 'web.guardian.home.consentAwaitingLeader', defaultMessage: 'A leader will confirm' },
  awaitingLeaderTitle: { id: 'web.guardian.home.awaitingLeaderTitle', defaultMessage: 'Waiting for a leader' },
  awaitingLeaderText: {
    id: 'web.guardian.home.awaitingLeaderText',
    defaultMessage:
      'Thank you for your consent. A leader of the group will confirm that you are {name}’s parent or guardian. Until then you cannot approve permission slips, reply for {name} or choose photo permissions.',
  },
});

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** Each photo choice: its label and what it means for the child (named by first name). */
const PHOTO_TEXT: Record<PhotoConsent, [MessageDescriptor, MessageDescriptor]> = {
  full: [messages.photoFull, messages.photoFullText],
  internal: [messages.photoInternal, messages.photoInternalText],
  none: [messages.photoNone, messages.photoNoneText],
};

const CONSENT_LOOK: Record<GuardianChild['guardianConsent'], [MessageDescriptor, BadgeTone]> = {
  granted: [messages.consentGiven, 'success'],
  awaiting_verification: [messages.consentAwaitingLeader, 'warning'],
  pending: [messages.noConsentYet, 'warning'],
  required: [messages.noConsent, 'warning'],
  not_needed: [messages.noConsentNeeded, 'neutral'],
};

const STATUS_TEXT: Partial<Record<AttendanceStatus, MessageDescriptor>> = {
  attending: messages.attending,
  maybe: messages.maybe,
  waitlisted: messages.waitlisted,
  awaiting_guardian: messages.awaitingGuardian,
  not_attending: messages.notAttending,
};

const photoText = (t: Translate, value: PhotoConsent, name: string) => t(PHOTO_TEXT[value][1], { name });

function PhotoChoice({ child }: { child: GuardianChild }) {
  const save = useSetPhotoConsent();
  const first = firstName(child.name);
  const [shown, setShown] = useState(child.photoConsent);
  const t = useT();
  const choose = (photoConsent: PhotoConsent) => {
    setShown(photoConsent);
    save.mutate(
      { childId: child.id, photoConsent },
      {
        onSuccess: () => toast({ title: t(messages.photoSaved), description: photoText(t, photoConsent, first) }),
        onError: (error) => {
          setShown(child.photoConsent);
          toastError(t(messages.photoFailed), errorMessage(error));
        },
      },
    );
  };
  return (
    <fieldset className={styles.choices} disabled={save.isPending}>
      <legend>{t(messages.photosOf, { name: first })}</legend>
      {PHOTO_CONSENTS.map((value) => {
        const label = t(PHOTO_TEXT[value][0]);
        const text = photoText(t, value, first);
        return (
          <label key={value} className={styles.choice}>
            <input
              type="radio"
              name={`photo-${child.id}`}
              value={value}
              checked={shown === value}
              onChange={() => choose(value)}
            />
            <span>
              <strong>{label}</strong>
              <span className="muted">{text}</span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

function ChildCard({ child }: { child: GuardianChild }) {
  const decide = useDecideSlip();
  const withdraw = useWithdrawConsent();
  const [confirming, setConfirming] = useState(false);
  const first = firstName(child.name);
  const slips = child.upcoming.filter((event) => event.status === 'awaiting_guardian');
  const others = child.upcoming.filter((event) => event.status !== 'awaiting_guardian');
  const going = child.upcoming.filter((event) => event.status !== 'not_attending').length;
  const [consentLabel, consentTone] = CONSENT_LOOK[child.guardianConsent];
  const titleId = `child-${child.id}`;
  const t = useT();

  if (child.awaitingVerification) {
    return (
      <Card title={child.name} labelledBy={titleId} as="article">
        <div className={styles.badges}>
          <Badge tone="warning">{t(messages.consentAwaitingLeader)}</Badge>
        </div>
        <section className={styles.section} aria-labelledby={`${titleId}-waiting`}>
          <h3 id={`${titleId}-waiting`}>{t(messages.awaitingLeaderTitle)}</h3>
          <p role="status">{t(messages.awaitingLeaderText, { name: first })}</p>
        </section>
      </Card>
    );
  }

  const answer = (eventId: number, eventName: string, approve: boolean) =>
    decide.mutate(
      { childId: child.id, eventId, approve },
      {
        onSuccess: () =>
          toast({
            title: approve ? t(messages.approved) : t(messages.declined),
            description: t(approve ? messages.approvedText : messages.declinedText, { name: first, event: eventName }),
          }),
        onError: (error) => toastError(t(messages.answerFailed), errorMessage(error)),
      },
    );

  const withdrawConsent = () =>
    withdraw.mutate(child.id, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: t(messages.withdrawn), description: t(messages.withdrawnText, { name: first }) });
      },
      onError: (error) => {
        setConfirming(false);
        toastError(t(messages.withdrawFailed), errorMessage(error));
      },
    });

  return (
    <Card title={child.name} labelledBy={titleId} as="article">
      <div className={styles.badges} aria-live="polite">
        <Badge tone={consentTone}>{t(consentLabel)}</Badge>
        {slips.length > 0 && <Badge tone="warning">{t(messages.slipsToAnswer, { count: slips.length })}</Badge>}
      </div>

      {slips.length > 0 && (
        <section className={styles.section} aria-labelledby={`${titleId}-slips`}>
          <h3 id={`${titleId}-slips`}>{t(messages.slipsWaiting)}</h3>
          <ul className={styles.list}>
            {slips.map((event) => (
              <li key={event.eventId} className={styles.item}>
                <span className={styles.itemText}>
                  <strong>{event.name}</strong>
                  <span className="muted">{longDateTime(event.date)}</span>
                </span>
                <span className={styles.itemActions}>
                  <Button
                    size="small"
                    disabled={decide.isPending}
                    onClick={() => answer(event.eventId, event.name, true)}
                    aria-label={t(messages.approveFor, { event: event.name, name: first })}
                  >
                    {t(messages.approve)}
                  </Button>
                  <Button
                    size="small"
                    variant="secondary"
                    disabled={decide.isPending}
                    onClick={() => answer(event.eventId, event.name, false)}
                    aria-label={t(messages.declineFor, { event: event.name, name: first })}
                  >
                    {t(messages.decline)}
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className={styles.section} aria-labelledby={`${titleId}-upcoming`}>
        <h3 id={`${titleId}-upcoming`}>{t(messages.upcoming)}</h3>
        {others.length === 0 ? (
          <p className="muted">{t(messages.noUpcoming, { name: first })}</p>
        ) : (
          <ul className={styles.list}>
            {others.map((event) => (
              <li key={event.eventId} className={styles.item}>
                <span className={styles.itemText}>
                  <strong>{event.name}</strong>
                  <span className="muted">{longDateTime(event.date)}</span>
                </span>
                <span>{t(STATUS_TEXT[event.status] ?? messages.notResponded)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={styles.section}>
        <PhotoChoice child={child} />
      </section>

      {child.guardianConsent === 'granted' && (
        <section className={styles.section} aria-labelledby={`${titleId}-withdraw`}>
          <h3 id={`${titleId}-withdraw`}>{t(messages.consent)}</h3>
          <p className="muted">{t(messages.withdrawText, { name: first })}</p>
          <div>
            <Button variant="danger" onClick={() => setConfirming(true)}>
              {t(messages.withdraw)}
            </Button>
          </div>
        </section>
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t(messages.confirmTitle, { name: child.name })}
        description={t(messages.confirmText, { name: first, going })}
        confirmLabel={t(messages.withdraw)}
        busyLabel={t(messages.withdrawing)}
        busy={withdraw.isPending}
        onConfirm={withdrawConsent}
      />
    </Card>
  );
}

/**
 * An account the organisation has not let in yet (a parent who signed in before any child named them, or who
 * came to join): the server refuses it the children's list, so it is not asked; the page says what happens next.
 */
function WaitingParent() {
  const t = useT();
  return (
    <StateCard title={t(messages.pendingTitle)} icon={<Hourglass size={32} aria-hidden="true" />} role="status">
      <p>{t(messages.pendingText)}</p>
      <p className="muted">{t(messages.noChildrenText)}</p>
    </StateCard>
  );
}

export function GuardianPage() {
  const { data: user } = useCurrentUser();
  const pending = user?.status === 'pending';
  const children = useGuardianChildren(!pending);
  const t = useT();
  // Refused as pending (a status that changed since the page loaded): the same waiting, never an error.
  if (pending || (children.error instanceof ApiError && children.error.status === 403 && user?.role !== 'guardian'))
    return <WaitingParent />;
  if (children.isPending) return <Skeleton label={t(commonMessages.loading)} />;
  if (children.isError) {
    return (
      <StateCard title={t(commonMessages.somethingWentWrong)} role="alert">
        <p>{errorMessage(children.error)}</p>
      </StateCard>
    );
  }
  return (
    <div className={styles.page}>
      <h1>{t(commonMessages.yourChildren)}</h1>
      {children.data.length === 0 ? (
        <Card>
          <EmptyState icon={<Users size={22} />} title={t(messages.noChildren)}>
            <p className="muted">{t(messages.noChildrenText)}</p>
          </EmptyState>
        </Card>
      ) : (
        children.data.map((child) => <ChildCard key={child.id} child={child} />)
      )}
    </div>
  );
}
