// The creator's (or an admin's) tools on the details page: Edit Event, Manage Invitations (private events)
// and Delete Event with its confirmation (SPEC §2).
import { Pencil, Trash2, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { SeriesScope } from '../../../../../shared/constants';
import type { EventDetail } from '../../../../../shared/types';
import { Button, buttonClass } from '../../../components/button/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toast, toastError } from '../../../components/toast-store';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteEvent } from '../api/delete-event';
import { InvitationsDialog } from './invitations-dialog';
import { SeriesScopeDialog } from './series-scope-dialog';

export function CreatorActions({ event, userId }: { event: EventDetail; userId: number }) {
  const navigate = useNavigate();
  const remove = useDeleteEvent();
  const [confirming, setConfirming] = useState(false);
  const [inviting, setInviting] = useState(false);
  const confirmDelete = (scope: SeriesScope = 'this') =>
    remove.mutate(
      { id: event.id, scope },
      {
        onSuccess: () => {
          setConfirming(false);
          toast({ title: 'Event deleted' });
          navigate(paths.events);
        },
        onError: (error) => {
          setConfirming(false);
          toastError('Error', `Failed to delete event. ${errorMessage(error)}`);
        },
      },
    );
  return (
    <div className="button-group">
      <Link to={paths.editEvent(event.id)} className={buttonClass({ variant: 'secondary', size: 'small' })}>
        <Pencil size={16} aria-hidden="true" />
        Edit Event
      </Link>
      {!event.isPublic && (
        <Button variant="secondary" size="small" onClick={() => setInviting(true)}>
          <UserPlus size={16} aria-hidden="true" />
          Manage Invitations
        </Button>
      )}
      <Button variant="danger" size="small" onClick={() => setConfirming(true)}>
        <Trash2 size={16} aria-hidden="true" />
        Delete Event
      </Button>
      {/* An event of a series asks which to delete: this one, or it and the following ones (issue 11). */}
      <SeriesScopeDialog
        open={confirming && event.seriesId !== null}
        onOpenChange={setConfirming}
        action="delete"
        busy={remove.isPending}
        onChoose={confirmDelete}
      />
      <ConfirmDialog
        open={confirming && event.seriesId === null}
        onOpenChange={setConfirming}
        title="Delete Event Confirmation"
        description="Are you sure you want to delete this event? This action cannot be undone. All attendees and comments for this event will be removed as well."
        confirmLabel="Delete Event"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={() => confirmDelete()}
      />
      {!event.isPublic && (
        <InvitationsDialog eventId={event.id} currentUserId={userId} open={inviting} onOpenChange={setInviting} />
      )}
    </div>
  );
}
