// Email Settings: the SMTP form ('Email Configuration') and the test-email box (SPEC §2/§5).
import { useState, type FormEvent } from 'react';
import { DEFAULT_SMTP_PORT, SMTP_PORT_HINTS } from '../../../../../shared/constants';
import { MSG } from '../../../../../shared/messages';
import { smtpSettingsSchema, testEmailSchema } from '../../../../../shared/schemas';
import type { SmtpSettingsView } from '../../../../../shared/types';
import { toast, toastError } from '../../../components/toast-store';
import { Card, FieldError, fieldErrors } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
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

function SmtpForm({ settings }: { settings: SmtpSettingsView | null }) {
  const save = useSaveSmtpSettings();
  const [values, setValues] = useState(() => toValues(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof SmtpValues>(key: K, value: SmtpValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      ...(settings ? { id: settings.id } : {}),
      ...values,
      // Write-only: an empty password keeps the stored one.
      auth_pass: values.auth_pass === '' ? undefined : values.auth_pass,
    };
    const parsed = smtpSettingsSchema.safeParse(input);
    const found = parsed.success ? {} : fieldErrors(parsed.error.issues);
    if (!values.auth_pass && !settings?.has_password) found.auth_pass ??= MSG.smtpPassRequired;
    if (Object.keys(found).length > 0 || !parsed.success) return setErrors(found);
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: 'SMTP settings saved' });
        set('auth_pass', '');
      },
      onError: (error) => toastError('Error saving SMTP settings', errorMessage(error)),
    });
  };

  const text = (
    key: 'host' | 'port' | 'auth_user' | 'auth_pass' | 'from_email' | 'from_name',
    label: string,
    extra: { type?: string; placeholder?: string; hint?: string; autoComplete?: string } = {},
  ) => (
    <div className="field">
      <label htmlFor={`smtp-${key}`}>{label}</label>
      <input
        id={`smtp-${key}`}
        type={extra.type ?? 'text'}
        value={values[key]}
        placeholder={extra.placeholder}
        autoComplete={extra.autoComplete ?? 'off'}
        aria-invalid={Boolean(errors[key])}
        aria-describedby={
          [errors[key] ? `smtp-${key}-error` : '', extra.hint ? `smtp-${key}-hint` : ''].join(' ').trim() || undefined
        }
        onChange={(event) => set(key, event.target.value)}
      />
      {extra.hint && (
        <p id={`smtp-${key}-hint`} className="hint">
          {extra.hint}
        </p>
      )}
      <FieldError id={`smtp-${key}-error`} message={errors[key]} />
    </div>
  );

  return (
    <Card title="Email Configuration">
      <form className="form" onSubmit={submit} noValidate>
        {text('host', 'SMTP Host', { placeholder: 'smtp.example.org' })}
        {text('port', 'Port', {
          type: 'text',
          placeholder: String(DEFAULT_SMTP_PORT),
          hint: `Common ports: ${SMTP_PORT_HINTS.join(', ')}`,
        })}
        <label className="checkbox-row">
          <input type="checkbox" checked={values.secure} onChange={(e) => set('secure', e.target.checked)} />
          <span>Use a secure connection (TLS)</span>
        </label>
        {text('auth_user', 'Username', { autoComplete: 'username' })}
        {text('auth_pass', 'Password', {
          type: 'password',
          autoComplete: 'new-password',
          hint: settings?.has_password ? 'A password is saved. Leave this empty to keep it.' : undefined,
        })}
        {text('from_email', 'From Email', { type: 'email', placeholder: 'events@example.org' })}
        {text('from_name', 'From Name', { placeholder: 'Community Events' })}
        <label className="checkbox-row">
          <input type="checkbox" checked={values.enabled} onChange={(e) => set('enabled', e.target.checked)} />
          <span>Enable email sending</span>
        </label>
        <div>
          <button type="submit" className="button" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Settings'}
          </button>
        </div>
      </form>
    </Card>
  );
}

function TestEmailBox({ enabled }: { enabled: boolean }) {
  const send = useSendTestEmail();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setError(null);
      return toastError(MSG.testEmailRequired, MSG.testEmailPrompt);
    }
    const parsed = testEmailSchema.safeParse({ testEmail: email });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? MSG.emailInvalid);
    setError(null);
    send.mutate(parsed.data.testEmail, {
      onSuccess: (result) => toast({ title: 'Test email sent', description: result?.message }),
      onError: (failure) => toastError('Error sending test email', errorMessage(failure)),
    });
  };

  return (
    <Card title="Send a test email">
      <form className="form" onSubmit={submit} noValidate>
        {!enabled && <p className="muted">Save settings with email sending enabled to send a test email.</p>}
        <div className="field">
          <label htmlFor="test-email">Test Email Address</label>
          <input
            id="test-email"
            type="email"
            value={email}
            placeholder="you@example.org"
            aria-invalid={Boolean(error)}
            aria-describedby={error ? 'test-email-error' : undefined}
            onChange={(event) => setEmail(event.target.value)}
          />
          <FieldError id="test-email-error" message={error} />
        </div>
        <div>
          <button type="submit" className="button" disabled={send.isPending || !enabled}>
            {send.isPending ? 'Sending...' : 'Send Test Email'}
          </button>
        </div>
      </form>
    </Card>
  );
}

export function SmtpTab() {
  const settings = useSmtpSettings();
  if (settings.isPending) return <p role="status">Loading SMTP settings...</p>;
  if (settings.isError) return <p role="alert">{errorMessage(settings.error)}</p>;
  return (
    <div className="two-columns">
      <SmtpForm key={settings.data?.id ?? 'new'} settings={settings.data} />
      <TestEmailBox enabled={Boolean(settings.data?.enabled)} />
    </div>
  );
}
