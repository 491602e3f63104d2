// The create/edit event form (SPEC §2): every field required, a cover (uploaded or one of the 4 samples) with a
// preview, and the public/private choice. react-hook-form on the server's own zod schema; the 'All fields are
// required' banner follows the fields, so it goes away once they are filled in. The RSVP settings are
// optional: an empty capacity means no limit, an empty closing time means RSVP stays open.
import { CircleAlert } from 'lucide-react';
import { useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { LIMITS, RSVP_LIMITS } from '../../../../../shared/constants';
import { MSG } from '../../../../../shared/messages';
import { eventCreateSchema, type EventCreateInput, type EventInput } from '../../../../../shared/schemas';
import type { EventSummary } from '../../../../../shared/types';
import { Button } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { Field } from '../../../components/field/field';
import { fromDateTimeLocal, organisationTimeZone, timeZoneOptions, toDateTimeLocal } from '../../../lib/dates';
import { schemaResolver } from '../../../lib/form-resolver';
import { useMainButton } from '../../../lib/use-main-button';
import { CoverPicker } from './cover-picker';
import { noRepeat, toRecurrence, type RepeatValues } from './series-recurrence';
import { SeriesRepeatFields } from './series-repeat-fields';
import styles from './event-form.module.css';

export interface EventFormValues extends RepeatValues {
  name: string;
  description: string;
  /** datetime-local: the wall time in timeZone. */
  date: string;
  /** The IANA zone the event happens in; the date and RSVP closing time are read in it. */
  timeZone: string;
  location: string;
  imageUrl: string;
  isPublic: boolean;
  /** '' = no limit. */
  capacity: string;
  guestsAllowed: string;
  /** datetime-local; '' = open until the event. */
  rsvpClosesAt: string;
  rsvpDigest: boolean;
  requiresGuardianApproval: boolean;
}

/** A new event's values; a function, as the organisation's zone is read from the page. */
export const emptyEventValues = (): EventFormValues => ({
  name: '',
  description: '',
  date: '',
  timeZone: organisationTimeZone(),
  location: '',
  imageUrl: '',
  isPublic: true,
  capacity: '',
  guestsAllowed: '0',
  rsvpClosesAt: '',
  rsvpDigest: false,
  requiresGuardianApproval: false,
  ...noRepeat(),
});

type StoredEvent = Pick<
  EventSummary,
  'capacity' | 'guestsAllowed' | 'rsvpClosesAt' | 'rsvpDigest' | 'requiresGuardianApproval' | 'timeZone'
>;

export const toFormValues = (event: EventInput & StoredEvent & { date: string }): EventFormValues => ({
  name: event.name,
  description: event.description,
  date: toDateTimeLocal(event.date, event.timeZone),
  timeZone: event.timeZone,
  location: event.location,
  imageUrl: event.imageUrl,
  isPublic: event.isPublic ?? true,
  capacity: event.capacity === null ? '' : String(event.capacity),
  guestsAllowed: String(event.guestsAllowed),
  rsvpClosesAt: toDateTimeLocal(event.rsvpClosesAt, event.timeZone),
  rsvpDigest: event.rsvpDigest,
  requiresGuardianApproval: event.requiresGuardianApproval,
  // An edit changes one event (or it and the following ones): the series' rule is not edited here.
  ...noRepeat(),
});

/** datetime-local is wall time to the minute in the event's zone; the schema (and the API) take an ISO instant. */
const toIso = (value: string, zone: string) => (value ? (fromDateTimeLocal(value, zone) ?? value) : '');

/** A typed capacity that is not a whole number stays a string, so the schema names the field's problem. */
const toCount = (value: string) => (value.trim() === '' ? null : /^\d+$/.test(value.trim()) ? Number(value) : value);

const resolver = schemaResolver(
  eventCreateSchema,
  ({ repeat, monthlyBy, repeatEnds, repeatCount, repeatUntil, ...values }: EventFormValues) => ({
    ...values,
    recurrence: toRecurrence({ repeat, monthlyBy, repeatEnds, repeatCount, repeatUntil }),
    date: toIso(values.date, values.timeZone),
    capacity: toCount(values.capacity),
    guestsAllowed: Number(values.guestsAllowed),
    rsvpClosesAt: toIso(values.rsvpClosesAt, values.timeZone) || null,
  }),
);

interface EventFormProps {
  initial: EventFormValues;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** The server's (or the fallback) message, shown as an inline banner. */
  serverError: string | null;
  onSubmit: (input: EventCreateInput) => void;
  /** The create form offers "Repeat"; an edit does not change a series' rule. */
  repeatable?: boolean;
}

export function EventForm({
  initial,
  submitLabel,
  busyLabel,
  busy,
  serverError,
  onSubmit,
  repeatable = false,
}: EventFormProps) {
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
  const timeZone = useWatch({ control, name: 'timeZone' });
  const [repeat, repeatEnds] = useWatch({ control, name: ['repeat', 'repeatEnds'] });
  const recurrenceErrors = (errors as { recurrence?: Record<string, { message?: string }> & { message?: string } })
    .recurrence;
  const recurrenceError =
    recurrenceErrors?.message ?? recurrenceErrors?.count?.message ?? recurrenceErrors?.until?.message ?? null;

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
          <Field
            label="Time zone"
            id="event-time-zone"
            hint="The date and time are in this zone; everyone also sees their own time."
            error={inline(errors.timeZone?.message)}
          >
            <select {...register('timeZone')}>
              {timeZoneOptions(timeZone).map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replace(/_/g, ' ')}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Field label="Location" id="event-location" error={inline(errors.location?.message)}>
          <input type="text" maxLength={LIMITS.eventLocation} aria-required {...register('location')} />
        </Field>
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
        {repeatable && <SeriesRepeatFields field={register} values={{ repeat, repeatEnds }} error={recurrenceError} />}
        <fieldset className={styles.rsvp}>
          <legend>RSVP</legend>
          <div className="two-columns">
            <Field
              label="Capacity"
              id="event-capacity"
              hint="People, guests included. Empty: no limit."
              error={inline(errors.capacity?.message)}
            >
              <input
                type="number"
                inputMode="numeric"
                min={1}
                max={RSVP_LIMITS.capacityMax}
                {...register('capacity')}
              />
            </Field>
            <Field label="Guests allowed" id="event-guests" hint="Extra people each member may bring.">
              <select {...register('guestsAllowed')}>
                {Array.from({ length: RSVP_LIMITS.guestsMax + 1 }, (_, count) => (
                  <option key={count} value={count}>
                    {count === 0 ? 'No guests' : `Up to ${count}`}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <Field
            label="RSVP closes at"
            id="event-rsvp-closes"
            hint="Optional. Afterwards only organisers can change replies."
            error={inline(errors.rsvpClosesAt?.message)}
          >
            <input type="datetime-local" {...register('rsvpClosesAt')} />
          </Field>
          <label className="checkbox-row">
            <input type="checkbox" {...register('rsvpDigest')} />
            <span>Tell me about new RSVPs (hourly digest)</span>
          </label>
          <label className="checkbox-row">
            <input type="checkbox" aria-describedby="event-guardian-hint" {...register('requiresGuardianApproval')} />
            <span>Under-16s need a parent's or guardian's OK</span>
          </label>
          <p id="event-guardian-hint" className={styles.checkboxHint}>
            Members under the age of consent hold a spot until a guardian approves; unanswered requests free it.
          </p>
        </fieldset>
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </div>
      </form>
    </Card>
  );
}
