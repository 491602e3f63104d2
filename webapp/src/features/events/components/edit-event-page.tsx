// Edit Event: the same form, prefilled; only the creator (or an admin) may edit, others are sent back.
import { useEffect, useState } from 'react';
import type { EventInput } from '../../../../../shared/schemas';
import type { SeriesScope } from '../../../../../shared/constants';
import { mayManageEvent } from '../../../../../shared/permissions';
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
import { SeriesScopeDialog } from './series-scope-dialog';

export function EditEventPage() {
  const id = Number(useParams().id);
  const event = useEvent(id);
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  const update = useUpdateEvent(id);
  // An event of a series asks "this" or "this and following" before saving.
  const [pending, setPending] = useState<EventInput | null>(null);
  const allowed = Boolean(event.data && user && mayManageEvent(user, event.data));

  useEffect(() => {
    if (event.data && user && !allowed) {
      toastError('Permission denied', "You can only edit events you've created");
      void navigate(paths.events, { replace: true });
    }
  }, [event.data, user, allowed, navigate]);

  function save(input: EventInput, scope: SeriesScope) {
    update.mutate(
      { input, scope },
      {
        onSuccess: () => {
          toast({ title: 'Event updated' });
          void navigate(paths.events);
        },
        onSettled: () => setPending(null),
      },
    );
  }

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
        onSubmit={(input) => (event.data?.seriesId ? setPending(input) : save(input, 'this'))}
      />
      <SeriesScopeDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        action="edit"
        busy={update.isPending}
        onChoose={(scope) => pending && save(pending, scope)}
      />
    </>
  );
}
