// Event details (SPEC §2): creator actions, the facts table, RSVP, attendees and the discussion.
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { RsvpStatus } from '../../../../../shared/constants';
import type { EventDetail } from '../../../../../shared/types';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toast, toastError } from '../../../components/toast-store';
import { StateCard } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { detailDate, detailTime } from '../../../lib/dates';
import { useAttendEvent } from '../api/attend-event';
import { useDeleteEvent } from '../api/delete-event';
import { useEvent } from '../api/get-event';
import { Attendees } from './attendees';
import { Discussion } from './discussion';
import { InvitationsDialog } from './invitations-dialog';
import { StatusLabel } from './rsvp';

function RsvpButtons({ event }: { event: EventDetail }) {
  const attend = useAttendEvent();
  const [choice, setChoice] = useState<RsvpStatus | null>(null);
  const reply = (status: RsvpStatus) => {
    setChoice(status);
    attend.mutate(
      { id: event.id, status },
      {
        onSuccess: () => toast({ title: 'Attendance updated' }),
        onError: () => toastError('Error', 'Failed to update attendance. Please sign in to attend events.'),
      },
    );
  };
  const button = (status: RsvpStatus, label: string) => (
    <button
      type="button"
      className={event.myStatus === status ? 'button' : 'button button-secondary'}
      aria-pressed={event.myStatus === status}
      disabled={attend.isPending}
      onClick={() => reply(status)}
    >
      {attend.isPending && choice === status ? 'Updating...' : label}
    </button>
  );
  return (
    <section className="card" aria-labelledby="rsvp-title">
      <h2 id="rsvp-title" className="card-title">
        Your RSVP
      </h2>
      <p>
        <StatusLabel status={event.myStatus} />
      </p>
      <div className="button-group">
        {button('attending', 'I Will Attend')}
        {button('not_attending', 'Cannot Attend')}
      </div>
    </section>
  );
}

export function EventDetailsPage() {
  const id = Number(useParams().id);
  const event = useEvent(id);
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  const remove = useDeleteEvent();
  const [confirming, setConfirming] = useState(false);
  const [inviting, setInviting] = useState(false);

  if (
    !Number.isInteger(id) ||
    id <= 0 ||
    (event.isError && event.error instanceof ApiError && [403, 404].includes(event.error.status))
  ) {
    return (
      <StateCard title="Event Not Found">
        <p>The event you&apos;re looking for doesn&apos;t exist or has been removed.</p>
        <Link to={paths.events}>Back to Events</Link>
      </StateCard>
    );
  }
  if (event.isPending) return <StateCard title="Loading Event Details..." role="status" />;
  if (event.isError) {
    return (
      <StateCard title="Failed to fetch event" role="alert">
        <p>{errorMessage(event.error)}</p>
        <Link to={paths.events}>Back to Events</Link>
      </StateCard>
    );
  }
  const data = event.data;
  const canManage = Boolean(user && (user.id === data.creatorId || user.isAdmin));

  const confirmDelete = () =>
    remove.mutate(data.id, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: 'Event deleted' });
        navigate(paths.events);
      },
      onError: (error) => {
        setConfirming(false);
        toastError('Error', `Failed to delete event. ${errorMessage(error)}`);
      },
    });

  return (
    <>
      <div className="details-actions">
        <Link to={paths.events}>← Back to Events</Link>
        {canManage && (
          <div className="button-group">
            <Link to={paths.editEvent(data.id)} className="button button-secondary button-small">
              Edit Event
            </Link>
            {!data.isPublic && (
              <button type="button" className="button button-secondary button-small" onClick={() => setInviting(true)}>
                Manage Invitations
              </button>
            )}
            <button type="button" className="button button-danger button-small" onClick={() => setConfirming(true)}>
              Delete Event
            </button>
          </div>
        )}
      </div>
      <article className="card">
        <h1 className="card-title">{data.name}</h1>
        <p className="muted">{data.isPublic ? 'Public event' : 'Private event (invitation only)'}</p>
        {data.imageUrl && <img className="event-hero" src={data.imageUrl} alt="" width={800} height={450} />}
        <div className="table-wrap">
          <table>
            <tbody>
              <tr>
                <th scope="row">Date</th>
                <td>{detailDate(data.date)}</td>
              </tr>
              <tr>
                <th scope="row">Time</th>
                <td>{detailTime(data.date)}</td>
              </tr>
              <tr>
                <th scope="row">Location</th>
                <td>{data.location || 'Location not specified'}</td>
              </tr>
              <tr>
                <th scope="row">Attending</th>
                <td>{data.attendingCount === 1 ? '1 person' : `${data.attendingCount} people`}</td>
              </tr>
            </tbody>
          </table>
        </div>
        <h2 className="card-title" style={{ marginTop: 16 }}>
          Description
        </h2>
        <p style={{ whiteSpace: 'pre-wrap' }}>{data.description}</p>
      </article>
      <RsvpButtons event={data} />
      <Attendees eventId={data.id} />
      <Discussion eventId={data.id} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete Event Confirmation"
        description="Are you sure you want to delete this event? This action cannot be undone. All attendees and comments for this event will be removed as well."
        confirmLabel="Delete Event"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
      {user && !data.isPublic && (
        <InvitationsDialog eventId={data.id} currentUserId={user.id} open={inviting} onOpenChange={setInviting} />
      )}
    </>
  );
}
