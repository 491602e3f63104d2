// One member in the members admin: who they are, their standing, and what an admin may do to them. The admin's
// own row shows those controls disabled, with the reason beside them: another admin must change one's own role or
// account (the server refuses it too).
import { Component, useId, useState, type ReactNode } from 'react';
import { MEMBER_ROLES, type AccountRole, type MemberRole } from '../../../../../shared/constants';
import type { AdminMember } from '../../../../../shared/types';
import { Badge, type BadgeTone } from '../../../components/badge/badge';
import { Button } from '../../../components/button/button';
import { defineMessages, useT, type MessageDescriptor } from '../../../i18n';
import { shortDate } from '../../../lib/dates';
import styles from './admin-lists.module.css';
import { MemberAgeDialog, type MemberAge } from './member-age-dialog';
import { CheckBadge, MemberChecksButton } from './member-checks';

const messages = defineMessages({
  member: { id: 'web.admin.members.roleMember', defaultMessage: 'Member' },
  organiser: { id: 'web.admin.members.roleOrganiser', defaultMessage: 'Organiser' },
  admin: { id: 'web.admin.members.roleAdmin', defaultMessage: 'Admin' },
  guardian: {
    id: 'web.admin.members.roleGuardian',
    defaultMessage: 'Guardian',
    description: 'The role of an account made for a parent or guardian to consent for a child.',
  },
  rowFailed: {
    id: 'web.admin.members.rowFailed',
    defaultMessage: 'Could not show this member.',
    description: 'In place of one row of the members list that failed to show; the rest of the list is shown.',
  },
  active: { id: 'web.admin.members.statusActive', defaultMessage: 'Active' },
  pending: { id: 'web.admin.members.statusPending', defaultMessage: 'Pending' },
  suspended: { id: 'web.admin.members.statusSuspended', defaultMessage: 'Suspended' },
  you: { id: 'web.admin.members.you', defaultMessage: '(you)' },
  ownRow: {
    id: 'web.admin.members.ownRow',
    defaultMessage: 'This is you: another admin must change your role, suspend or delete your account.',
  },
  joined: { id: 'web.admin.members.joined', defaultMessage: 'Joined {joined}' },
  joinedAndSeen: { id: 'web.admin.members.joinedAndSeen', defaultMessage: 'Joined {joined} · last seen {seen}' },
  minor: { id: 'web.admin.members.minor', defaultMessage: 'Minor' },
  ageLabel: { id: 'web.admin.members.ageLabel', defaultMessage: 'Age and consent of {name}' },
  age: { id: 'web.admin.members.age', defaultMessage: 'Age & consent' },
  approve: { id: 'web.admin.members.approve', defaultMessage: 'Approve' },
  reject: { id: 'web.admin.members.reject', defaultMessage: 'Reject' },
  roleLabel: { id: 'web.admin.members.roleLabel', defaultMessage: 'Role of {name}' },
  reinstate: { id: 'web.admin.members.reinstate', defaultMessage: 'Reinstate' },
  suspend: { id: 'web.admin.members.suspend', defaultMessage: 'Suspend' },
  delete: { id: 'web.admin.members.delete', defaultMessage: 'Delete' },
});

export const ROLE_LABELS: Record<AccountRole, MessageDescriptor> = {
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

export interface MemberRowProps {
  member: AdminMember;
  isMe: boolean;
  busy: boolean;
  onApprove: () => void;
  onReinstate: () => void;
  onReject: () => void;
  onSuspend: () => void;
  onRole: (role: MemberRole) => void;
  onDelete: () => void;
}

export function MemberRow({ member, isMe, busy, ...on }: MemberRowProps) {
  const t = useT();
  const ownId = useId();
  const [ageOpen, setAgeOpen] = useState(false);
  const status = STATUS_LOOK[member.status];
  const contact = [member.email, member.telegramUsername && `@${member.telegramUsername}`].filter(Boolean).join(' · ');
  // One's own row: the controls stay in place (the row looks like the others) but do nothing, and say why.
  const own = isMe ? { disabled: true, 'aria-describedby': ownId, title: t(messages.ownRow) } : {};
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
          <CheckBadge member={member} />
        </div>
        {isMe && (
          <p id={ownId} className={styles.meta}>
            {t(messages.ownRow)}
          </p>
        )}
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
        {member.role !== 'guardian' && <MemberChecksButton member={member} />}
        {member.status === 'pending' ? (
          <>
            <Button size="small" disabled={busy} onClick={on.onApprove}>
              {t(messages.approve)}
            </Button>
            <Button size="small" variant="secondary" onClick={on.onReject}>
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
                onChange={(event) => on.onRole(event.target.value as MemberRole)}
                {...own}
              >
                {MEMBER_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {t(ROLE_LABELS[role])}
                  </option>
                ))}
              </select>
            )}
            {member.status === 'suspended' ? (
              <Button size="small" variant="secondary" disabled={busy} onClick={on.onReinstate} {...own}>
                {t(messages.reinstate)}
              </Button>
            ) : (
              <Button size="small" variant="secondary" disabled={busy} onClick={on.onSuspend} {...own}>
                {t(messages.suspend)}
              </Button>
            )}
            <Button size="small" variant="danger" onClick={on.onDelete} {...own}>
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
export class RowBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export function RowFailed() {
  const t = useT();
  return (
    <li className={styles.row}>
      <p className="muted">{t(messages.rowFailed)}</p>
    </li>
  );
}
