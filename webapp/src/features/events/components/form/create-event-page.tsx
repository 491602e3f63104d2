// Create New Event (organisers, admins and section leaders): on success go to the new event. Opened as /events/create?from=<id> (the Manage
// sheet's Duplicate) it starts from a copy of that event's details without its date, which the organiser picks,
// and with its registration questions (new ones: the answers stay with the old event).
import { Copy, ShieldAlert } from 'lucide-react';
import { useNavigate, useSearchParams } from '../../../../lib/router';
import { mayCreateEvents, mayOpenEventForm } from '../../../../../../shared/permissions';
import { toast } from '../../../../components/toast-store';
import { StateCard } from '../../../../components/card/card';
import { paths } from '../../../../config/paths';
import { defineMessages, translate, useT } from '../../../../i18n';
import { ApiError } from '../../../../lib/api-client';
import { useCurrentUser } from '../../../../lib/auth';
import { useEvent } from '../../api/get-event';
import { useCreateEvent } from '../../api/save-event';
import { emptyEventValues, EventForm, toFormValues, type EventFormValues } from './event-form';
import { Skeleton } from '../../../../components/skeleton/skeleton';
import { Button } from '../../../../components/button/button';
import { useQuestionsSection } from './use-questions-section';

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
  copying: { id: 'web.events.form.copying', defaultMessage: 'Copying the event...' },
  copied: {
    id: 'web.events.form.copied',
    defaultMessage: 'A copy of “{name}”. Pick the date and time of the new event.',
  },
});

/** The event to copy (?from=<id>), or null for an empty form. */
function useCopySource(): number | null {
  const from = Number(useSearchParams()[0].get('from'));
  return Number.isInteger(from) && from > 0 ? from : null;
}

/**
 * A copy of an event's details for a new one: everything but its date and RSVP closing time (an event a week
 * later is a new decision), and not its series (a copy is a single event).
 */
const copyValues = (source: Parameters<typeof toFormValues>[0]): EventFormValues => ({
  ...toFormValues(source),
  date: '',
  rsvpClosesAt: '',
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
  const sourceId = useCopySource();
  const source = useEvent(sourceId ?? 0);
  const questions = useQuestionsSection(null, sourceId);

  if (!user || !mayOpenEventForm(user)) {
    return (
      <StateCard title={t(messages.deniedTitle)} icon={<ShieldAlert size={32} aria-hidden="true" />}>
        <p>{t(messages.deniedBody)}</p>
        <Button onClick={() => void navigate(paths.events)}>{t(messages.backToEvents)}</Button>
      </StateCard>
    );
  }
  if (sourceId !== null && source.isPending) return <Skeleton label={t(messages.copying)} />;
  // A source that cannot be read (gone, or not visible) leaves an empty form rather than a dead end.
  const copy = sourceId !== null ? source.data : undefined;
  // A section leader who may not make events for everyone starts with their (first) section chosen.
  const blank = emptyEventValues();
  if (!mayCreateEvents(user)) blank.sectionId = user.leadsSections[0]?.id ?? null;
  return (
    <>
      <h1>{t(messages.title)}</h1>
      {copy && (
        <p className="muted" role="status">
          <Copy size={16} aria-hidden="true" /> {t(messages.copied, { name: copy.name })}
        </p>
      )}
      <EventForm
        key={copy?.id ?? 'new'}
        initial={copy ? copyValues(copy) : blank}
        submitLabel={t(messages.submit)}
        busyLabel={t(messages.busy)}
        busy={create.isPending}
        repeatable
        questions={questions.element}
        serverError={formFailure(create.error, t(messages.failed))}
        onSubmit={(input) =>
          questions.check() &&
          create.mutate(input, {
            // The questions go once the event exists; a failure there is told and the event stays saved.
            onSuccess: (event) =>
              void questions.save(event.id).then(() => {
                toast({ title: translate(messages.created) });
                void navigate(paths.event(event.id));
              }),
          })
        }
      />
    </>
  );
}
