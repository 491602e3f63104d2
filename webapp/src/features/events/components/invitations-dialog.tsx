// 'Manage Event Invitations': every other user as a checkbox, pre-filled with the current invitees.
import { useState } from 'react';
import { toast, toastError } from '../../../components/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { useInvitations, useUpdateInvitations, useUsers } from '../api/invitations';
import { Button } from '../../../components/button/button';
import { Avatar } from '../../../components/avatar/avatar';
import { Dialog, DialogActions } from '../../../components/dialog/dialog';
import { EmptyState } from '../../../components/empty-state/empty-state';
import { Users } from 'lucide-react';

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
  const users = useUsers(true);
  const invitations = useInvitations(eventId, true);
  const update = useUpdateInvitations(eventId);
  const [selected, setSelected] = useState<Set<number> | null>(null);

  if (users.isPending || invitations.isPending) return <p role="status">Loading...</p>;
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
    if (userIds.length === 0) return toastError('Error', 'Failed to update invitations: No valid user IDs to invite');
    update.mutate(userIds, {
      onSuccess: () => {
        toast({ title: 'Invitations updated' });
        onDone();
      },
      onError: (error) => toastError('Error', `Failed to update invitations: ${errorMessage(error)}`),
    });
  };

  return (
    <>
      {others.length === 0 ? (
        <EmptyState icon={<Users size={22} />} title="No other users available to invite" />
      ) : (
        <fieldset className="form" style={{ border: 'none', padding: 0, margin: 0 }}>
          <legend className="visually-hidden">Users to invite</legend>
          {others.map((user) => (
            <label key={user.id} className="checkbox-row">
              <input
                type="checkbox"
                checked={chosen.has(user.id)}
                onChange={(event) => toggle(user.id, event.target.checked)}
              />
              <Avatar name={user.name} url={user.avatarUrl} size={28} />
              <span>
                {user.name}
                {user.email ? ` (${user.email})` : ''}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <DialogActions>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button disabled={update.isPending || others.length === 0} onClick={save}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogActions>
    </>
  );
}

export function InvitationsDialog({ eventId, currentUserId, open, onOpenChange }: InvitationsDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Manage Event Invitations"
      description="Choose who is invited to this private event."
    >
      {open && <InvitationsForm eventId={eventId} currentUserId={currentUserId} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}
