// Email Settings: the SMTP form ('Email Configuration') and the test-email box (SPEC §2/§5).
import { Mail } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { DEFAULT_SMTP_PORT, SMTP_PORT_HINTS } from '../../../../../shared/constants';
import { smtpSettingsSchema, testEmailSchema } from '../../../../../shared/schemas/admin';
import type { SmtpSettingsView } from '../../../../../shared/types';
import { toast, toastError } from '../../../components/toast-store';
import { Button } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { Field } from '../../../components/field/field';
import { Skeleton } from '../../../components/skeleton/skeleton';
import { intlLocale, defineMessages, msg, translate, useT, type MessageDescriptor } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { schemaResolver } from '../../../lib/form-resolver';
import { useSmtpSettings } from '../api/get-smtp-settings';
import { useSaveSmtpSettings } from '../api/save-smtp-settings';
import { useSendTestEmail } from '../api/test-smtp';

const messages = defineMessages({
  host: { id: 'web.admin.smtp.host', defaultMessage: 'SMTP Host' },
  port: { id: 'web.admin.smtp.port', defaultMessage: 'Port' },
  username: { id: 'web.admin.smtp.username', defaultMessage: 'Username' },
  password: { id: 'web.admin.smtp.password', defaultMessage: 'Password' },
  fromEmail: { id: 'web.admin.smtp.fromEmail', defaultMessage: 'From Email' },
  fromName: { id: 'web.admin.smtp.fromName', defaultMessage: 'From Name' },
  fromNameExample: {
    id: 'web.admin.smtp.fromNameExample',
    defaultMessage: 'Community Events',
    description: 'Placeholder: an example sender name.',
  },
  saved: { id: 'web.admin.smtp.saved', defaultMessage: 'SMTP settings saved' },
  saveFailed: { id: 'web.admin.smtp.saveFailed', defaultMessage: 'Error saving SMTP settings' },
  portHint: {
    id: 'web.admin.smtp.portHint',
    defaultMessage: 'Common ports: {ports}',
    description: '`ports`: a list of port numbers.',
  },
  passwordKept: {
    id: 'web.admin.smtp.passwordKept',
    defaultMessage: 'A password is saved. Leave this empty to keep it.',
  },
  title: { id: 'web.admin.smtp.title', defaultMessage: 'Email Configuration' },
  secure: { id: 'web.admin.smtp.secure', defaultMessage: 'Use a secure connection (TLS)' },
  enabled: { id: 'web.admin.smtp.enabled', defaultMessage: 'Enable email sending' },
  saving: { id: 'web.admin.smtp.saving', defaultMessage: 'Saving...' },
  save: { id: 'web.admin.smtp.save', defaultMessage: 'Save Settings' },
  testSent: { id: 'web.admin.smtp.testSent', defaultMessage: 'Test email sent' },
  testFailed: { id: 'web.admin.smtp.testFailed', defaultMessage: 'Error sending test email' },
  testTitle: { id: 'web.admin.smtp.testTitle', defaultMessage: 'Send a test email' },
  testDisabled: {
    id: 'web.admin.smtp.testDisabled',
    defaultMessage: 'Save settings with email sending enabled to send a test email.',
  },
  testAddress: { id: 'web.admin.smtp.testAddress', defaultMessage: 'Test Email Address' },
  sending: { id: 'web.admin.smtp.sending', defaultMessage: 'Sending...' },
  send: { id: 'web.admin.smtp.send', defaultMessage: 'Send Test Email' },
  loading: { id: 'web.admin.smtp.loading', defaultMessage: 'Loading SMTP settings...' },
});

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
      auth_pass: result.errors.auth_pass ?? { type: 'required', message: translate(msg('smtpPassRequired')) },
    };
    return { values: {}, errors };
  };
}

const TEXT_FIELDS: {
  key: 'host' | 'port' | 'auth_user' | 'auth_pass' | 'from_email' | 'from_name';
  label: MessageDescriptor;
  type?: string;
  /** An example: an address is the same in every language, a name is translated. */
  placeholder?: string | MessageDescriptor;
  autoComplete?: string;
}[] = [
  { key: 'host', label: messages.host, placeholder: 'smtp.example.org' },
  { key: 'port', label: messages.port, placeholder: String(DEFAULT_SMTP_PORT) },
  { key: 'auth_user', label: messages.username, autoComplete: 'username' },
  { key: 'auth_pass', label: messages.password, type: 'password', autoComplete: 'new-password' },
  { key: 'from_email', label: messages.fromEmail, type: 'email', placeholder: 'events@example.org' },
  { key: 'from_name', label: messages.fromName, placeholder: messages.fromNameExample },
];

function SmtpForm({ settings }: { settings: SmtpSettingsView | null }) {
  const t = useT();
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
        toast({ title: t(messages.saved) });
        resetField('auth_pass');
      },
      onError: (error) => toastError(t(messages.saveFailed), errorMessage(error)),
    }),
  );
  const hints: Partial<Record<keyof SmtpValues, string>> = {
    port: t(messages.portHint, {
      ports: new Intl.ListFormat(intlLocale(), { type: 'conjunction', style: 'narrow' }).format(
        SMTP_PORT_HINTS.map((port) => new Intl.NumberFormat(intlLocale(), { useGrouping: false }).format(port)),
      ),
    }),
    auth_pass: settings?.has_password ? t(messages.passwordKept) : undefined,
  };

  return (
    <Card title={t(messages.title)}>
      <form className="form" onSubmit={submit} noValidate>
        {TEXT_FIELDS.map(({ key, label, type = 'text', placeholder, autoComplete = 'off' }) => (
          <Field key={key} label={t(label)} id={`smtp-${key}`} error={errors[key]?.message} hint={hints[key]}>
            <input
              type={type}
              placeholder={typeof placeholder === 'object' ? t(placeholder) : placeholder}
              autoComplete={autoComplete}
              {...register(key)}
            />
          </Field>
        ))}
        <label className="checkbox-row">
          <input type="checkbox" {...register('secure')} />
          <span>{t(messages.secure)}</span>
        </label>
        <label className="checkbox-row">
          <input type="checkbox" {...register('enabled')} />
          <span>{t(messages.enabled)}</span>
        </label>
        <div>
          <Button type="submit" disabled={save.isPending}>
            {t(save.isPending ? messages.saving : messages.save)}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function TestEmailBox({ enabled }: { enabled: boolean }) {
  const t = useT();
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
      onSuccess: (result) => toast({ title: t(messages.testSent), description: result?.message }),
      onError: (failure) => toastError(t(messages.testFailed), errorMessage(failure)),
    }),
  );
  // An empty address is said in a toast with the SPEC's words, not under the field.
  const submit = (event: FormEvent) => {
    if (getValues('testEmail').trim()) return sendTest(event);
    event.preventDefault();
    clearErrors();
    toastError(t(msg('testEmailRequired')), t(msg('testEmailPrompt')));
  };

  return (
    <Card title={t(messages.testTitle)}>
      <form className="form" onSubmit={submit} noValidate>
        {!enabled && <p className="muted">{t(messages.testDisabled)}</p>}
        <Field label={t(messages.testAddress)} id="test-email" error={errors.testEmail?.message}>
          <input type="email" placeholder="you@example.org" {...register('testEmail')} />
        </Field>
        <div>
          <Button type="submit" disabled={send.isPending || !enabled}>
            <Mail size={18} aria-hidden="true" />
            {t(send.isPending ? messages.sending : messages.send)}
          </Button>
        </div>
      </form>
    </Card>
  );
}

export function SmtpTab() {
  const t = useT();
  const settings = useSmtpSettings();
  if (settings.isPending) return <Skeleton label={t(messages.loading)} />;
  if (settings.isError) return <p role="alert">{errorMessage(settings.error)}</p>;
  return (
    <div className="two-columns">
      {/* A newly stored password remounts the form, so it stops asking for one. */}
      <SmtpForm key={`${settings.data?.id ?? 'new'}-${settings.data?.has_password}`} settings={settings.data} />
      <TestEmailBox enabled={Boolean(settings.data?.enabled)} />
    </div>
  );
}
