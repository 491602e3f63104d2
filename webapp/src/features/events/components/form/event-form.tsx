// The create/edit event form (SPEC §2): name, description, date and location are required (what the API requires, each
// marked '*'), a cover (an upload, one of the 4 samples or a cover in the brand colour) with a preview, and the
// public/private choice. The cover is optional: without one the event gets a cover in the brand colour (fallbackCover).
// react-hook-form on the server's own zod schema. A missing field says so beside itself and goes quiet once filled in;
// a submit with errors focuses the first field that needs it. A date in the past is confirmed before saving. RSVP
// settings are optional: an empty capacity is no limit, an empty closing time keeps RSVP open.
import { CircleAlert } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { LIMITS, RSVP_LIMITS } from '../../../../../../shared/constants';
import { eventCreateSchema, type EventCreateInput, type EventInput } from '../../../../../../shared/schemas/events';
import type { EventSummary } from '../../../../../../shared/types';
import { Button } from '../../../../components/button/button';
import { Card } from '../../../../components/card/card';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { Field } from '../../../../components/field/field';
import { useT } from '../../../../i18n';
import { fromDateTimeLocal, timeZoneOptions, toDateTimeLocal } from '../../../../lib/date-zones';
import { longDateTime, organisationTimeZone } from '../../../../lib/dates';
import { schemaResolver } from '../../../../lib/form-resolver';
import { useMainButton } from '../../../../lib/use-main-button';
import type { EventTextKey } from '../../../../../../shared/event-texts';
import { CoverPicker, fallbackCover } from './cover-picker';
import { EventTextFields, noTexts, textValuesOf, type TextValues } from './event-text-fields';
import { FeeFields } from './fee-fields';
import { feeOf, noFee, toFee, type FeeValues } from './fee-values';
import { fieldMessage, focusFirstInvalid, messages } from './event-form-text';
import { schemaMessage } from './schema-message';
import { SectionField } from './section-field';
import { noRepeat, toRecurrence, type RepeatValues } from './series-recurrence';
import { SeriesRepeatFields } from './series-repeat-fields';
import styles from './event-form.module.css';

export interface EventFormValues extends RepeatValues, FeeValues, TextValues {
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
  /** The event's section (null: everyone); no control of its own yet, so a copy or an edit keeps it. */
  sectionId: number | null;
}

// The form carries every field of the event schema: a field it lacks would never be sent, and an edit keeps a
// field it is not sent, so the form could not change it. One missing fails here ("Type 'true' is not assignable
// to type '"<field>"'"): add it to EventFormValues, the values below and the form.
type NotInForm = Exclude<keyof EventInput, keyof EventFormValues>;
const _formHasEveryField: [NotInForm] extends [never] ? true : NotInForm = true;

/** A new event's values; a function, as the organisation's zone is read from the page. */
export const emptyEventValues = (): EventFormValues => ({
  name: '',
  description: '',
  date: '',
  timeZone: organisationTimeZone(),
  location: '',
  imageUrl: '',
  isPublic: true,
  ...noTexts(),
  capacity: '',
  guestsAllowed: '0',
  rsvpClosesAt: '',
  rsvpDigest: false,
  requiresGuardianApproval: false,
  sectionId: null,
  ...noFee(),
  ...noRepeat(),
});

type StoredEvent = Pick<
  EventSummary,
  'capacity' | 'guestsAllowed' | 'rsvpClosesAt' | 'rsvpDigest' | 'requiresGuardianApproval' | 'timeZone' | EventTextKey
>;

export const toFormValues = (event: EventInput & StoredEvent & { date: string }): EventFormValues => ({
  name: event.name,
  description: event.description,
  date: toDateTimeLocal(event.date, event.timeZone),
  timeZone: event.timeZone,
  location: event.location,
  imageUrl: event.imageUrl,
  isPublic: event.isPublic ?? true,
  ...textValuesOf(event),
  capacity: event.capacity === null ? '' : String(event.capacity),
  guestsAllowed: String(event.guestsAllowed),
  rsvpClosesAt: toDateTimeLocal(event.rsvpClosesAt, event.timeZone),
  rsvpDigest: event.rsvpDigest,
  requiresGuardianApproval: event.requiresGuardianApproval,
  sectionId: event.sectionId ?? null,
  ...feeOf(event),
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
    imageUrl: values.imageUrl || fallbackCover(values.name),
    recurrence: toRecurrence({ repeat, monthlyBy, repeatEnds, repeatCount, repeatUntil }),
    date: toIso(values.date, values.timeZone),
    capacity: toCount(values.capacity),
    guestsAllowed: Number(values.guestsAllowed),
    rsvpClosesAt: toIso(values.rsvpClosesAt, values.timeZone) || null,
    fee: toFee(values.fee),
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
  /** The registration questions' section (its own state, saved by the page after the event). */
  questions?: ReactNode;
}

export function EventForm({
  initial,
  submitLabel,
  busyLabel,
  busy,
  serverError,
  onSubmit,
  repeatable = false,
  questions,
}: EventFormProps) {
  const t = useT();
  const form = useRef<HTMLFormElement>(null);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, submitCount },
  } = useForm({ defaultValues: initial, resolver, mode: 'onSubmit', shouldFocusError: false });
  useMainButton({ text: submitLabel, onClick: () => form.current?.requestSubmit(), busy });
  // A valid event whose date has passed waits here until the organiser confirms it.
  const [pastInput, setPastInput] = useState<EventCreateInput | null>(null);

  // After each submit with errors (once they are on the screen), focus goes to the first of them.
  useEffect(() => {
    if (submitCount > 0 && Object.keys(errors).length > 0) focusFirstInvalid(form.current);
    // Only a new submit moves focus; errors clearing while the member types must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submitCount]);

  const banner = serverError;
  const error = (name: keyof EventFormValues & keyof FieldErrors<EventFormValues>) =>
    fieldMessage(t, name, errors[name]?.message);
  const isPublic = useWatch({ control, name: 'isPublic' });
  const timeZone = useWatch({ control, name: 'timeZone' });
  const [repeat, repeatEnds] = useWatch({ control, name: ['repeat', 'repeatEnds'] });
  const recurrenceErrors = (errors as { recurrence?: Record<string, { message?: string }> & { message?: string } })
    .recurrence;

  // The date as it was when the form opened: an event that already happened can be edited without a question.
  const initialDate = Date.parse(toIso(initial.date, initial.timeZone));
  const submit = (input: EventCreateInput) => {
    const date = Date.parse(input.date);
    const passed = date < Date.now() && date !== initialDate;
    if (passed) setPastInput(input);
    else onSubmit(input);
  };

  return (
    <Card>
      <form ref={form} className="form" onSubmit={handleSubmit(submit)} noValidate>
        {banner && (
          <p className="banner banner-error" role="alert">
            <CircleAlert size={18} aria-hidden="true" />
            {banner}
          </p>
        )}
        <p className={styles.requiredNote}>{t(messages.requiredNote)}</p>
        <Field label={t(messages.name)} necessity="required" id="event-name" error={error('name')}>
          <input type="text" maxLength={LIMITS.eventName} aria-required {...register('name')} />
        </Field>
        <Field label={t(messages.description)} necessity="required" id="event-description" error={error('description')}>
          <textarea maxLength={LIMITS.eventDescription} aria-required {...register('description')} />
        </Field>
        <div className="two-columns">
          <Field label={t(messages.date)} necessity="required" id="event-date" error={error('date')}>
            <input type="datetime-local" aria-required {...register('date')} />
          </Field>
          <Field
            label={t(messages.timeZone)}
            id="event-time-zone"
            hint={t(messages.timeZoneHint)}
            error={error('timeZone')}
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
        <Field label={t(messages.location)} necessity="required" id="event-location" error={error('location')}>
          <input type="text" maxLength={LIMITS.eventLocation} aria-required {...register('location')} />
        </Field>
        <EventTextFields readBy="members" register={register} error={error} />
        <Controller
          control={control}
          name="imageUrl"
          render={({ field }) => (
            <CoverPicker value={field.value} onChange={field.onChange} error={error('imageUrl')} />
          )}
        />
        <Controller
          control={control}
          name="sectionId"
          render={({ field }) => (
            <SectionField value={field.value} onChange={field.onChange} error={error('sectionId')} />
          )}
        />
        <div>
          <label className="checkbox-row">
            <input type="checkbox" {...register('isPublic')} />
            <span>{isPublic ? t(messages.public) : t(messages.private)}</span>
          </label>
          {!isPublic && (
            <p className="banner" style={{ marginTop: 8 }}>
              {t(messages.privateHint)}
            </p>
          )}
        </div>
        {isPublic && <EventTextFields readBy="visitors" register={register} error={error} />}
        {repeatable && (
          <SeriesRepeatFields
            field={register}
            values={{ repeat, repeatEnds }}
            errors={{
              rule: recurrenceErrors?.message ? schemaMessage(t, recurrenceErrors.message) : null,
              count: Boolean(recurrenceErrors?.count),
              until: Boolean(recurrenceErrors?.until),
            }}
          />
        )}
        <fieldset className={styles.rsvp}>
          <legend>{t(messages.rsvp)}</legend>
          <div className="two-columns">
            <Field
              label={t(messages.capacity)}
              necessity="optional"
              id="event-capacity"
              hint={t(messages.capacityHint)}
              error={error('capacity')}
            >
              <input
                type="number"
                inputMode="numeric"
                min={1}
                max={RSVP_LIMITS.capacityMax}
                {...register('capacity')}
              />
            </Field>
            <Field label={t(messages.guestsAllowed)} id="event-guests" hint={t(messages.guestsAllowedHint)}>
              <select {...register('guestsAllowed')}>
                {Array.from({ length: RSVP_LIMITS.guestsMax + 1 }, (_, count) => (
                  <option key={count} value={count}>
                    {t(messages.guestsOption, { count })}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <Field
            label={t(messages.rsvpClosesAt)}
            necessity="optional"
            id="event-rsvp-closes"
            hint={t(messages.rsvpClosesAtHint)}
            error={error('rsvpClosesAt')}
          >
            <input type="datetime-local" {...register('rsvpClosesAt')} />
          </Field>
          <label className="checkbox-row">
            <input type="checkbox" {...register('rsvpDigest')} />
            <span>{t(messages.rsvpDigest)}</span>
          </label>
          <label className="checkbox-row">
            <input type="checkbox" aria-describedby="event-guardian-hint" {...register('requiresGuardianApproval')} />
            <span>{t(messages.guardianApproval)}</span>
          </label>
          <p id="event-guardian-hint" className={styles.checkboxHint}>
            {t(messages.guardianHint)}
          </p>
        </fieldset>
        <FeeFields control={control} />
        {questions}
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={pastInput !== null}
        onOpenChange={(open) => !open && setPastInput(null)}
        title={t(messages.pastTitle)}
        description={t(messages.pastBody, { date: longDateTime(pastInput?.date, pastInput?.timeZone) })}
        confirmLabel={t(messages.pastConfirm)}
        onConfirm={() => {
          const input = pastInput;
          setPastInput(null);
          if (input) onSubmit(input);
        }}
      />
    </Card>
  );
}
