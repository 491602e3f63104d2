// Edit Event: the same form, prefilled; only the creator (or an admin) may edit, others are sent back.
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { toast, toastError } from '../../../components/toast-store';
import { StateCard } from '../../../components/card/card';
import { Skeleton } from '../../../components/skeleton/skeleton';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/auth';
import { useEvent } from '../api/get-event';
import { useUpdateEvent } from '../api/save-event';
import { formFailure } from './create-event-page';
import { EventForm, toFormValues } from './event-form';

export function EditEventPage() {
  const id = Number(useParams().id);
  const event = useEvent(id);
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  const update = useUpdateEvent(id);
  const allowed = Boolean(event.data && user && (user.id === event.data.creatorId || user.isAdmin));

  useEffect(() => {
    if (event.data && user && !allowed) {
      toastError('Permission denied', "You can only edit events you've created");
      navigate(paths.events, { replace: true });
    }
  }, [event.data, user, allowed, navigate]);

  if (event.isPending && Number.isInteger(id) && id > 0) return <Skeleton label="Loading event details..." />;
  if (!event.data) return <StateCard title="Event not found" />;
  if (!allowed) return null;

  return (
    <>
      <h1>Edit Event: {event.data.name}</h1>
      <EventForm
        key={event.data.id}
        initial={toFormValues(event.data)}
        submitLabel="Update Event"
        busyLabel="Updating Event..."
        busy={update.isPending}
        serverError={formFailure(update.error, 'Failed to update event')}
        onSubmit={(input) =>
          update.mutate(input, {
            onSuccess: () => {
              toast({ title: 'Event updated' });
              navigate(paths.events);
            },
          })
        }
      />
    </>
  );
}
