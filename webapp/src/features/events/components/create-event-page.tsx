// Create New Event (admins): on success go to the new event.
import { useNavigate } from 'react-router-dom';
import { toast } from '../../../components/toast-store';
import { StateCard } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { useCreateEvent } from '../api/save-event';
import { emptyEventValues, EventForm } from './event-form';

export function formFailure(error: unknown, fallback: string): string | null {
  if (!error) return null;
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return error instanceof Error ? 'An unknown error occurred' : fallback;
}

export function CreateEventPage() {
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  const create = useCreateEvent();

  if (!user?.isAdmin) {
    return (
      <StateCard title="Permission Denied">
        <p>Only administrators can create events.</p>
        <button type="button" className="button" onClick={() => navigate(paths.events)}>
          Back to Events
        </button>
      </StateCard>
    );
  }
  return (
    <>
      <h1>Create New Event</h1>
      <EventForm
        initial={emptyEventValues}
        submitLabel="Create Event"
        busyLabel="Creating Event..."
        busy={create.isPending}
        serverError={formFailure(create.error, 'Failed to create event')}
        onSubmit={(input) =>
          create.mutate(input, {
            onSuccess: (event) => {
              toast({ title: 'Event created' });
              navigate(paths.event(event.id));
            },
          })
        }
      />
    </>
  );
}
