// Communication Settings: the SMS (phone) and Telegram (username) forms, validated with the shared schemas,
// and beside the phone number whether it is verified (SMS goes only to a number confirmed by a code).
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { phoneNumberSchema, telegramUsernameSchema } from '../../../../../shared/schemas';
import type { CurrentUser } from '../../../../../shared/types';
import { toast, toastError } from '../../../components/toast-store';
import { Card, FieldError } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateMe } from '../api/update-me';
import { PhoneVerification } from './phone-verification';

interface SingleFieldFormProps {
  id: string;
  title: string;
  label: string;
  type: 'tel' | 'text';
  placeholder: string;
  hint: string;
  initial: string;
  schema: z.ZodType<string>;
  save: (value: string) => Promise<unknown>;
  successTitle: string;
  successDescription: string;
  onSaved: () => void;
}

function SingleFieldForm(props: SingleFieldFormProps) {
  const [value, setValue] = useState(props.initial);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = props.schema.safeParse(value);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Invalid value');
    setError(null);
    setSaving(true);
    try {
      await props.save(parsed.data);
      toast({ title: props.successTitle, description: props.successDescription });
      props.onSaved();
    } catch (failure) {
      setError(errorMessage(failure));
      toastError('Error', errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  const errorId = `${props.id}-error`;
  return (
    <form className="form" onSubmit={submit} noValidate>
      <h3>{props.title}</h3>
      <div className="field">
        <label htmlFor={props.id}>{props.label}</label>
        <input
          id={props.id}
          type={props.type}
          placeholder={props.placeholder}
          value={value}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : `${props.id}-hint`}
          onChange={(event) => setValue(event.target.value)}
        />
        <p id={`${props.id}-hint`} className="hint">
          {props.hint}
        </p>
        <FieldError id={errorId} message={error} />
      </div>
      <div>
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  );
}

interface CommunicationSettingsProps {
  user: CurrentUser;
  onPhoneSaved: () => void;
  onUsernameSaved: () => void;
}

export function CommunicationSettings({ user, onPhoneSaved, onUsernameSaved }: CommunicationSettingsProps) {
  const update = useUpdateMe();
  return (
    <Card title="Communication Settings">
      <div className="two-columns">
        <div className="settings-column">
          <SingleFieldForm
            id="phone-number"
            title="SMS Notifications"
            label="Phone Number"
            type="tel"
            placeholder="+1234567890"
            hint="International format, e.g. +1234567890"
            initial={user.phoneNumber ?? ''}
            schema={phoneNumberSchema}
            save={(phoneNumber) => update.mutateAsync({ phoneNumber })}
            successTitle="Phone number updated"
            successDescription="Your phone number has been saved"
            onSaved={onPhoneSaved}
          />
          <PhoneVerification key={user.phoneNumber ?? ''} user={user} />
        </div>
        <SingleFieldForm
          id="telegram-username"
          title="Telegram Notifications"
          label="Telegram Username"
          type="text"
          placeholder="your_username"
          hint="5-32 characters: letters, digits and underscores"
          initial={user.telegramUsername ?? ''}
          schema={telegramUsernameSchema}
          save={(telegramUsername) => update.mutateAsync({ telegramUsername })}
          successTitle="Telegram username updated"
          successDescription="Your Telegram username has been saved"
          onSaved={onUsernameSaved}
        />
      </div>
    </Card>
  );
}
