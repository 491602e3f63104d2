// The creator's (or an admin's) tools on the details page: Edit Event, Manage Invitations (private events)
// and Delete Event with its confirmation (SPEC §2). The buttons come with the page, so nothing moves when they
// appear; the dialogs load when one opens.
import { Pencil, Trash2, UserPlus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { SeriesScope } from '../../../../../shared/constants';
import type { EventDetail } from '../../../../../shared/types';
import { Button, buttonClass } from '../../../components/button/button';
import { toast, toastError } from '../../../components/toast-store';
import { paths } from '../../../config/paths';
import { defineMessages, translate, useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteEvent } from '../api/delete-event';
import { common } from '../messages';

const messages = defineMessages({
  deleted: { id: 'web.events.creator.deleted', defaultMessage: 'Event deleted' },
  deleteFailed: { id: 'web.events.creator.deleteFailed', defaultMessage: 'Failed to delete event. {reason}' },
  edit: { id: 'web.events.creator.edit', defaultMessage: 'Edit Event' },
  invitations: { id: 'web.events.creator.invitations', defaultMessage: 'Manage Invitations' },
  delete: { id: 'web.events.creator.delete', defaultMessage: 'Delete Event' },
  confirmTitle: { id: 'web.events.creator.confirmTitle', defaultMessage: 'Delete Event Confirmation' },
  confirmText: {
    id: 'web.events.creator.confirmText',
    defaultMessage:
      'Are you sure you want to delete this event? This action cannot be undone. All attendees and comments for this event will be removed as well.',
  },
});

const ConfirmDialog = lazy(() =>
  import('../../../components/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })),
);
const InvitationsDialog = lazy(() => import('./invitations-dialog').then((m) => ({ default: m.InvitationsDialog })));
const SeriesScopeDialog = lazy(() => import('./series-scope-dialog').then((m) => ({ default: m.SeriesScopeDialog })));

export function CreatorActions({ event, userId }: { event: EventDetail; userId: number }) {
  const t = useT();
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
          toast({ title: translate(messages.deleted) });
          void navigate(paths.events);
        },
        onError: (error) => {
          setConfirming(false);
          toastError(translate(common.error), translate(messages.deleteFailed, { reason: errorMessage(error) }));
        },
      },
    );
  return (
    <div className="button-group">
      <Link to={paths.editEvent(event.id)} className={buttonClass({ variant: 'secondary', size: 'small' })}>
        <Pencil size={16} aria-hidden="true" />
        {t(messages.edit)}
      </Link>
      {!event.isPublic && (
        <Button variant="secondary" size="small" onClick={() => setInviting(true)}>
          <UserPlus size={16} aria-hidden="true" />
          {t(messages.invitations)}
        </Button>
      )}
      <Button variant="danger" size="small" onClick={() => setConfirming(true)}>
        <Trash2 size={16} aria-hidden="true" />
        {t(messages.delete)}
      </Button>
      <Suspense fallback={null}>
        {/* An event of a series asks which to delete: this one, or it and the following ones. */}
        {confirming && event.seriesId !== null && (
          <SeriesScopeDialog
            open
            onOpenChange={setConfirming}
            action="delete"
            busy={remove.isPending}
            onChoose={confirmDelete}
          />
        )}
        {confirming && event.seriesId === null && (
          <ConfirmDialog
            open
            onOpenChange={setConfirming}
            title={t(messages.confirmTitle)}
            description={t(messages.confirmText)}
            confirmLabel={t(messages.delete)}
            busyLabel={t(common.deleting)}
            busy={remove.isPending}
            onConfirm={() => confirmDelete()}
          />
        )}
        {inviting && !event.isPublic && (
          <InvitationsDialog eventId={event.id} currentUserId={userId} open onOpenChange={setInviting} />
        )}
      </Suspense>
    </div>
  );
}
