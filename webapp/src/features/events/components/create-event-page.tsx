// Create New Event (admins): on success go to the new event.
import { ShieldAlert } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { mayCreateEvents } from '../../../../../shared/permissions';
import { toast } from '../../../components/toast-store';
import { StateCard } from '../../../components/card/card';
import { paths } from '../../../config/paths';
import { defineMessages, translate, useT } from '../../../i18n';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { useCreateEvent } from '../api/save-event';
import { emptyEventValues, EventForm } from './event-form';
import { Button } from '../../../components/button/button';

const messages = defineMessages({
  deniedTitle: { id: 'web.events.form.createDeniedTitle', defaultMessage: 'Permission Denied' },
  deniedBody: { id: 'web.events.form.createDeniedBody', defaultMessage: 'Only administrators can create events.' },
  backToEvents: { id: 'web.events.form.backToEvents', defaultMessage: 'Back to Events' },
  title: { id: 'web.events.form.createTitle', defaultMessage: 'Create New Event' },
  submit: { id: 'web.events.form.createSubmit', defaultMessage: 'Create Event' },
  busy: { id: 'web.events.form.createBusy', defaultMessage: 'Creating Event...' },
  failed: { id: 'web.events.form.createFailed', defaultMessage: 'Failed to create event' },
  created: { id: 'web.events.form.created', defaultMessage: 'Event created' },
  unknownError: { id: 'web.events.form.unknownError', defaultMessage: 'An unknown error occurred' },
});

/** The banner's text after a failed save: the server's own words, else the page's fallback. */
export function formFailure(error: unknown, fallback: string): string | null {
  if (!error) return null;
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return error instanceof Error ? translate(messages.unknownError) : fallback;
}

export function CreateEventPage() {
  const t = useT();
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  const create = useCreateEvent();

  if (!user || !mayCreateEvents(user)) {
    return (
      <StateCard title={t(messages.deniedTitle)} icon={<ShieldAlert size={32} aria-hidden="true" />}>
        <p>{t(messages.deniedBody)}</p>
        <Button onClick={() => void navigate(paths.events)}>{t(messages.backToEvents)}</Button>
      </StateCard>
    );
  }
  return (
    <>
      <h1>{t(messages.title)}</h1>
      <EventForm
        initial={emptyEventValues()}
        submitLabel={t(messages.submit)}
        busyLabel={t(messages.busy)}
        busy={create.isPending}
        repeatable
        serverError={formFailure(create.error, t(messages.failed))}
        onSubmit={(input) =>
          create.mutate(input, {
            onSuccess: (event) => {
              toast({ title: translate(messages.created) });
              void navigate(paths.event(event.id));
            },
          })
        }
      />
    </>
  );
}
