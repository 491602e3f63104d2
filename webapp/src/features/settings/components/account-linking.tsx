// Account Linking: Telegram (widget or the bot flow, mode=link) when none is linked; an email when none is set.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { CurrentUser } from '../../../../../shared/types';
import { emailSchema } from '../../../../../shared/schemas';
import { startManualTelegramLogin, TelegramLoginWidget } from '../../../components/telegram-login-widget';
import { toastError } from '../../../components/toast-store';
import { Button } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { Field } from '../../../components/field/field';
import { schemaResolver } from '../../../lib/form-resolver';
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
          <Button onClick={() => setStarted(true)}>Link Telegram</Button>
        </div>
      ) : linkState.isError ? (
        <p className="field-error" role="alert">
          {errorMessage(linkState.error)}
        </p>
      ) : state ? (
        <>
          <TelegramLoginWidget botUsername={bot} mode="link" state={state} />
          <div>
            <Button variant="secondary" onClick={startManual}>
              Link with the Telegram app
            </Button>
          </div>
        </>
      ) : (
        <p role="status">Preparing...</p>
      )}
    </div>
  );
}

const linkEmailForm = z.object({ email: emailSchema });

function LinkEmail({ pendingEmail }: { pendingEmail: string | null }) {
  const link = useLinkEmail();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ defaultValues: { email: '' }, resolver: schemaResolver(linkEmailForm) });

  const submit = handleSubmit(({ email }) =>
    link.mutate(email, {
      onSuccess: (result) => {
        setSentTo(result.email ?? email);
        reset();
      },
      onError: (failure) =>
        toastError(
          'Failed to link email account',
          errorMessage(failure, 'An error occurred while linking your email account.'),
        ),
    }),
  );

  const waiting = sentTo ?? pendingEmail;
  return (
    <form className="form" onSubmit={submit} noValidate>
      <h3>Link an email address</h3>
      {waiting && (
        <p className="banner" role="status">
          We sent a confirmation link to <strong>{waiting}</strong>. Open it to finish linking your email.
        </p>
      )}
      <Field label="Email address" id="link-email" error={errors.email?.message}>
        <input type="email" required autoComplete="email" {...register('email')} />
      </Field>
      <div>
        <Button type="submit" disabled={link.isPending}>
          {link.isPending ? 'Linking...' : 'Link Email'}
        </Button>
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
