// 'Manage Event Invitations': every other user as a checkbox, pre-filled with the current invitees.
import { useState } from 'react';
import { toast, toastError } from '../../../../components/toast-store';
import { defineMessages, msg, translate, useT } from '../../../../i18n';
import { errorMessage } from '../../../../lib/api-client';
import { useInvitations, useUpdateInvitations, useUsers } from '../../api/invitations';
import { Button } from '../../../../components/button/button';
import { Avatar } from '../../../../components/avatar/avatar';
import { Dialog, DialogActions } from '../../../../components/dialog/dialog';
import { EmptyState } from '../../../../components/empty-state/empty-state';
import { Users } from 'lucide-react';
import { common } from '../../messages';

const messages = defineMessages({
  loading: { id: 'web.events.invitations.loading', defaultMessage: 'Loading...' },
  failed: { id: 'web.events.invitations.failed', defaultMessage: 'Failed to update invitations: {reason}' },
  updated: { id: 'web.events.invitations.updated', defaultMessage: 'Invitations updated' },
  noUsers: { id: 'web.events.invitations.noUsers', defaultMessage: 'No other users available to invite' },
  users: { id: 'web.events.invitations.users', defaultMessage: 'Users to invite' },
  userWithEmail: { id: 'web.events.invitations.userWithEmail', defaultMessage: '{name} ({email})' },
  save: { id: 'web.events.invitations.save', defaultMessage: 'Save Changes' },
  title: { id: 'web.events.invitations.title', defaultMessage: 'Manage Event Invitations' },
  description: {
    id: 'web.events.invitations.description',
    defaultMessage: 'Choose who is invited to this private event.',
  },
});

interface InvitationsDialogProps {
  eventId: number;
  currentUserId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function InvitationsForm({
  eventId,
  currentUserId,
  onDone,
}: {
  eventId: number;
  currentUserId: number;
  onDone: () => void;
}) {
  const t = useT();
  const users = useUsers(true);
  const invitations = useInvitations(eventId, true);
  const update = useUpdateInvitations(eventId);
  const [selected, setSelected] = useState<Set<number> | null>(null);

  if (users.isPending || invitations.isPending) return <p role="status">{t(messages.loading)}</p>;
  if (users.isError || invitations.isError) {
    return <p role="alert">{errorMessage(users.error ?? invitations.error)}</p>;
  }
  const chosen =
    selected ?? new Set(invitations.data.map((item) => item.userId).filter((id): id is number => id !== null));
  const others = users.data.filter((user) => user.id !== currentUserId);

  const toggle = (id: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  };

  const save = () => {
    const userIds = [...chosen];
    if (userIds.length === 0) {
      return toastError(
        translate(common.error),
        translate(messages.failed, { reason: translate(msg('noValidInvitees')) }),
      );
    }
    update.mutate(userIds, {
      onSuccess: () => {
        toast({ title: translate(messages.updated) });
        onDone();
      },
      onError: (error) =>
        toastError(translate(common.error), translate(messages.failed, { reason: errorMessage(error) })),
    });
  };

  return (
    <>
      {others.length === 0 ? (
        <EmptyState icon={<Users size={22} />} title={t(messages.noUsers)} />
      ) : (
        <fieldset className="form" style={{ border: 'none', padding: 0, margin: 0 }}>
          <legend className="visually-hidden">{t(messages.users)}</legend>
          {others.map((user) => (
            <label key={user.id} className="checkbox-row">
              <input
                type="checkbox"
                checked={chosen.has(user.id)}
                onChange={(event) => toggle(user.id, event.target.checked)}
              />
              <Avatar name={user.name} url={user.avatarUrl} size={28} />
              <span>{user.email ? t(messages.userWithEmail, { name: user.name, email: user.email }) : user.name}</span>
            </label>
          ))}
        </fieldset>
      )}
      <DialogActions>
        <Button variant="secondary" onClick={onDone}>
          {t(common.cancel)}
        </Button>
        <Button disabled={update.isPending || others.length === 0} onClick={save}>
          {t(update.isPending ? common.saving : messages.save)}
        </Button>
      </DialogActions>
    </>
  );
}

export function InvitationsDialog({ eventId, currentUserId, open, onOpenChange }: InvitationsDialogProps) {
  const t = useT();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t(messages.title)} description={t(messages.description)}>
      {open && <InvitationsForm eventId={eventId} currentUserId={currentUserId} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}
