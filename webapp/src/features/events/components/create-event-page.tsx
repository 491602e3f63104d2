// Create New Event (admins): on success go to the new event.
import { ShieldAlert } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { mayCreateEvents } from '../../../../../shared/permissions';
import { toast } from '../../../components/toast-store';
import { StateCard } from '../../../components/card/card';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { useCreateEvent } from '../api/save-event';
import { emptyEventValues, EventForm } from './event-form';
import { Button } from '../../../components/button/button';

export function formFailure(error: unknown, fallback: string): string | null {
  if (!error) return null;
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return error instanceof Error ? 'An unknown error occurred' : fallback;
}

export function CreateEventPage() {
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  const create = useCreateEvent();

  if (!user || !mayCreateEvents(user)) {
    return (
      <StateCard title="Permission Denied" icon={<ShieldAlert size={32} aria-hidden="true" />}>
        <p>Only administrators can create events.</p>
        <Button onClick={() => void navigate(paths.events)}>Back to Events</Button>
      </StateCard>
    );
  }
  return (
    <>
      <h1>Create New Event</h1>
      <EventForm
        initial={emptyEventValues()}
        submitLabel="Create Event"
        busyLabel="Creating Event..."
        busy={create.isPending}
        repeatable
        serverError={formFailure(create.error, 'Failed to create event')}
        onSubmit={(input) =>
          create.mutate(input, {
            onSuccess: (event) => {
              toast({ title: 'Event created' });
              void navigate(paths.event(event.id));
            },
          })
        }
      />
    </>
  );
}
