// The create/edit event form (SPEC §2): every field required, the 4 sample images with a preview, and the
// public/private choice. Validated with the same zod schema as the server.
import { useState, type FormEvent } from 'react';
import { LIMITS, SAMPLE_EVENT_IMAGES } from '../../../../../shared/constants';
import { eventInputSchema, type EventInput } from '../../../../../shared/schemas';
import { toDate, toDateTimeLocal } from '../../../lib/dates';

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

const imageName = (url: string) =>
  url
    .split('/')
    .pop()
    ?.replace(/\.\w+$/, '') ?? url;

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
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof EventFormValues>(key: K, value: EventFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // datetime-local is local time to the minute; the API gets an ISO string.
    const date = values.date ? (toDate(values.date)?.toISOString() ?? values.date) : '';
    const parsed = eventInputSchema.safeParse({ ...values, date });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'All fields are required');
      return;
    }
    setError(null);
    onSubmit({ ...values, date: parsed.data.date });
  };

  const banner = error ?? serverError;
  return (
    <form className="form card" onSubmit={submit} noValidate>
      {banner && (
        <p className="banner banner-error" role="alert">
          {banner}
        </p>
      )}
      <div className="field">
        <label htmlFor="event-name">Event Name</label>
        <input
          id="event-name"
          type="text"
          required
          maxLength={LIMITS.eventName}
          value={values.name}
          onChange={(e) => set('name', e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="event-description">Description</label>
        <textarea
          id="event-description"
          required
          maxLength={LIMITS.eventDescription}
          value={values.description}
          onChange={(e) => set('description', e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="event-date">Date and Time</label>
        <input
          id="event-date"
          type="datetime-local"
          required
          value={values.date}
          onChange={(e) => set('date', e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="event-location">Location</label>
        <input
          id="event-location"
          type="text"
          required
          maxLength={LIMITS.eventLocation}
          value={values.location}
          onChange={(e) => set('location', e.target.value)}
        />
      </div>
      <fieldset className="field" style={{ border: 'none', padding: 0, margin: 0 }}>
        <legend className="label">Event Image</legend>
        <div className="image-picker">
          {SAMPLE_EVENT_IMAGES.map((url) => (
            <label key={url} className="image-option">
              <input
                type="radio"
                name="event-image"
                value={url}
                checked={values.imageUrl === url}
                onChange={() => set('imageUrl', url)}
              />
              <img src={url} alt={`Sample image: ${imageName(url)}`} width={160} height={90} />
            </label>
          ))}
        </div>
        <p className="label" style={{ marginTop: 8 }}>
          Preview
        </p>
        <div className="image-preview">
          {values.imageUrl ? <img src={values.imageUrl} alt="Selected event image" /> : <span>No image selected</span>}
        </div>
      </fieldset>
      <div>
        <label className="checkbox-row">
          <input type="checkbox" checked={values.isPublic} onChange={(e) => set('isPublic', e.target.checked)} />
          <span>{values.isPublic ? 'Public Event (visible to everyone)' : 'Private Event (invitation only)'}</span>
        </label>
        {!values.isPublic && (
          <p className="banner banner-info" style={{ marginTop: 8 }}>
            Invitations for a private event are managed from the event details page after it is saved.
          </p>
        )}
      </div>
      <div>
        <button type="submit" className="button" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}
