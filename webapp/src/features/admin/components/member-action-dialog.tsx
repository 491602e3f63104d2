// The confirmation before an admin suspends, changes a role, rejects or deletes: what it does, an optional reason
// (kept in the audit entry), and for deleting a member, their name typed out. A deletion erases at once and
// cannot be undone, so it asks for the name instead of offering an Undo that could only pretend.
import { useState } from 'react';
import { LIMITS, type MemberRole } from '../../../../../shared/constants';
import type { AdminMember } from '../../../../../shared/types';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Field } from '../../../components/field/field';
import { defineMessages, useT } from '../../../i18n';

export type MemberAction =
  | { kind: 'suspend' | 'reject' | 'delete'; member: AdminMember }
  | { kind: 'role'; member: AdminMember; role: MemberRole };

const messages = defineMessages({
  suspendTitle: { id: 'web.admin.members.suspendTitle', defaultMessage: 'Suspend {name}?' },
  suspendText: {
    id: 'web.admin.members.suspendText',
    defaultMessage: '{name} is signed out everywhere at once and gets no messages until reinstated.',
  },
  suspend: { id: 'web.admin.members.suspend', defaultMessage: 'Suspend' },
  suspending: { id: 'web.admin.members.suspending', defaultMessage: 'Suspending...' },
  roleTitle: {
    id: 'web.admin.members.roleTitle',
    defaultMessage: "Change {name}'s role to {role, select, admin {admin} organiser {organiser} other {member}}?",
  },
  roleText: {
    id: 'web.admin.members.roleText',
    defaultMessage:
      '{role, select, admin {Admins can change every setting, every member and every event.} organiser {Organisers create and run their own events and see the member list.} other {Members reply to events and join the discussion.}}',
  },
  changeRole: { id: 'web.admin.members.changeRole', defaultMessage: 'Change role' },
  saving: { id: 'web.admin.members.saving', defaultMessage: 'Saving...' },
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
  reject: { id: 'web.admin.members.reject', defaultMessage: 'Reject' },
  deleteMember: { id: 'web.admin.members.deleteMember', defaultMessage: 'Delete member' },
  rejecting: { id: 'web.admin.members.rejecting', defaultMessage: 'Rejecting...' },
  deleting: { id: 'web.admin.members.deleting', defaultMessage: 'Deleting...' },
  reason: { id: 'web.admin.members.reason', defaultMessage: 'Reason (optional)' },
  reasonHint: {
    id: 'web.admin.members.reasonHint',
    defaultMessage: 'Kept in the audit log for other admins. Up to {max} characters.',
  },
  typeName: { id: 'web.admin.members.typeName', defaultMessage: 'Type {name} to confirm' },
});

/** The name as typed: spaces at the ends and letter case do not matter. */
const sameName = (typed: string, name: string) => typed.trim().toLocaleLowerCase() === name.trim().toLocaleLowerCase();

interface MemberActionDialogProps {
  action: MemberAction | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (reason: string | undefined) => void;
}

export function MemberActionDialog({ action, busy, onCancel, onConfirm }: MemberActionDialogProps) {
  const t = useT();
  const [reason, setReason] = useState('');
  const [typed, setTyped] = useState('');
  // A new action starts empty; while the dialog closes it keeps showing the last one's words.
  const [last, setLast] = useState<MemberAction | null>(action);
  if (action !== null && action !== last) {
    setLast(action);
    setReason('');
    setTyped('');
  }
  const shown = action ?? last;
  const name = shown?.member.name ?? '';
  const text = describe(shown);
  return (
    <ConfirmDialog
      open={action !== null}
      onOpenChange={(open) => !open && onCancel()}
      title={text.title}
      description={text.description}
      confirmLabel={text.confirm}
      busyLabel={text.busy}
      busy={busy}
      tone={shown?.kind === 'role' ? 'primary' : 'danger'}
      confirmDisabled={shown?.kind === 'delete' && !sameName(typed, name)}
      onConfirm={() => onConfirm(reason.trim() || undefined)}
    >
      <Field label={t(messages.reason)} hint={t(messages.reasonHint, { max: LIMITS.adminReason })}>
        <textarea
          rows={2}
          maxLength={LIMITS.adminReason}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </Field>
      {shown?.kind === 'delete' && (
        <Field label={t(messages.typeName, { name })}>
          <input
            type="text"
            autoComplete="off"
            spellCheck={false}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </Field>
      )}
    </ConfirmDialog>
  );

  function describe(shown: MemberAction | null) {
    const who = { name: shown?.member.name ?? '' };
    switch (shown?.kind) {
      case 'suspend':
        return {
          title: t(messages.suspendTitle, who),
          description: t(messages.suspendText, who),
          confirm: t(messages.suspend),
          busy: t(messages.suspending),
        };
      case 'role':
        return {
          title: t(messages.roleTitle, { ...who, role: shown.role }),
          description: t(messages.roleText, { role: shown.role }),
          confirm: t(messages.changeRole),
          busy: t(messages.saving),
        };
      case 'reject':
        return {
          title: t(messages.rejectTitle, who),
          description: t(messages.rejectText, who),
          confirm: t(messages.reject),
          busy: t(messages.rejecting),
        };
      default:
        return {
          title: t(messages.deleteTitle, who),
          description: t(messages.deleteText, who),
          confirm: t(messages.deleteMember),
          busy: t(messages.deleting),
        };
    }
  }
}
