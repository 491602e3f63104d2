// Members: who is in, who waits and who is suspended. An admin searches, approves or rejects applicants,
// changes roles, suspends and reinstates, and erases a member after a confirmation naming them. The server
// decides what is allowed (the last admin, oneself): its refusal is shown as it was given. Guardian accounts
// (made to consent for a child) are listed with their role; nobody is given that role here.
import { Component, useEffect, useState, type ReactNode } from 'react';
import { MEMBER_ROLES, type AccountRole, type MemberRole } from '../../../../../shared/constants';
import { Badge, type BadgeTone } from '../../../components/badge/badge';
import { Button } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Field } from '../../../components/field/field';
import { Skeleton } from '../../../components/skeleton/skeleton';
import { toast, toastError } from '../../../components/toast-store';
import { intlLocale, defineMessages, useT, type MessageDescriptor } from '../../../i18n';
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
import { ConsentVerificationPanel } from './consent-verification-panel';
import { InvitesSection } from './invites-section';
import { MemberAgeDialog, type MemberAge } from './member-age-dialog';
import { serverMessage } from './server-message';

const messages = defineMessages({
  member: { id: 'web.admin.members.roleMember', defaultMessage: 'Member' },
  organiser: { id: 'web.admin.members.roleOrganiser', defaultMessage: 'Organiser' },
  admin: { id: 'web.admin.members.roleAdmin', defaultMessage: 'Admin' },
  guardian: {
    id: 'web.admin.members.roleGuardian',
    defaultMessage: 'Guardian',
    description: 'The role of an account made for a parent or guardian to consent for a child.',
  },
  guardians: {
    id: 'web.admin.members.guardians',
    defaultMessage: 'Guardians',
    description: 'A filter of the members list: only the accounts of parents and guardians.',
  },
  noGuardians: { id: 'web.admin.members.noGuardians', defaultMessage: 'No guardian accounts yet.' },
  rowFailed: {
    id: 'web.admin.members.rowFailed',
    defaultMessage: 'Could not show this member.',
    description: 'In place of one row of the members list that failed to show; the rest of the list is shown.',
  },
  active: { id: 'web.admin.members.statusActive', defaultMessage: 'Active' },
  pending: { id: 'web.admin.members.statusPending', defaultMessage: 'Pending' },
  suspended: { id: 'web.admin.members.statusSuspended', defaultMessage: 'Suspended' },
  updateFailed: { id: 'web.admin.members.updateFailed', defaultMessage: 'Could not update {name}' },
  rejected: { id: 'web.admin.members.rejected', defaultMessage: "{name}'s request was rejected" },
  deleted: { id: 'web.admin.members.deleted', defaultMessage: '{name} was deleted' },
  rejectFailed: { id: 'web.admin.members.rejectFailed', defaultMessage: 'Could not reject {name}' },
  deleteFailed: { id: 'web.admin.members.deleteFailed', defaultMessage: 'Could not delete {name}' },
  pendingMore: {
    id: 'web.admin.members.pendingMore',
    defaultMessage: '{count}+',
    description: 'The pending badge when more are waiting than were counted.',
  },
  title: { id: 'web.admin.members.title', defaultMessage: 'Members' },
  search: { id: 'web.admin.members.search', defaultMessage: 'Search members' },
  searchHint: { id: 'web.admin.members.searchHint', defaultMessage: 'Name, email or Telegram username' },
  show: { id: 'web.admin.members.show', defaultMessage: 'Show' },
  all: { id: 'web.admin.members.all', defaultMessage: 'All' },
  waiting: {
    id: 'web.admin.members.waiting',
    defaultMessage: 'waiting',
    description: 'Read by screen readers after the number on the Pending filter: "3 waiting".',
  },
  loading: { id: 'web.admin.members.loading', defaultMessage: 'Loading members' },
  noneWaiting: { id: 'web.admin.members.noneWaiting', defaultMessage: 'Nobody is waiting for approval.' },
  noMatch: { id: 'web.admin.members.noMatch', defaultMessage: 'No member matches.' },
  empty: { id: 'web.admin.members.empty', defaultMessage: 'No members yet.' },
  loadingMore: { id: 'web.admin.members.loadingMore', defaultMessage: 'Loading...' },
  loadMore: { id: 'web.admin.members.loadMore', defaultMessage: 'Load more' },
  rejectTitle: { id: 'web.admin.members.rejectTitle', defaultMessage: 'Reject {name}?' },
  deleteTitle: { id: 'web.admin.members.deleteTitle', defaultMessage: 'Delete {name}?' },
  rejectText: {
    id: 'web.admin.members.rejectText',
    defaultMessage: "{name}'s request and account are erased. They can ask to join again later.",
  },
  deleteText: {
    id: 'web.admin.members.deleteText',
    defaultMessage:
      'This erases {name}\'s data: name, contact details, sign-in accounts and replies. Their comments stay as "Deleted member". This cannot be undone.',
  },
  deleteTextNoName: {
    id: 'web.admin.members.deleteTextNoName',
    defaultMessage:
      'This erases the member\'s data: name, contact details, sign-in accounts and replies. Their comments stay as "Deleted member". This cannot be undone.',
  },
  reject: { id: 'web.admin.members.reject', defaultMessage: 'Reject' },
  deleteMember: { id: 'web.admin.members.deleteMember', defaultMessage: 'Delete member' },
  rejecting: { id: 'web.admin.members.rejecting', defaultMessage: 'Rejecting...' },
  deleting: { id: 'web.admin.members.deleting', defaultMessage: 'Deleting...' },
  you: { id: 'web.admin.members.you', defaultMessage: '(you)' },
  joined: { id: 'web.admin.members.joined', defaultMessage: 'Joined {joined}' },
  joinedAndSeen: { id: 'web.admin.members.joinedAndSeen', defaultMessage: 'Joined {joined} · last seen {seen}' },
  minor: { id: 'web.admin.members.minor', defaultMessage: 'Minor' },
  ageLabel: { id: 'web.admin.members.ageLabel', defaultMessage: 'Age and consent of {name}' },
  age: { id: 'web.admin.members.age', defaultMessage: 'Age & consent' },
  approved: { id: 'web.admin.members.approved', defaultMessage: '{name} was approved' },
  approve: { id: 'web.admin.members.approve', defaultMessage: 'Approve' },
  roleLabel: { id: 'web.admin.members.roleLabel', defaultMessage: 'Role of {name}' },
  roleChanged: {
    id: 'web.admin.members.roleChanged',
    defaultMessage: '{name} is now {role, select, admin {admin} organiser {organiser} other {member}}',
  },
  reinstated: { id: 'web.admin.members.reinstated', defaultMessage: '{name} was reinstated' },
  reinstate: { id: 'web.admin.members.reinstate', defaultMessage: 'Reinstate' },
  suspendedToast: { id: 'web.admin.members.suspendedToast', defaultMessage: '{name} was suspended' },
  suspend: { id: 'web.admin.members.suspend', defaultMessage: 'Suspend' },
  delete: { id: 'web.admin.members.delete', defaultMessage: 'Delete' },
});

const ROLE_LABELS: Record<AccountRole, MessageDescriptor> = {
  member: messages.member,
  organiser: messages.organiser,
  admin: messages.admin,
  guardian: messages.guardian,
};
const STATUS_LOOK: Record<AdminMember['status'], { label: MessageDescriptor; tone: BadgeTone }> = {
  active: { label: messages.active, tone: 'success' },
  pending: { label: messages.pending, tone: 'warning' },
  suspended: { label: messages.suspended, tone: 'neutral' },
};

type Chip = 'all' | 'pending' | 'suspended' | 'guardians';
const CHIPS: readonly Chip[] = ['all', 'pending', 'suspended', 'guardians'];

/** What a chip asks the server for: a status, or the guardian accounts. */
const chipFilters = (chip: Chip): Pick<MemberFilters, 'status' | 'role'> =>
  chip === 'guardians' ? { status: '', role: 'guardian' } : { status: chip === 'all' ? '' : chip, role: '' };

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
  const t = useT();
  const [text, setText] = useState('');
  const [chip, setChip] = useState<Chip>('all');
  const q = useSettled(text);
  const filters: MemberFilters = { q, ...chipFilters(chip) };
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
        onError: (error) => toastError(t(messages.updateFailed, { name: member.name }), serverMessage(error)),
      },
    );

  const erase = () => {
    if (!confirming) return;
    const { kind, member } = confirming;
    remove.mutate(member.id, {
      onSuccess: () => {
        setConfirming(null);
        toast({ title: t(kind === 'reject' ? messages.rejected : messages.deleted, { name: member.name }) });
      },
      onError: (error) => {
        setConfirming(null);
        toastError(
          t(kind === 'reject' ? messages.rejectFailed : messages.deleteFailed, { name: member.name }),
          serverMessage(error),
        );
      },
    });
  };

  const counted = (count: number) => new Intl.NumberFormat(intlLocale()).format(count);
  const pendingBadge = pending.data
    ? pending.data.more
      ? t(messages.pendingMore, { count: counted(PENDING_COUNT_LIMIT) })
      : pending.data.count > 0
        ? counted(pending.data.count)
        : null
    : null;
  const rows = members.data?.pages.flatMap((page) => page.members) ?? [];

  return (
    <>
      <ConsentVerificationPanel />
      <Card title={t(messages.title)} labelledBy="members-title" className={styles.section}>
        <div className={styles.toolbar}>
          <Field label={t(messages.search)} className={styles.search} hint={t(messages.searchHint)}>
            <input type="search" value={text} onChange={(event) => setText(event.target.value)} />
          </Field>
          <div className={styles.chips} role="group" aria-label={t(messages.show)}>
            {CHIPS.map((value) => (
              <button
                key={value}
                type="button"
                className={styles.chip}
                aria-pressed={chip === value}
                onClick={() => setChip(value)}
              >
                {t(value === 'all' ? messages.all : messages[value])}
                {value === 'pending' && pendingBadge && (
                  <Badge tone="warning">
                    {pendingBadge}
                    <span className="visually-hidden"> {t(messages.waiting)}</span>
                  </Badge>
                )}
              </button>
            ))}
          </div>
        </div>

        {members.isPending && <Skeleton label={t(messages.loading)} shape="lines" />}
        {members.isError && <p role="alert">{errorMessage(members.error)}</p>}
        {members.isSuccess && rows.length === 0 && (
          <p className="muted">
            {t(
              q
                ? messages.noMatch
                : chip === 'pending'
                  ? messages.noneWaiting
                  : chip === 'guardians'
                    ? messages.noGuardians
                    : messages.empty,
            )}
          </p>
        )}
        {rows.length > 0 && (
          <ul className={styles.list} aria-label={t(messages.title)}>
            {rows.map((member) => (
              <RowBoundary key={member.id} fallback={<RowFailed />}>
                <MemberRow
                  member={member}
                  isMe={member.id === me?.id}
                  busy={update.isPending && update.variables?.id === member.id}
                  onChange={(patch, done) => change(member, patch, done)}
                  onReject={() => setConfirming({ kind: 'reject', member })}
                  onDelete={() => setConfirming({ kind: 'delete', member })}
                />
              </RowBoundary>
            ))}
          </ul>
        )}
        {members.hasNextPage && (
          <div className={styles.more}>
            <Button variant="secondary" disabled={members.isFetchingNextPage} onClick={() => members.fetchNextPage()}>
              {t(members.isFetchingNextPage ? messages.loadingMore : messages.loadMore)}
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
            ? t(messages.rejectTitle, { name: confirming.member.name })
            : t(messages.deleteTitle, { name: confirming?.member.name ?? '' })
        }
        description={
          confirming?.kind === 'reject'
            ? t(messages.rejectText, { name: confirming.member.name })
            : confirming
              ? t(messages.deleteText, { name: confirming.member.name })
              : t(messages.deleteTextNoName)
        }
        confirmLabel={t(confirming?.kind === 'reject' ? messages.reject : messages.deleteMember)}
        busyLabel={t(confirming?.kind === 'reject' ? messages.rejecting : messages.deleting)}
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
  const t = useT();
  const [ageOpen, setAgeOpen] = useState(false);
  const status = STATUS_LOOK[member.status];
  const contact = [member.email, member.telegramUsername && `@${member.telegramUsername}`].filter(Boolean).join(' · ');
  return (
    <li className={styles.row} aria-label={member.name}>
      <div className={styles.main}>
        <p className={styles.name}>
          {member.name} {isMe && <span className="muted">{t(messages.you)}</span>}
        </p>
        {contact && <p className={styles.meta}>{contact}</p>}
        <p className={styles.meta}>
          {member.lastSeenAt
            ? t(messages.joinedAndSeen, { joined: shortDate(member.createdAt), seen: shortDate(member.lastSeenAt) })
            : t(messages.joined, { joined: shortDate(member.createdAt) })}
        </p>
        <div className={styles.badges}>
          <Badge tone={status.tone}>{t(status.label)}</Badge>
          <Badge tone={member.role === 'member' || member.role === 'guardian' ? 'neutral' : 'brand'}>
            {t(ROLE_LABELS[member.role])}
          </Badge>
          {member.isMinor && <Badge tone="warning">{t(messages.minor)}</Badge>}
        </div>
      </div>
      <div className={styles.actions}>
        <Button
          size="small"
          variant="secondary"
          onClick={() => setAgeOpen(true)}
          aria-label={t(messages.ageLabel, { name: member.name })}
        >
          {t(messages.age)}
        </Button>
        {ageOpen && <MemberAgeDialog member={member as MemberAge} open={ageOpen} onOpenChange={setAgeOpen} />}
        {member.status === 'pending' ? (
          <>
            <Button
              size="small"
              disabled={busy}
              onClick={() => onChange({ status: 'active' }, t(messages.approved, { name: member.name }))}
            >
              {t(messages.approve)}
            </Button>
            <Button size="small" variant="secondary" onClick={onReject}>
              {t(messages.reject)}
            </Button>
          </>
        ) : (
          <>
            {member.role !== 'guardian' && (
              <select
                className={styles.select}
                aria-label={t(messages.roleLabel, { name: member.name })}
                value={member.role}
                disabled={busy}
                onChange={(event) => {
                  const role = event.target.value as MemberRole;
                  onChange({ role }, t(messages.roleChanged, { name: member.name, role }));
                }}
              >
                {MEMBER_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {t(ROLE_LABELS[role])}
                  </option>
                ))}
              </select>
            )}
            {member.status === 'suspended' ? (
              <Button
                size="small"
                variant="secondary"
                disabled={busy}
                onClick={() => onChange({ status: 'active' }, t(messages.reinstated, { name: member.name }))}
              >
                {t(messages.reinstate)}
              </Button>
            ) : (
              <Button
                size="small"
                variant="secondary"
                disabled={busy}
                onClick={() => onChange({ status: 'suspended' }, t(messages.suspendedToast, { name: member.name }))}
              >
                {t(messages.suspend)}
              </Button>
            )}
            <Button size="small" variant="danger" onClick={onDelete}>
              {t(messages.delete)}
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

/**
 * One member's row, kept apart: a row that cannot be drawn (an answer this version does not understand) is a
 * short line in its place, and the rest of the list, the approvals and the invites stay usable.
 */
class RowBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function RowFailed() {
  const t = useT();
  return (
    <li className={styles.row}>
      <p className="muted">{t(messages.rowFailed)}</p>
    </li>
  );
}
