// Account Linking: Telegram (widget or the bot flow, mode=link) when none is linked; an email when none is set.
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { CurrentUser } from '../../../../../shared/types';
import { emailSchema } from '../../../../../shared/schemas';
import { startManualTelegramLogin, TelegramLoginWidget } from '../../../components/telegram-login-widget';
import { toastError } from '../../../components/toast-store';
import { Card, FieldError } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { useAuthConfig } from '../../../lib/auth-config';
import { authStateKey, useAuthState } from '../../../lib/auth-state';
import { useLinkEmail } from '../api/link-email';

/**
 * Linking starts with a click: only then does the server issue this browser's link state, which the widget's
 * callback and the bot flow spend. A link that someone else sends cannot link an account without it.
 */
function LinkTelegram({ bot }: { bot: string }) {
  const queryClient = useQueryClient();
  const [started, setStarted] = useState(false);
  const linkState = useAuthState('link', started);
  const state = linkState.data?.state;

  const startManual = () => {
    if (!state) return;
    startManualTelegramLogin('link', state)
      .catch((error: unknown) =>
        toastError(
          'Failed to link Telegram account',
          errorMessage(error, 'An error occurred while linking your Telegram account.'),
        ),
      )
      .finally(() => void queryClient.invalidateQueries({ queryKey: authStateKey('link') }));
  };

  return (
    <div className="form">
      <h3>Link your Telegram account</h3>
      <p className="muted">Get event notifications in Telegram and sign in with it.</p>
      {!started ? (
        <div>
          <button type="button" className="button" onClick={() => setStarted(true)}>
            Link Telegram
          </button>
        </div>
      ) : linkState.isError ? (
        <p className="field-error" role="alert">
          {errorMessage(linkState.error)}
        </p>
      ) : state ? (
        <>
          <TelegramLoginWidget botUsername={bot} mode="link" state={state} />
          <div>
            <button type="button" className="button button-secondary" onClick={startManual}>
              Link with the Telegram app
            </button>
          </div>
        </>
      ) : (
        <p role="status">Preparing...</p>
      )}
    </div>
  );
}

function LinkEmail({ pendingEmail }: { pendingEmail: string | null }) {
  const link = useLinkEmail();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
    setError(null);
    link.mutate(parsed.data, {
      onSuccess: (result) => {
        setSentTo(result.email ?? parsed.data);
        setEmail('');
      },
      onError: (failure) =>
        toastError(
          'Failed to link email account',
          errorMessage(failure, 'An error occurred while linking your email account.'),
        ),
    });
  };

  const waiting = sentTo ?? pendingEmail;
  return (
    <form className="form" onSubmit={submit} noValidate>
      <h3>Link an email address</h3>
      {waiting && (
        <p className="banner banner-info" role="status">
          We sent a confirmation link to <strong>{waiting}</strong>. Open it to finish linking your email.
        </p>
      )}
      <div className="field">
        <label htmlFor="link-email">Email address</label>
        <input
          id="link-email"
          type="email"
          required
          autoComplete="email"
          value={email}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'link-email-error' : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
        <FieldError id="link-email-error" message={error} />
      </div>
      <div>
        <button type="submit" className="button" disabled={link.isPending}>
          {link.isPending ? 'Linking...' : 'Link Email'}
        </button>
      </div>
    </form>
  );
}

export function AccountLinking({ user }: { user: CurrentUser }) {
  const config = useAuthConfig();
  // Linking Telegram needs a bot; a server without one offers only the email box.
  const bot = user.telegramId ? null : (config.data?.telegramBotUsername ?? null);
  if (!bot && user.email) return null;
  return (
    <Card title="Account Linking">
      <div className="two-columns">
        {bot && <LinkTelegram bot={bot} />}
        {!user.email && <LinkEmail pendingEmail={user.pendingEmail} />}
      </div>
    </Card>
  );
}
