// /guardian, a guardian's home: for each child the consent, the photo permission, permission slips waiting for
// an answer, upcoming events, and withdrawing consent (which releases the child's places).
import { Users } from 'lucide-react';
import { useState } from 'react';
import { PHOTO_CONSENTS, type AttendanceStatus, type PhotoConsent } from '../../../../../shared/constants';
import { Badge, type BadgeTone } from '../../../components/badge/badge';
import { Button } from '../../../components/button/button';
import { Card, StateCard } from '../../../components/card/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state/empty-state';
import { Skeleton } from '../../../components/skeleton/skeleton';
import { toast, toastError } from '../../../components/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { longDateTime } from '../../../lib/dates';
import type { GuardianChild } from '../../../../../shared/types';
import { useGuardianChildren } from '../../../lib/guardian-children';
import { useDecideSlip, useSetPhotoConsent, useWithdrawConsent } from '../api/children';
import styles from './guardian.module.css';

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

const PHOTO_TEXT: Record<PhotoConsent, (first: string) => [string, string]> = {
  full: (first) => ['Everyone at the events', `Photos of ${first} may be shown to other members.`],
  internal: () => ['Organisers only', 'Only organisers and admins see photos; other members never do.'],
  none: (first) => ['No photos', `No photos of ${first} are shown to anyone.`],
};

const CONSENT_LOOK: Record<GuardianChild['guardianConsent'], [string, BadgeTone]> = {
  granted: ['Consent given', 'success'],
  pending: ['No consent yet', 'warning'],
  required: ['No consent', 'warning'],
  not_needed: ['No consent needed', 'neutral'],
};

const STATUS_TEXT: Partial<Record<AttendanceStatus, string>> = {
  attending: 'Attending',
  maybe: 'Maybe',
  waitlisted: 'Waitlisted',
  awaiting_guardian: 'Waiting for a guardian',
  not_attending: 'Not Attending',
};

function PhotoChoice({ child }: { child: GuardianChild }) {
  const save = useSetPhotoConsent();
  const first = firstName(child.name);
  const [shown, setShown] = useState(child.photoConsent);
  const choose = (photoConsent: PhotoConsent) => {
    setShown(photoConsent);
    save.mutate(
      { childId: child.id, photoConsent },
      {
        onSuccess: () => toast({ title: 'Photo permission saved', description: PHOTO_TEXT[photoConsent](first)[1] }),
        onError: (error) => {
          setShown(child.photoConsent);
          toastError('Could not save the photo permission', errorMessage(error));
        },
      },
    );
  };
  return (
    <fieldset className={styles.choices} disabled={save.isPending}>
      <legend>Photos of {first}</legend>
      {PHOTO_CONSENTS.map((value) => {
        const [label, text] = PHOTO_TEXT[value](first);
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

  const answer = (eventId: number, eventName: string, approve: boolean) =>
    decide.mutate(
      { childId: child.id, eventId, approve },
      {
        onSuccess: () =>
          toast({
            title: approve ? 'Approved' : 'Declined',
            description: approve
              ? `${first} is going to ${eventName}.`
              : `${first}'s place at ${eventName} is released.`,
          }),
        onError: (error) => toastError('Could not save your answer', errorMessage(error)),
      },
    );

  const withdrawConsent = () =>
    withdraw.mutate(child.id, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: 'Consent withdrawn', description: `${first} can no longer reply to events or comment.` });
      },
      onError: (error) => {
        setConfirming(false);
        toastError('Could not withdraw consent', errorMessage(error));
      },
    });

  return (
    <Card title={child.name} labelledBy={titleId} as="article">
      <div className={styles.badges} aria-live="polite">
        <Badge tone={consentTone}>{consentLabel}</Badge>
        {slips.length > 0 && (
          <Badge tone="warning">{slips.length === 1 ? '1 slip to answer' : `${slips.length} slips to answer`}</Badge>
        )}
      </div>

      {slips.length > 0 && (
        <section className={styles.section} aria-labelledby={`${titleId}-slips`}>
          <h3 id={`${titleId}-slips`}>Permission slips waiting</h3>
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
                    aria-label={`Approve ${event.name} for ${first}`}
                  >
                    Approve
                  </Button>
                  <Button
                    size="small"
                    variant="secondary"
                    disabled={decide.isPending}
                    onClick={() => answer(event.eventId, event.name, false)}
                    aria-label={`Decline ${event.name} for ${first}`}
                  >
                    Decline
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className={styles.section} aria-labelledby={`${titleId}-upcoming`}>
        <h3 id={`${titleId}-upcoming`}>Upcoming events</h3>
        {others.length === 0 ? (
          <p className="muted">{first} has no other upcoming events.</p>
        ) : (
          <ul className={styles.list}>
            {others.map((event) => (
              <li key={event.eventId} className={styles.item}>
                <span className={styles.itemText}>
                  <strong>{event.name}</strong>
                  <span className="muted">{longDateTime(event.date)}</span>
                </span>
                <span>{STATUS_TEXT[event.status] ?? 'Not Responded'}</span>
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
          <h3 id={`${titleId}-withdraw`}>Consent</h3>
          <p className="muted">
            Withdrawing stops {first} replying to events and commenting until a parent or guardian consents again.
          </p>
          <div>
            <Button variant="danger" onClick={() => setConfirming(true)}>
              Withdraw consent
            </Button>
          </div>
        </section>
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Withdraw consent for ${child.name}?`}
        description={
          going > 0
            ? `${first} can no longer reply to events or comment, and ${first}'s places at ${going === 1 ? '1 upcoming event is' : `${going} upcoming events are`} released to others. ${first} can ask you again later.`
            : `${first} can no longer reply to events or comment. ${first} can ask you again later.`
        }
        confirmLabel="Withdraw consent"
        busyLabel="Withdrawing..."
        busy={withdraw.isPending}
        onConfirm={withdrawConsent}
      />
    </Card>
  );
}

export function GuardianPage() {
  const children = useGuardianChildren();
  if (children.isPending) return <Skeleton label="Loading..." />;
  if (children.isError) {
    return (
      <StateCard title="Something went wrong" role="alert">
        <p>{errorMessage(children.error)}</p>
      </StateCard>
    );
  }
  return (
    <div className={styles.page}>
      <h1>Your children</h1>
      {children.data.length === 0 ? (
        <Card>
          <EmptyState icon={<Users size={22} />} title="No children yet">
            <p className="muted">
              When a child names you as their parent or guardian, you get an email with a link to give consent.
            </p>
          </EmptyState>
        </Card>
      ) : (
        children.data.map((child) => <ChildCard key={child.id} child={child} />)
      )}
    </div>
  );
}
