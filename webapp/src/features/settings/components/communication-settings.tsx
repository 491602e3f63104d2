// Communication Settings: the SMS (phone) and Telegram (username) forms, validated with the shared schemas,
// and beside the phone number whether it is verified (SMS goes only to a number confirmed by a code).
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { phoneNumberSchema, telegramUsernameSchema } from '../../../../../shared/schemas';
import type { CurrentUser } from '../../../../../shared/types';
import { toast, toastError } from '../../../components/toast-store';
import { Button } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { Field } from '../../../components/field/field';
import { schemaResolver } from '../../../lib/form-resolver';
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
  const [resolver] = useState(() => schemaResolver(z.object({ value: props.schema })));
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ defaultValues: { value: props.initial }, resolver });

  const submit = handleSubmit(async ({ value }) => {
    try {
      await props.save(value);
      toast({ title: props.successTitle, description: props.successDescription });
      props.onSaved();
    } catch (failure) {
      setError('value', { message: errorMessage(failure) });
      toastError('Error', errorMessage(failure));
    }
  });

  return (
    <form className="form" onSubmit={submit} noValidate>
      <h3>{props.title}</h3>
      <Field label={props.label} id={props.id} error={errors.value?.message as string | undefined} hint={props.hint}>
        <input type={props.type} placeholder={props.placeholder} {...register('value')} />
      </Field>
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save'}
        </Button>
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
