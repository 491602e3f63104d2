// The create/edit event form (SPEC §2): every field required, a cover (uploaded or one of the 4 samples) with a
// preview, and the public/private choice. react-hook-form on the server's own zod schema; the 'All fields are
// required' banner follows the fields, so it goes away once they are filled in.
import { CircleAlert } from 'lucide-react';
import { useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { LIMITS } from '../../../../../shared/constants';
import { MSG } from '../../../../../shared/messages';
import { eventInputSchema, type EventInput } from '../../../../../shared/schemas';
import { Button } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { Field } from '../../../components/field/field';
import { toDate, toDateTimeLocal } from '../../../lib/dates';
import { schemaResolver } from '../../../lib/form-resolver';
import { useMainButton } from '../../../lib/use-main-button';
import { CoverPicker } from './cover-picker';

export interface EventFormValues {
  name: string;
  description: string;
  date: string;
  location: string;
  imageUrl: string;
  isPublic: boolean;
}

export const emptyEventValues: EventFormValues = {
  name: '',
  description: '',
  date: '',
  location: '',
  imageUrl: '',
  isPublic: true,
};

export const toFormValues = (event: EventInput & { date: string }): EventFormValues => ({
  name: event.name,
  description: event.description,
  date: toDateTimeLocal(event.date),
  location: event.location,
  imageUrl: event.imageUrl,
  isPublic: event.isPublic ?? true,
});

/** datetime-local is local time to the minute; the schema (and the API) take an ISO string. */
const resolver = schemaResolver(eventInputSchema, (values: EventFormValues) => ({
  ...values,
  date: values.date ? (toDate(values.date)?.toISOString() ?? values.date) : '',
}));

interface EventFormProps {
  initial: EventFormValues;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** The server's (or the fallback) message, shown as an inline banner. */
  serverError: string | null;
  onSubmit: (input: EventInput) => void;
}

export function EventForm({ initial, submitLabel, busyLabel, busy, serverError, onSubmit }: EventFormProps) {
  const form = useRef<HTMLFormElement>(null);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm({ defaultValues: initial, resolver, mode: 'onSubmit' });
  useMainButton({ text: submitLabel, onClick: () => form.current?.requestSubmit(), busy });

  const messages = Object.values(errors).map((error) => error?.message);
  // An empty field is said once, in the banner; anything more specific sits under its field.
  const banner = messages.includes(MSG.eventFieldsRequired) ? MSG.eventFieldsRequired : serverError;
  const inline = (message?: string) => (message && message !== MSG.eventFieldsRequired ? message : null);
  const invalid = (key: keyof EventFormValues) => (errors[key] ? true : undefined);
  const isPublic = useWatch({ control, name: 'isPublic' });

  return (
    <Card>
      <form ref={form} className="form" onSubmit={handleSubmit(onSubmit)} noValidate>
        {banner && (
          <p className="banner banner-error" role="alert">
            <CircleAlert size={18} aria-hidden="true" />
            {banner}
          </p>
        )}
        <Field label="Event Name" id="event-name" error={inline(errors.name?.message)}>
          <input type="text" maxLength={LIMITS.eventName} aria-required {...register('name')} />
        </Field>
        <Field label="Description" id="event-description" error={inline(errors.description?.message)}>
          <textarea maxLength={LIMITS.eventDescription} aria-required {...register('description')} />
        </Field>
        <div className="two-columns">
          <Field label="Date and Time" id="event-date" error={inline(errors.date?.message)}>
            <input type="datetime-local" aria-required {...register('date')} />
          </Field>
          <Field label="Location" id="event-location" error={inline(errors.location?.message)}>
            <input type="text" maxLength={LIMITS.eventLocation} aria-required {...register('location')} />
          </Field>
        </div>
        <Controller
          control={control}
          name="imageUrl"
          render={({ field }) => (
            <CoverPicker value={field.value} onChange={field.onChange} invalid={invalid('imageUrl')} />
          )}
        />
        <div>
          <label className="checkbox-row">
            <input type="checkbox" {...register('isPublic')} />
            <span>{isPublic ? 'Public Event (visible to everyone)' : 'Private Event (invitation only)'}</span>
          </label>
          {!isPublic && (
            <p className="banner" style={{ marginTop: 8 }}>
              Invitations for a private event are managed from the event details page after it is saved.
            </p>
          )}
        </div>
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </div>
      </form>
    </Card>
  );
}
