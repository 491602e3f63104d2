// Consents waiting for a leader, at the top of Members: a parent or guardian agreed through the emailed link,
// which proves only that they read that address. Each entry names the guardian and the child, where the link
// went, how the account signs in and how old it is next to the request (an account made after the request is
// flagged: a child could have made it). The admin confirms, or rejects after a confirmation. Hidden when none wait.
import { useState } from 'react';
import { TriangleAlert } from 'lucide-react';
import type { SignInMethod } from '../../../../../shared/constants';
import type { ConsentAwaitingVerification } from '../../../../../shared/types';
import { Badge } from '../../../components/badge/badge';
import { Button } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toast, toastError } from '../../../components/toast-store';
import { defineMessages, intlLocale, useT, type MessageDescriptor } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { longDateTime } from '../../../lib/dates';
import { useConsentsAwaiting, useJudgeConsent, type ConsentJudgement } from '../api/consents';
import styles from './admin-lists.module.css';
import panel from './consent-verification-panel.module.css';

const messages = defineMessages({
  title: { id: 'web.admin.consents.title', defaultMessage: 'Consents waiting for a leader' },
  intro: {
    id: 'web.admin.consents.intro',
    defaultMessage:
      'A parent or guardian agreed through the emailed link. The email shows only that they can read that address, not that they are the parent. Check who they are (in person, or by a phone number you already know) before you confirm.',
  },
  forChild: { id: 'web.admin.consents.forChild', defaultMessage: '{guardian} for {child}' },
  sentTo: { id: 'web.admin.consents.sentTo', defaultMessage: 'Link sent to {email}' },
  signsIn: { id: 'web.admin.consents.signsIn', defaultMessage: 'Sign-in: {methods}' },
  signsInNone: { id: 'web.admin.consents.signsInNone', defaultMessage: 'No sign-in method on record' },
  newAccount: { id: 'web.admin.consents.newAccount', defaultMessage: 'New account' },
  createdAfter: {
    id: 'web.admin.consents.createdAfter',
    defaultMessage: 'Account created {duration} after the request',
    description: 'duration is a formatted length of time such as "3 minutes" or "2 days".',
  },
  createdBefore: {
    id: 'web.admin.consents.createdBefore',
    defaultMessage: 'Account created {duration} before the request',
    description: 'duration is a formatted length of time such as "3 minutes" or "2 days".',
  },
  createdOn: { id: 'web.admin.consents.createdOn', defaultMessage: 'Account created {date}' },
  agreed: { id: 'web.admin.consents.agreed', defaultMessage: 'Agreed {date}' },
  confirm: { id: 'web.admin.consents.confirm', defaultMessage: 'Confirm' },
  confirmLabel: { id: 'web.admin.consents.confirmLabel', defaultMessage: 'Confirm {guardian} as guardian of {child}' },
  reject: { id: 'web.admin.consents.reject', defaultMessage: 'Reject' },
  rejectLabel: { id: 'web.admin.consents.rejectLabel', defaultMessage: 'Reject the consent of {guardian} for {child}' },
  confirmed: { id: 'web.admin.consents.confirmed', defaultMessage: '{guardian} is now a guardian of {child}' },
  rejected: { id: 'web.admin.consents.rejected', defaultMessage: 'The consent of {guardian} was rejected' },
  failed: { id: 'web.admin.consents.failed', defaultMessage: 'Could not save your decision' },
  rejectTitle: { id: 'web.admin.consents.rejectTitle', defaultMessage: 'Reject the consent of {guardian}?' },
  rejectText: {
    id: 'web.admin.consents.rejectText',
    defaultMessage:
      '{child} will need a parent’s or guardian’s consent again. The account of {guardian} stays, but is no longer linked to {child}.',
  },
  rejecting: { id: 'web.admin.consents.rejecting', defaultMessage: 'Rejecting...' },
});

const METHOD_LABELS: Record<SignInMethod, MessageDescriptor> = defineMessages({
  google: { id: 'web.admin.consents.methodGoogle', defaultMessage: 'Google' },
  telegram: { id: 'web.admin.consents.methodTelegram', defaultMessage: 'Telegram' },
  email: { id: 'web.admin.consents.methodEmail', defaultMessage: 'Email link' },
  demo: { id: 'web.admin.consents.methodDemo', defaultMessage: 'Demo account' },
});

/** "3 minutes", "5 hours", "2 days": the largest unit that keeps the number readable, in the page's language. */
function durationText(minutes: number): string {
  const size = Math.abs(minutes);
  const [unit, value] =
    size < 120 ? (['minute', size] as const) : size < 48 * 60 ? (['hour', size / 60] as const) : ['day', size / 1440];
  return new Intl.NumberFormat(intlLocale(), { style: 'unit', unit, unitDisplay: 'long' }).format(Math.floor(value));
}

const listText = (items: string[]) => new Intl.ListFormat(intlLocale(), { type: 'conjunction' }).format(items);

function ConsentEntry({
  entry,
  busy,
  onJudge,
}: {
  entry: ConsentAwaitingVerification;
  busy: boolean;
  onJudge: (judgement: ConsentJudgement) => void;
}) {
  const t = useT();
  const names = { guardian: entry.guardianName, child: entry.childName };
  const account = [entry.accountEmail, entry.telegramUsername && `@${entry.telegramUsername}`].filter(Boolean);
  const minutes = entry.createdAfterRequestMinutes;
  const age =
    minutes === null
      ? t(messages.createdOn, { date: longDateTime(entry.accountCreatedAt) })
      : t(minutes >= 0 ? messages.createdAfter : messages.createdBefore, { duration: durationText(minutes) });
  return (
    <li className={styles.row} aria-label={t(messages.forChild, names)}>
      <div className={styles.main}>
        <p className={styles.name}>
          {t(messages.forChild, names)} {entry.warning && <Badge tone="warning">{t(messages.newAccount)}</Badge>}
        </p>
        {entry.sentTo && <p className={styles.meta}>{t(messages.sentTo, { email: entry.sentTo })}</p>}
        <p className={styles.meta}>
          {entry.signInMethods.length
            ? t(messages.signsIn, { methods: listText(entry.signInMethods.map((method) => t(METHOD_LABELS[method]))) })
            : t(messages.signsInNone)}
          {account.length > 0 && ` · ${account.join(' · ')}`}
        </p>
        {entry.warning ? (
          <p className={panel.warning}>
            <TriangleAlert size={16} aria-hidden="true" />
            <span>{age}</span>
          </p>
        ) : (
          <p className={styles.meta}>{age}</p>
        )}
        <p className={styles.meta}>{t(messages.agreed, { date: longDateTime(entry.consentedAt) })}</p>
      </div>
      <div className={styles.actions}>
        <Button
          size="small"
          disabled={busy}
          onClick={() => onJudge('verify')}
          aria-label={t(messages.confirmLabel, names)}
        >
          {t(messages.confirm)}
        </Button>
        <Button
          size="small"
          variant="secondary"
          disabled={busy}
          onClick={() => onJudge('reject')}
          aria-label={t(messages.rejectLabel, names)}
        >
          {t(messages.reject)}
        </Button>
      </div>
    </li>
  );
}

export function ConsentVerificationPanel() {
  const t = useT();
  const awaiting = useConsentsAwaiting();
  const judge = useJudgeConsent();
  const [rejecting, setRejecting] = useState<ConsentAwaitingVerification | null>(null);
  const entries = awaiting.data ?? [];
  if (!awaiting.isError && entries.length === 0) return null;

  const decide = (entry: ConsentAwaitingVerification, judgement: ConsentJudgement) => {
    const names = { guardian: entry.guardianName, child: entry.childName };
    judge.mutate(
      { childId: entry.childId, guardianId: entry.guardianId, judgement },
      {
        onSuccess: () => {
          setRejecting(null);
          toast({ title: t(judgement === 'verify' ? messages.confirmed : messages.rejected, names) });
        },
        onError: (error) => {
          setRejecting(null);
          toastError(t(messages.failed), errorMessage(error));
        },
      },
    );
  };

  return (
    <Card title={t(messages.title)} labelledBy="consents-awaiting-title" className={styles.section}>
      {awaiting.isError ? (
        <p role="alert">{errorMessage(awaiting.error)}</p>
      ) : (
        <>
          <p className={panel.intro}>{t(messages.intro)}</p>
          <ul className={styles.list} aria-label={t(messages.title)}>
            {entries.map((entry) => (
              <ConsentEntry
                key={`${entry.childId}:${entry.guardianId}`}
                entry={entry}
                busy={judge.isPending}
                onJudge={(judgement) => (judgement === 'verify' ? decide(entry, 'verify') : setRejecting(entry))}
              />
            ))}
          </ul>
        </>
      )}
      <ConfirmDialog
        open={rejecting !== null}
        onOpenChange={(open) => !open && setRejecting(null)}
        title={t(messages.rejectTitle, { guardian: rejecting?.guardianName ?? '' })}
        description={t(messages.rejectText, {
          guardian: rejecting?.guardianName ?? '',
          child: rejecting?.childName ?? '',
        })}
        confirmLabel={t(messages.reject)}
        busyLabel={t(messages.rejecting)}
        busy={judge.isPending}
        onConfirm={() => rejecting && decide(rejecting, 'reject')}
      />
    </Card>
  );
}
