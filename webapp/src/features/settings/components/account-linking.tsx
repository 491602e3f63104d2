// Account Linking: Telegram (widget or the bot flow, mode=link) when none is linked; an email when none is set.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { CurrentUser } from '../../../../../shared/types';
import { emailSchema } from '../../../../../shared/schemas/fields';
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
import { defineMessages, useT } from '../../../i18n';
import { commonMessages } from '../../../components/common-messages';
import { richText } from '../../../components/rich-text/rich-text';
import { linkingMessages } from './linking-messages';

const messages = defineMessages({
  telegramTitle: { id: 'web.settings.linking.telegramTitle', defaultMessage: 'Link your Telegram account' },
  telegramText: {
    id: 'web.settings.linking.telegramText',
    defaultMessage: 'Get event notifications in Telegram and sign in with it.',
  },
  linkTelegram: { id: 'web.settings.linking.linkTelegram', defaultMessage: 'Link Telegram' },
  linkWithApp: { id: 'web.settings.linking.linkWithApp', defaultMessage: 'Link with the Telegram app' },
  emailTitle: { id: 'web.settings.linking.emailTitle', defaultMessage: 'Link an email address' },
  emailSent: {
    id: 'web.settings.linking.emailSent',
    defaultMessage: 'We sent a confirmation link to {email}. Open it to finish linking your email.',
  },
  emailLabel: { id: 'web.settings.linking.emailLabel', defaultMessage: 'Email address' },
  linking: { id: 'web.settings.linking.linking', defaultMessage: 'Linking...' },
  linkEmail: { id: 'web.settings.linking.linkEmail', defaultMessage: 'Link Email' },
  title: { id: 'web.settings.linking.title', defaultMessage: 'Account Linking' },
});

/**
 * Linking starts with a click: only then does the server issue this browser's link state, which the widget's
 * callback and the bot flow spend. A link that someone else sends cannot link an account without it.
 */
function LinkTelegram({ bot }: { bot: string }) {
  const queryClient = useQueryClient();
  const [started, setStarted] = useState(false);
  const linkState = useAuthState('link', started);
  const state = linkState.data?.state;
  const t = useT();

  const startManual = () => {
    if (!state) return;
    startManualTelegramLogin('link', state)
      .catch((error: unknown) =>
        toastError(t(linkingMessages.telegramFailed), errorMessage(error, t(linkingMessages.telegramFailedText))),
      )
      .finally(() => void queryClient.invalidateQueries({ queryKey: authStateKey('link') }));
  };

  return (
    <div className="form">
      <h3>{t(messages.telegramTitle)}</h3>
      <p className="muted">{t(messages.telegramText)}</p>
      {!started ? (
        <div>
          <Button onClick={() => setStarted(true)}>{t(messages.linkTelegram)}</Button>
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
              {t(messages.linkWithApp)}
            </Button>
          </div>
        </>
      ) : (
        <p role="status">{t(commonMessages.preparing)}</p>
      )}
    </div>
  );
}

const linkEmailForm = z.object({ email: emailSchema });

function LinkEmail({ pendingEmail }: { pendingEmail: string | null }) {
  const link = useLinkEmail();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const t = useT();
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
        toastError(t(linkingMessages.emailFailed), errorMessage(failure, t(linkingMessages.emailFailedText))),
    }),
  );

  const waiting = sentTo ?? pendingEmail;
  return (
    <form className="form" onSubmit={submit} noValidate>
      <h3>{t(messages.emailTitle)}</h3>
      {waiting && (
        <p className="banner" role="status">
          {richText(messages.emailSent, { email: <strong>{waiting}</strong> })}
        </p>
      )}
      <Field label={t(messages.emailLabel)} id="link-email" error={errors.email?.message}>
        <input type="email" required autoComplete="email" {...register('email')} />
      </Field>
      <div>
        <Button type="submit" disabled={link.isPending}>
          {link.isPending ? t(messages.linking) : t(messages.linkEmail)}
        </Button>
      </div>
    </form>
  );
}

export function AccountLinking({ user }: { user: CurrentUser }) {
  const config = useAuthConfig();
  const t = useT();
  // Linking Telegram needs a bot; a server without one offers only the email box.
  const bot = user.telegramId ? null : (config.data?.telegramBotUsername ?? null);
  if (!bot && user.email) return null;
  return (
    <Card title={t(messages.title)}>
      <div className="two-columns">
        {bot && <LinkTelegram bot={bot} />}
        {!user.email && <LinkEmail pendingEmail={user.pendingEmail} />}
      </div>
    </Card>
  );
}
