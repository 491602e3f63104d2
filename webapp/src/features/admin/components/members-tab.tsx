// Members: who is in, who waits and who is suspended. An admin searches, approves or rejects applicants,
// changes roles, suspends and reinstates, and erases a member after a confirmation naming them. The server
// decides what is allowed (the last admin, oneself): its refusal is shown as it was given.
import { useEffect, useState } from 'react';
import { MEMBER_ROLES, type MemberRole } from '../../../../../shared/constants';
import { Badge, type BadgeTone } from '../../../components/badge/badge';
import { Button } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Field } from '../../../components/field/field';
import { Skeleton } from '../../../components/skeleton/skeleton';
import { toast, toastError } from '../../../components/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { shortDate } from '../../../lib/dates';
import type { MemberFilters } from '../api/keys';
import {
  PENDING_COUNT_LIMIT,
  useDeleteMember,
  useMembers,
  usePendingCount,
  useUpdateMember,
  type MemberChange,
} from '../api/members';
import type { AdminMember } from '../../../../../shared/types';
import styles from './admin-lists.module.css';
import { InvitesSection } from './invites-section';
import { MemberAgeDialog, type MemberAge } from './member-age-dialog';
import { serverMessage } from './server-message';

const ROLE_LABELS: Record<MemberRole, string> = { member: 'Member', organiser: 'Organiser', admin: 'Admin' };
const STATUS_LOOK: Record<AdminMember['status'], { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  pending: { label: 'Pending', tone: 'warning' },
  suspended: { label: 'Suspended', tone: 'neutral' },
};

type Chip = 'all' | 'pending' | 'suspended';

/** The search box's text, once the admin has paused typing: one request per search, not per key. */
function useSettled(value: string, delayMs = 300) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

type Confirming = { kind: 'reject' | 'delete'; member: AdminMember } | null;

export function MembersTab() {
  const [text, setText] = useState('');
  const [chip, setChip] = useState<Chip>('all');
  const q = useSettled(text);
  const filters: MemberFilters = { q, status: chip === 'all' ? '' : chip, role: '' };
  const members = useMembers(filters);
  const pending = usePendingCount();
  const update = useUpdateMember();
  const remove = useDeleteMember();
  const { data: me } = useCurrentUser();
  const [confirming, setConfirming] = useState<Confirming>(null);

  const change = (member: AdminMember, patch: MemberChange, done: string) =>
    update.mutate(
      { id: member.id, change: patch },
      {
        onSuccess: () => toast({ title: done }),
        onError: (error) => toastError(`Could not update ${member.name}`, serverMessage(error)),
      },
    );

  const erase = () => {
    if (!confirming) return;
    const { kind, member } = confirming;
    remove.mutate(member.id, {
      onSuccess: () => {
        setConfirming(null);
        toast({ title: kind === 'reject' ? `${member.name}'s request was rejected` : `${member.name} was deleted` });
      },
      onError: (error) => {
        setConfirming(null);
        toastError(`Could not ${kind} ${member.name}`, serverMessage(error));
      },
    });
  };

  const pendingBadge = pending.data
    ? pending.data.more
      ? `${PENDING_COUNT_LIMIT}+`
      : String(pending.data.count)
    : null;
  const rows = members.data?.pages.flatMap((page) => page.members) ?? [];

  return (
    <>
      <Card title="Members" labelledBy="members-title" className={styles.section}>
        <div className={styles.toolbar}>
          <Field label="Search members" className={styles.search} hint="Name, email or Telegram username">
            <input type="search" value={text} onChange={(event) => setText(event.target.value)} />
          </Field>
          <div className={styles.chips} role="group" aria-label="Show">
            {(['all', 'pending', 'suspended'] as const).map((value) => (
              <button
                key={value}
                type="button"
                className={styles.chip}
                aria-pressed={chip === value}
                onClick={() => setChip(value)}
              >
                {value === 'all' ? 'All' : value === 'pending' ? 'Pending' : 'Suspended'}
                {value === 'pending' && pendingBadge && pendingBadge !== '0' && (
                  <Badge tone="warning">
                    {pendingBadge}
                    <span className="visually-hidden"> waiting</span>
                  </Badge>
                )}
              </button>
            ))}
          </div>
        </div>

        {members.isPending && <Skeleton label="Loading members" shape="lines" />}
        {members.isError && <p role="alert">{errorMessage(members.error)}</p>}
        {members.isSuccess && rows.length === 0 && (
          <p className="muted">
            {chip === 'pending' ? 'Nobody is waiting for approval.' : q ? 'No member matches.' : 'No members yet.'}
          </p>
        )}
        {rows.length > 0 && (
          <ul className={styles.list} aria-label="Members">
            {rows.map((member) => (
              <MemberRow
                key={member.id}
                member={member}
                isMe={member.id === me?.id}
                busy={update.isPending && update.variables?.id === member.id}
                onChange={(patch, done) => change(member, patch, done)}
                onReject={() => setConfirming({ kind: 'reject', member })}
                onDelete={() => setConfirming({ kind: 'delete', member })}
              />
            ))}
          </ul>
        )}
        {members.hasNextPage && (
          <div className={styles.more}>
            <Button variant="secondary" disabled={members.isFetchingNextPage} onClick={() => members.fetchNextPage()}>
              {members.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </Button>
          </div>
        )}
      </Card>

      <InvitesSection />

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={
          confirming?.kind === 'reject'
            ? `Reject ${confirming.member.name}?`
            : `Delete ${confirming?.member.name ?? ''}?`
        }
        description={
          confirming?.kind === 'reject'
            ? `${confirming.member.name}'s request and account are erased. They can ask to join again later.`
            : `This erases ${confirming?.member.name ?? 'the member'}'s data: name, contact details, sign-in accounts and replies. Their comments stay as "Deleted member". This cannot be undone.`
        }
        confirmLabel={confirming?.kind === 'reject' ? 'Reject' : 'Delete member'}
        busyLabel={confirming?.kind === 'reject' ? 'Rejecting...' : 'Deleting...'}
        busy={remove.isPending}
        onConfirm={erase}
      />
    </>
  );
}

interface MemberRowProps {
  member: AdminMember;
  isMe: boolean;
  busy: boolean;
  onChange: (patch: MemberChange, done: string) => void;
  onReject: () => void;
  onDelete: () => void;
}

function MemberRow({ member, isMe, busy, onChange, onReject, onDelete }: MemberRowProps) {
  const [ageOpen, setAgeOpen] = useState(false);
  const status = STATUS_LOOK[member.status];
  const contact = [member.email, member.telegramUsername && `@${member.telegramUsername}`].filter(Boolean).join(' · ');
  return (
    <li className={styles.row} aria-label={member.name}>
      <div className={styles.main}>
        <p className={styles.name}>
          {member.name} {isMe && <span className="muted">(you)</span>}
        </p>
        {contact && <p className={styles.meta}>{contact}</p>}
        <p className={styles.meta}>
          Joined {shortDate(member.createdAt)}
          {member.lastSeenAt ? ` · last seen ${shortDate(member.lastSeenAt)}` : ''}
        </p>
        <div className={styles.badges}>
          <Badge tone={status.tone}>{status.label}</Badge>
          <Badge tone={member.role === 'member' ? 'neutral' : 'brand'}>{ROLE_LABELS[member.role]}</Badge>
          {member.isMinor && <Badge tone="warning">Minor</Badge>}
        </div>
      </div>
      <div className={styles.actions}>
        <Button
          size="small"
          variant="secondary"
          onClick={() => setAgeOpen(true)}
          aria-label={`Age and consent of ${member.name}`}
        >
          Age &amp; consent
        </Button>
        {ageOpen && <MemberAgeDialog member={member as MemberAge} open={ageOpen} onOpenChange={setAgeOpen} />}
        {member.status === 'pending' ? (
          <>
            <Button
              size="small"
              disabled={busy}
              onClick={() => onChange({ status: 'active' }, `${member.name} was approved`)}
            >
              Approve
            </Button>
            <Button size="small" variant="secondary" onClick={onReject}>
              Reject
            </Button>
          </>
        ) : (
          <>
            <select
              className={styles.select}
              aria-label={`Role of ${member.name}`}
              value={member.role}
              disabled={busy}
              onChange={(event) => {
                const role = event.target.value as MemberRole;
                onChange({ role }, `${member.name} is now ${ROLE_LABELS[role].toLowerCase()}`);
              }}
            >
              {MEMBER_ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </select>
            {member.status === 'suspended' ? (
              <Button
                size="small"
                variant="secondary"
                disabled={busy}
                onClick={() => onChange({ status: 'active' }, `${member.name} was reinstated`)}
              >
                Reinstate
              </Button>
            ) : (
              <Button
                size="small"
                variant="secondary"
                disabled={busy}
                onClick={() => onChange({ status: 'suspended' }, `${member.name} was suspended`)}
              >
                Suspend
              </Button>
            )}
            <Button size="small" variant="danger" onClick={onDelete}>
              Delete
            </Button>
          </>
        )}
      </div>
    </li>
  );
}
