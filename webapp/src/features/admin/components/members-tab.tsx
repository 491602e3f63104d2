// Members: who is in, who waits and who is suspended. An admin searches, approves or rejects applicants,
// changes roles, suspends and reinstates, and erases a member. Suspending, changing a role, rejecting and
// deleting ask first, with an optional reason for the audit log; a suspension or a role change can be undone
// from its toast for a few seconds (a deletion cannot: member-action-dialog.tsx). The server decides what is
// allowed (the last admin, oneself): its refusal is shown as it was given. Guardian accounts (made to consent
// for a child) are listed with their role; nobody is given that role here. ?show=pending opens the applicants.
import { useEffect, useState } from 'react';
import { useSearchParams } from '../../../lib/router';
import type { MemberRole } from '../../../../../shared/constants';
import type { AdminMember } from '../../../../../shared/types';
import { Badge } from '../../../components/badge/badge';
import { Button } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { Field } from '../../../components/field/field';
import { Skeleton } from '../../../components/skeleton/skeleton';
import { toast, toastError } from '../../../components/toast-store';
import { intlLocale, defineMessages, useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import type { MemberFilters } from '../api/keys';
import {
  PENDING_COUNT_LIMIT,
  useDeleteMember,
  useMembers,
  usePendingCount,
  useUpdateMember,
  type MemberChange,
} from '../api/members';
import styles from './admin-lists.module.css';
import { ConsentVerificationPanel } from './consent-verification-panel';
import { InvitesSection } from './invites-section';
import { MemberActionDialog, type MemberAction } from './member-action-dialog';
import { MemberRow, RowBoundary, RowFailed } from './member-row';
import { serverMessage } from './server-message';

const messages = defineMessages({
  guardians: {
    id: 'web.admin.members.guardians',
    defaultMessage: 'Guardians',
    description: 'A filter of the members list: only the accounts of parents and guardians.',
  },
  noGuardians: { id: 'web.admin.members.noGuardians', defaultMessage: 'No guardian accounts yet.' },
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
  approved: { id: 'web.admin.members.approved', defaultMessage: '{name} was approved' },
  roleChanged: {
    id: 'web.admin.members.roleChanged',
    defaultMessage: '{name} is now {role, select, admin {admin} organiser {organiser} other {member}}',
  },
  reinstated: { id: 'web.admin.members.reinstated', defaultMessage: '{name} was reinstated' },
  suspendedToast: { id: 'web.admin.members.suspendedToast', defaultMessage: '{name} was suspended' },
  undo: { id: 'web.admin.members.undo', defaultMessage: 'Undo' },
  undoAlt: {
    id: 'web.admin.members.undoAlt',
    defaultMessage: "To undo, change the member's role or standing back in the members list.",
    description: 'Read by screen readers for the Undo button of a toast, as another way to do the same.',
  },
});

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

export function MembersTab() {
  const t = useT();
  const [params] = useSearchParams();
  const [text, setText] = useState('');
  const [chip, setChip] = useState<Chip>(() => (params.get('show') === 'pending' ? 'pending' : 'all'));
  const q = useSettled(text);
  const filters: MemberFilters = { q, ...chipFilters(chip) };
  const members = useMembers(filters);
  const pending = usePendingCount();
  const update = useUpdateMember();
  const remove = useDeleteMember();
  const { data: me } = useCurrentUser();
  const [action, setAction] = useState<MemberAction | null>(null);

  /** Sends the change; `done` runs once the server took it. */
  const change = (member: AdminMember, patch: MemberChange, done: () => void) =>
    update.mutate(
      { id: member.id, change: patch },
      {
        onSuccess: done,
        onError: (error) => {
          setAction(null);
          toastError(t(messages.updateFailed, { name: member.name }), serverMessage(error));
        },
      },
    );

  /** The toast after a change, with an Undo that sends `back` (without a reason: the entry says it was undone). */
  const doneWithUndo = (member: AdminMember, title: string, back: MemberChange, undone: string) =>
    toast({
      title,
      action: {
        label: t(messages.undo),
        altText: t(messages.undoAlt),
        onAction: () => change(member, back, () => toast({ title: undone })),
      },
    });

  const erase = (kind: 'reject' | 'delete', member: AdminMember, reason: string | undefined) =>
    remove.mutate(
      { id: member.id, reason },
      {
        onSuccess: () => {
          setAction(null);
          toast({ title: t(kind === 'reject' ? messages.rejected : messages.deleted, { name: member.name }) });
        },
        onError: (error) => {
          setAction(null);
          toastError(
            t(kind === 'reject' ? messages.rejectFailed : messages.deleteFailed, { name: member.name }),
            serverMessage(error),
          );
        },
      },
    );

  const confirm = (reason: string | undefined) => {
    if (!action) return;
    const { member } = action;
    const name = member.name;
    if (action.kind === 'reject' || action.kind === 'delete') return erase(action.kind, member, reason);
    if (action.kind === 'suspend') {
      return change(member, { status: 'suspended', reason }, () => {
        setAction(null);
        doneWithUndo(
          member,
          t(messages.suspendedToast, { name }),
          { status: 'active' },
          t(messages.reinstated, { name }),
        );
      });
    }
    if (action.kind !== 'role') return;
    // The role it had: Undo gives that back (the select shows the list's copy, which is refreshed after).
    const previous = member.role as MemberRole;
    const { role } = action;
    change(member, { role, reason }, () => {
      setAction(null);
      doneWithUndo(
        member,
        t(messages.roleChanged, { name, role }),
        { role: previous },
        t(messages.roleChanged, { name, role: previous }),
      );
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
                  onApprove={() =>
                    change(member, { status: 'active' }, () =>
                      toast({ title: t(messages.approved, { name: member.name }) }),
                    )
                  }
                  onReinstate={() =>
                    change(member, { status: 'active' }, () =>
                      toast({ title: t(messages.reinstated, { name: member.name }) }),
                    )
                  }
                  onReject={() => setAction({ kind: 'reject', member })}
                  onSuspend={() => setAction({ kind: 'suspend', member })}
                  onRole={(role) => setAction({ kind: 'role', member, role })}
                  onDelete={() => setAction({ kind: 'delete', member })}
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

      <MemberActionDialog
        action={action}
        busy={update.isPending || remove.isPending}
        onCancel={() => setAction(null)}
        onConfirm={confirm}
      />
    </>
  );
}
