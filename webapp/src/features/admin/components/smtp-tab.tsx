// Email Settings: the SMTP form ('Email Configuration') and the test-email box (SPEC §2/§5).
import { Mail } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { DEFAULT_SMTP_PORT, SMTP_PORT_HINTS } from '../../../../../shared/constants';
import { MSG } from '../../../../../shared/messages';
import { smtpSettingsSchema, testEmailSchema } from '../../../../../shared/schemas';
import type { SmtpSettingsView } from '../../../../../shared/types';
import { toast, toastError } from '../../../components/toast-store';
import { Button } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { Field } from '../../../components/field/field';
import { Skeleton } from '../../../components/skeleton/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { schemaResolver } from '../../../lib/form-resolver';
import { useSmtpSettings } from '../api/get-smtp-settings';
import { useSaveSmtpSettings } from '../api/save-smtp-settings';
import { useSendTestEmail } from '../api/test-smtp';

interface SmtpValues {
  host: string;
  port: string;
  secure: boolean;
  auth_user: string;
  auth_pass: string;
  from_email: string;
  from_name: string;
  enabled: boolean;
}

const toValues = (settings: SmtpSettingsView | null): SmtpValues => ({
  host: settings?.host ?? '',
  port: String(settings?.port ?? DEFAULT_SMTP_PORT),
  secure: settings?.secure ?? false,
  auth_user: settings?.auth_user ?? '',
  auth_pass: '',
  from_email: settings?.from_email ?? '',
  from_name: settings?.from_name ?? '',
  enabled: settings?.enabled ?? false,
});

type SmtpInput = z.output<typeof smtpSettingsSchema>;

/** The password is write-only: required only when none is stored yet (an empty one keeps the stored one). */
function smtpResolver(settings: SmtpSettingsView | null): Resolver<SmtpValues, unknown, SmtpInput> {
  const base = schemaResolver(smtpSettingsSchema, (values: SmtpValues) => ({
    ...(settings ? { id: settings.id } : {}),
    ...values,
    auth_pass: values.auth_pass === '' ? undefined : values.auth_pass,
  }));
  return async (values, context, options) => {
    const result = await base(values, context, options);
    if (values.auth_pass || settings?.has_password) return result;
    const errors: FieldErrors<SmtpValues> = {
      ...result.errors,
      auth_pass: result.errors.auth_pass ?? { type: 'required', message: MSG.smtpPassRequired },
    };
    return { values: {}, errors };
  };
}

const TEXT_FIELDS: {
  key: 'host' | 'port' | 'auth_user' | 'auth_pass' | 'from_email' | 'from_name';
  label: string;
  type?: string;
  placeholder?: string;
  autoComplete?: string;
}[] = [
  { key: 'host', label: 'SMTP Host', placeholder: 'smtp.example.org' },
  { key: 'port', label: 'Port', placeholder: String(DEFAULT_SMTP_PORT) },
  { key: 'auth_user', label: 'Username', autoComplete: 'username' },
  { key: 'auth_pass', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { key: 'from_email', label: 'From Email', type: 'email', placeholder: 'events@example.org' },
  { key: 'from_name', label: 'From Name', placeholder: 'Community Events' },
];

function SmtpForm({ settings }: { settings: SmtpSettingsView | null }) {
  const save = useSaveSmtpSettings();
  const [resolver] = useState(() => smtpResolver(settings));
  const {
    register,
    handleSubmit,
    resetField,
    formState: { errors },
  } = useForm({ defaultValues: toValues(settings), resolver });

  const submit = handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: () => {
        toast({ title: 'SMTP settings saved' });
        resetField('auth_pass');
      },
      onError: (error) => toastError('Error saving SMTP settings', errorMessage(error)),
    }),
  );
  const hints: Partial<Record<keyof SmtpValues, string>> = {
    port: `Common ports: ${SMTP_PORT_HINTS.join(', ')}`,
    auth_pass: settings?.has_password ? 'A password is saved. Leave this empty to keep it.' : undefined,
  };

  return (
    <Card title="Email Configuration">
      <form className="form" onSubmit={submit} noValidate>
        {TEXT_FIELDS.map(({ key, label, type = 'text', placeholder, autoComplete = 'off' }) => (
          <Field key={key} label={label} id={`smtp-${key}`} error={errors[key]?.message} hint={hints[key]}>
            <input type={type} placeholder={placeholder} autoComplete={autoComplete} {...register(key)} />
          </Field>
        ))}
        <label className="checkbox-row">
          <input type="checkbox" {...register('secure')} />
          <span>Use a secure connection (TLS)</span>
        </label>
        <label className="checkbox-row">
          <input type="checkbox" {...register('enabled')} />
          <span>Enable email sending</span>
        </label>
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Settings'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function TestEmailBox({ enabled }: { enabled: boolean }) {
  const send = useSendTestEmail();
  const {
    register,
    handleSubmit,
    getValues,
    clearErrors,
    formState: { errors },
  } = useForm({ defaultValues: { testEmail: '' }, resolver: schemaResolver(testEmailSchema) });

  const sendTest = handleSubmit(({ testEmail }) =>
    send.mutate(testEmail, {
      onSuccess: (result) => toast({ title: 'Test email sent', description: result?.message }),
      onError: (failure) => toastError('Error sending test email', errorMessage(failure)),
    }),
  );
  // An empty address is said in a toast with the SPEC's words, not under the field.
  const submit = (event: FormEvent) => {
    if (getValues('testEmail').trim()) return sendTest(event);
    event.preventDefault();
    clearErrors();
    toastError(MSG.testEmailRequired, MSG.testEmailPrompt);
  };

  return (
    <Card title="Send a test email">
      <form className="form" onSubmit={submit} noValidate>
        {!enabled && <p className="muted">Save settings with email sending enabled to send a test email.</p>}
        <Field label="Test Email Address" id="test-email" error={errors.testEmail?.message}>
          <input type="email" placeholder="you@example.org" {...register('testEmail')} />
        </Field>
        <div>
          <Button type="submit" disabled={send.isPending || !enabled}>
            <Mail size={18} aria-hidden="true" />
            {send.isPending ? 'Sending...' : 'Send Test Email'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

export function SmtpTab() {
  const settings = useSmtpSettings();
  if (settings.isPending) return <Skeleton label="Loading SMTP settings..." />;
  if (settings.isError) return <p role="alert">{errorMessage(settings.error)}</p>;
  return (
    <div className="two-columns">
      {/* A newly stored password remounts the form, so it stops asking for one. */}
      <SmtpForm key={`${settings.data?.id ?? 'new'}-${settings.data?.has_password}`} settings={settings.data} />
      <TestEmailBox enabled={Boolean(settings.data?.enabled)} />
    </div>
  );
}
