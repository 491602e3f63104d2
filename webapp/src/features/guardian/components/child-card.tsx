// One child on the guardian's home: consent, permission slips waiting, upcoming events with the child's replies
// (replying for them), their care card, photo permission and withdrawing consent (which releases their places).
import { useState } from 'react';
import type { GuardianChild } from '../../../../../shared/types';
import { Badge, type BadgeTone } from '../../../components/badge/badge';
import { Button } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toast, toastError } from '../../../components/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { longDateTime } from '../../../lib/dates';
import { useT, type MessageDescriptor } from '../../../i18n';
import { useDecideSlip, useWithdrawConsent } from '../api/children';
import { ChildCare } from './child-care';
import { ChildEvents } from './child-events';
import { firstName, guardianMessages as messages } from './guardian-messages';
import { PhotoChoice } from './photo-choice';
import styles from './guardian.module.css';

const CONSENT_LOOK: Record<GuardianChild['guardianConsent'], [MessageDescriptor, BadgeTone]> = {
  granted: [messages.consentGiven, 'success'],
  awaiting_verification: [messages.consentAwaitingLeader, 'warning'],
  pending: [messages.noConsentYet, 'warning'],
  required: [messages.noConsent, 'warning'],
  not_needed: [messages.noConsentNeeded, 'neutral'],
};

export function ChildCard({ child }: { child: GuardianChild }) {
  const decide = useDecideSlip();
  const withdraw = useWithdrawConsent();
  const [confirming, setConfirming] = useState(false);
  const first = firstName(child.name);
  const slips = child.upcoming.filter((event) => event.status === 'awaiting_guardian');
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
        <ChildEvents child={child} />
      </section>

      <ChildCare child={child} />

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
