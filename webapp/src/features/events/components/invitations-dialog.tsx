// 'Manage Event Invitations': every other user as a checkbox, pre-filled with the current invitees.
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { toast, toastError } from '../../../components/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { useInvitations, useUpdateInvitations, useUsers } from '../api/invitations';

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
        <p className="muted">No other users available to invite</p>
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
              <span>
                {user.name}
                {user.email ? ` (${user.email})` : ''}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <div className="dialog-actions">
        <Dialog.Close className="button button-secondary">Cancel</Dialog.Close>
        <button type="button" className="button" disabled={update.isPending || others.length === 0} onClick={save}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </button>
      </div>
    </>
  );
}

export function InvitationsDialog({ eventId, currentUserId, open, onOpenChange }: InvitationsDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content">
          <Dialog.Title className="dialog-title">Manage Event Invitations</Dialog.Title>
          <Dialog.Description className="dialog-description">
            Choose who is invited to this private event.
          </Dialog.Description>
          {open && (
            <InvitationsForm eventId={eventId} currentUserId={currentUserId} onDone={() => onOpenChange(false)} />
          )}
          <Dialog.Close className="dialog-close" aria-label="Close">
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
