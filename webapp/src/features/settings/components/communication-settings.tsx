// Communication Settings: the SMS (phone) and Telegram (username) forms, validated with the shared schemas,
// and beside the phone number whether it is verified (SMS goes only to a number confirmed by a code).
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { phoneNumberSchema, telegramUsernameSchema } from '../../../../../shared/schemas/users';
import type { CurrentUser } from '../../../../../shared/types';
import { toast, toastError } from '../../../components/toast-store';
import { Button } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { Field } from '../../../components/field/field';
import { schemaResolver } from '../../../lib/form-resolver';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateMe } from '../api/update-me';
import { PhoneVerification } from './phone-verification';
import { validationText } from '../../../lib/validation-text';
import { defineMessages, useT } from '../../../i18n';
import { commonMessages } from '../../../components/common-messages';

const messages = defineMessages({
  title: { id: 'web.settings.communication.title', defaultMessage: 'Communication Settings' },
  smsTitle: { id: 'web.settings.communication.smsTitle', defaultMessage: 'SMS Notifications' },
  phoneLabel: { id: 'web.settings.communication.phoneLabel', defaultMessage: 'Phone Number' },
  phoneHint: { id: 'web.settings.communication.phoneHint', defaultMessage: 'International format, e.g. +1234567890' },
  phoneSaved: { id: 'web.settings.communication.phoneSaved', defaultMessage: 'Phone number updated' },
  phoneSavedText: {
    id: 'web.settings.communication.phoneSavedText',
    defaultMessage: 'Your phone number has been saved',
  },
  telegramTitle: { id: 'web.settings.communication.telegramTitle', defaultMessage: 'Telegram Notifications' },
  usernameLabel: { id: 'web.settings.communication.usernameLabel', defaultMessage: 'Telegram Username' },
  usernamePlaceholder: { id: 'web.settings.communication.usernamePlaceholder', defaultMessage: 'your_username' },
  usernameHint: {
    id: 'web.settings.communication.usernameHint',
    defaultMessage: '5-32 characters: letters, digits and underscores',
  },
  usernameSaved: { id: 'web.settings.communication.usernameSaved', defaultMessage: 'Telegram username updated' },
  usernameSavedText: {
    id: 'web.settings.communication.usernameSavedText',
    defaultMessage: 'Your Telegram username has been saved',
  },
});

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
  const t = useT();

  const submit = handleSubmit(async ({ value }) => {
    try {
      await props.save(value);
      toast({ title: props.successTitle, description: props.successDescription });
      props.onSaved();
    } catch (failure) {
      setError('value', { message: errorMessage(failure) });
      toastError(t(commonMessages.error), errorMessage(failure));
    }
  });

  return (
    <form className="form" onSubmit={submit} noValidate>
      <h3>{props.title}</h3>
      <Field
        label={props.label}
        id={props.id}
        error={validationText(errors.value?.message as string | undefined)}
        hint={props.hint}
      >
        <input type={props.type} placeholder={props.placeholder} {...register('value')} />
      </Field>
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t(commonMessages.saving) : t(commonMessages.save)}
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
  const t = useT();
  return (
    <Card title={t(messages.title)}>
      <div className="two-columns">
        <div className="settings-column">
          <SingleFieldForm
            id="phone-number"
            title={t(messages.smsTitle)}
            label={t(messages.phoneLabel)}
            type="tel"
            placeholder="+1234567890"
            hint={t(messages.phoneHint)}
            initial={user.phoneNumber ?? ''}
            schema={phoneNumberSchema}
            save={(phoneNumber) => update.mutateAsync({ phoneNumber })}
            successTitle={t(messages.phoneSaved)}
            successDescription={t(messages.phoneSavedText)}
            onSaved={onPhoneSaved}
          />
          <PhoneVerification key={user.phoneNumber ?? ''} user={user} />
        </div>
        <SingleFieldForm
          id="telegram-username"
          title={t(messages.telegramTitle)}
          label={t(messages.usernameLabel)}
          type="text"
          placeholder={t(messages.usernamePlaceholder)}
          hint={t(messages.usernameHint)}
          initial={user.telegramUsername ?? ''}
          schema={telegramUsernameSchema}
          save={(telegramUsername) => update.mutateAsync({ telegramUsername })}
          successTitle={t(messages.usernameSaved)}
          successDescription={t(messages.usernameSavedText)}
          onSaved={onUsernameSaved}
        />
      </div>
    </Card>
  );
}
