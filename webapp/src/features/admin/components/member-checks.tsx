// A member's leader checks in the members admin: the badge their row shows (Lapsed, or cleared until a day), and
// a small dialog where an admin records a check (background check, safeguarding training, first aid) or removes
// one. The server decides who is cleared; the badge only says what it answered.
import { useState, type FormEvent } from 'react';
import { isCalendarDate } from '../../../../../shared/age';
import { LEADER_CHECK_KINDS, type LeaderCheckKind } from '../../../../../shared/schemas/leader-checks';
import type { AdminMember } from '../../../../../shared/types';
import type { AdminMemberWithChecks } from '../../../../../shared/types/leader-checks';
import { Badge } from '../../../components/badge/badge';
import { Button } from '../../../components/button/button';
import { Dialog } from '../../../components/dialog/dialog';
import { Field } from '../../../components/field/field';
import { toast } from '../../../components/toast-store';
import { defineMessages, useT } from '../../../i18n';
import { calendarDateText } from '../../../lib/dates';
import { useAddCheck, useMemberChecks, useRemoveCheck } from '../api/leader-checks';
import { serverMessage } from './server-message';
import styles from './admin-lists.module.css';
import own from './member-checks.module.css';

const messages = defineMessages({
  lapsed: {
    id: 'web.admin.checks.lapsed',
    defaultMessage: 'Lapsed',
    description: 'Badge: a leader check this member needs has run out, so they may not lead events',
  },
  clearedUntil: {
    id: 'web.admin.checks.clearedUntil',
    defaultMessage: 'Leader until {date}',
    description: 'Badge: every required check is current; date: the first day one of them runs out',
  },
  open: { id: 'web.admin.checks.open', defaultMessage: 'Checks' },
  openLabel: { id: 'web.admin.checks.openLabel', defaultMessage: 'Leader checks of {name}' },
  title: { id: 'web.admin.checks.title', defaultMessage: '{name}: leader checks' },
  kind: {
    id: 'web.admin.checks.kind',
    defaultMessage:
      '{kind, select, background_check {Background check} safeguarding_training {Safeguarding training} other {First aid}}',
  },
  kindLabel: { id: 'web.admin.checks.kindLabel', defaultMessage: 'Check' },
  expires: { id: 'web.admin.checks.expires', defaultMessage: 'Valid until {date}' },
  expired: { id: 'web.admin.checks.expired', defaultMessage: 'Ran out on {date}' },
  none: { id: 'web.admin.checks.none', defaultMessage: 'No checks recorded yet.' },
  reference: { id: 'web.admin.checks.reference', defaultMessage: 'Reference (optional)' },
  completedOn: { id: 'web.admin.checks.completedOn', defaultMessage: 'Completed on' },
  expiresOn: { id: 'web.admin.checks.expiresOn', defaultMessage: 'Valid until' },
  datesInvalid: {
    id: 'web.admin.checks.datesInvalid',
    defaultMessage: 'Enter both dates; the check must run out after the day it was completed.',
  },
  add: { id: 'web.admin.checks.add', defaultMessage: 'Add check' },
  added: { id: 'web.admin.checks.added', defaultMessage: 'Check recorded for {name}' },
  remove: { id: 'web.admin.checks.remove', defaultMessage: 'Remove' },
  removeLabel: { id: 'web.admin.checks.removeLabel', defaultMessage: 'Remove {check}' },
});

/** The row's badge: Lapsed, or cleared until the first day a check runs out; nothing for members without checks. */
export function CheckBadge({ member }: { member: AdminMember }) {
  const t = useT();
  const checks = (member as Partial<AdminMemberWithChecks>).checks;
  if (!checks) return null;
  if (checks.lapsed) return <Badge tone="warning">{t(messages.lapsed)}</Badge>;
  if (checks.cleared && checks.nextExpiry)
    return <Badge tone="success">{t(messages.clearedUntil, { date: calendarDateText(checks.nextExpiry) })}</Badge>;
  return null;
}

/** The row's "Checks" button and its dialog. */
export function MemberChecksButton({ member }: { member: AdminMember }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        variant="secondary"
        onClick={() => setOpen(true)}
        aria-label={t(messages.openLabel, { name: member.name })}
      >
        {t(messages.open)}
      </Button>
      {open && <MemberChecksDialog member={member} open={open} onOpenChange={setOpen} />}
    </>
  );
}

function MemberChecksDialog({
  member,
  open,
  onOpenChange,
}: {
  member: AdminMember;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  const checks = useMemberChecks(member.id);
  const add = useAddCheck(member.id);
  const remove = useRemoveCheck(member.id);
  const [kind, setKind] = useState<LeaderCheckKind>('background_check');
  const [reference, setReference] = useState('');
  const [completedOn, setCompletedOn] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isCalendarDate(completedOn) || !isCalendarDate(expiresOn) || expiresOn <= completedOn) {
      setError(t(messages.datesInvalid));
      return;
    }
    setError(null);
    add.mutate(
      { kind, reference: reference.trim() || null, completedOn, expiresOn },
      {
        onSuccess: () => {
          setReference('');
          setCompletedOn('');
          setExpiresOn('');
          toast({ title: t(messages.added, { name: member.name }) });
        },
        onError: (failure) => setError(serverMessage(failure)),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t(messages.title, { name: member.name })}>
      <div className={styles.dialogBody}>
        {checks.data && checks.data.checks.length === 0 && <p className="muted">{t(messages.none)}</p>}
        {checks.data && checks.data.checks.length > 0 && (
          <ul className={own.checkList}>
            {checks.data.checks.map((check) => {
              const name = t(messages.kind, { kind: check.kind });
              return (
                <li key={check.id} className={own.checkItem}>
                  <span>
                    <strong>{name}</strong>
                    {check.reference ? ` · ${check.reference}` : ''}
                    <br />
                    <span className={check.current ? 'muted' : undefined}>
                      {t(check.current ? messages.expires : messages.expired, {
                        date: calendarDateText(check.expiresOn),
                      })}
                    </span>
                  </span>
                  <Button
                    size="small"
                    variant="danger"
                    disabled={remove.isPending}
                    aria-label={t(messages.removeLabel, { check: name })}
                    onClick={() => remove.mutate(check.id, { onError: (failure) => setError(serverMessage(failure)) })}
                  >
                    {t(messages.remove)}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        <form className="form" noValidate onSubmit={submit}>
          <Field label={t(messages.kindLabel)}>
            <select value={kind} onChange={(event) => setKind(event.target.value as LeaderCheckKind)}>
              {LEADER_CHECK_KINDS.map((option) => (
                <option key={option} value={option}>
                  {t(messages.kind, { kind: option })}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t(messages.reference)}>
            <input
              type="text"
              value={reference}
              maxLength={100}
              onChange={(event) => setReference(event.target.value)}
            />
          </Field>
          <Field label={t(messages.completedOn)}>
            <input type="date" value={completedOn} onChange={(event) => setCompletedOn(event.target.value)} />
          </Field>
          <Field label={t(messages.expiresOn)} error={error}>
            <input type="date" value={expiresOn} onChange={(event) => setExpiresOn(event.target.value)} />
          </Field>
          <div>
            <Button type="submit" disabled={add.isPending}>
              {t(messages.add)}
            </Button>
          </div>
        </form>
      </div>
    </Dialog>
  );
}
