// Edit Event: the same form, prefilled, under the ratio warning while the event lacks cleared leaders; only the
// creator (or an admin) may edit, others are sent back.
import { useEffect, useState } from 'react';
import type { EventInput } from '../../../../../../shared/schemas/events';
import type { SeriesScope } from '../../../../../../shared/constants';
import { managesEvent } from '../../../../../../shared/permissions';
import { useNavigate, useParams } from '../../../../lib/router';
import { toast, toastError } from '../../../../components/toast-store';
import { StateCard } from '../../../../components/card/card';
import { Skeleton } from '../../../../components/skeleton/skeleton';
import { paths } from '../../../../config/paths';
import { defineMessages, translate, useT } from '../../../../i18n';
import { useCurrentUser } from '../../../../lib/auth';
import { useEvent } from '../../api/get-event';
import { useUpdateEvent } from '../../api/save-event';
import { LeadersWarning } from '../manage/leaders-warning';
import { formFailure } from './create-event-page';
import { EventForm, toFormValues } from './event-form';
import { SeriesScopeDialog } from './series-scope-dialog';
import { useQuestionsSection } from './use-questions-section';

const messages = defineMessages({
  deniedTitle: { id: 'web.events.form.editDeniedTitle', defaultMessage: 'Permission denied' },
  deniedBody: { id: 'web.events.form.editDeniedBody', defaultMessage: "You can only edit events you've created" },
  loading: { id: 'web.events.form.loading', defaultMessage: 'Loading event details...' },
  notFound: { id: 'web.events.form.notFound', defaultMessage: 'Event not found' },
  title: { id: 'web.events.form.editTitle', defaultMessage: 'Edit Event: {name}' },
  submit: { id: 'web.events.form.editSubmit', defaultMessage: 'Update Event' },
  busy: { id: 'web.events.form.editBusy', defaultMessage: 'Updating Event...' },
  failed: { id: 'web.events.form.editFailed', defaultMessage: 'Failed to update event' },
  updated: { id: 'web.events.form.updated', defaultMessage: 'Event updated' },
});

export function EditEventPage() {
  const t = useT();
  const id = Number(useParams().id);
  const event = useEvent(id);
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  const update = useUpdateEvent(id);
  const questions = useQuestionsSection(id);
  // An event of a series asks "this" or "this and following" before saving.
  const [pending, setPending] = useState<EventInput | null>(null);
  const allowed = Boolean(event.data && user && managesEvent(user, event.data));

  useEffect(() => {
    if (event.data && user && !allowed) {
      toastError(translate(messages.deniedTitle), translate(messages.deniedBody));
      void navigate(paths.events, { replace: true });
    }
  }, [event.data, user, allowed, navigate]);

  function save(input: EventInput, scope: SeriesScope) {
    update.mutate(
      { input, scope },
      {
        onSuccess: () =>
          void questions.save(id).then(() => {
            toast({ title: translate(messages.updated) });
            void navigate(paths.events);
          }),
        onSettled: () => setPending(null),
      },
    );
  }

  if (event.isPending && Number.isInteger(id) && id > 0) return <Skeleton label={t(messages.loading)} />;
  if (!event.data) return <StateCard title={t(messages.notFound)} />;
  if (!allowed) return null;

  return (
    <>
      <h1>{t(messages.title, { name: event.data.name })}</h1>
      <LeadersWarning eventId={event.data.id} canManage />
      <EventForm
        key={event.data.id}
        initial={toFormValues(event.data)}
        submitLabel={t(messages.submit)}
        busyLabel={t(messages.busy)}
        busy={update.isPending}
        serverError={formFailure(update.error, t(messages.failed))}
        questions={questions.element}
        onSubmit={(input) => {
          if (!questions.check()) return;
          if (event.data?.seriesId) setPending(input);
          else save(input, 'this');
        }}
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
