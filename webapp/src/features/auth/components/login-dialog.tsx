// The login dialog of SPEC §2: Google, an 'or' divider, Telegram (widget and the bot flow), and in demo
// mode two clearly labelled demo accounts. Only the methods this server has set up are offered: a button that
// can only fail ("not configured") is a dead end for a member.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { startManualTelegramLogin, TelegramLoginWidget } from '../../../components/telegram-login-widget';
import { toastError } from '../../../components/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { useAuthConfig } from '../../../lib/auth-config';
import { authStateKey, useAuthState } from '../../../lib/auth-state';
import { useLogin } from '../api/login';
import { GOOGLE_FAILURE, GoogleSignIn } from './google-sign-in';
import { buttonClass } from '../../../components/button/button';
import { Dialog } from '../../../components/dialog/dialog';
import { defineMessages, useT } from '../../../i18n';
import { commonMessages } from '../../../components/common-messages';

const messages = defineMessages({
  title: { id: 'web.auth.login.title', defaultMessage: 'Login to the product' },
  description: { id: 'web.auth.login.description', defaultMessage: 'Choose your preferred method to sign in' },
  or: { id: 'web.auth.login.or', defaultMessage: 'or' },
  telegramApp: { id: 'web.auth.login.telegramApp', defaultMessage: 'Log in with the Telegram app' },
  noMethod: {
    id: 'web.auth.login.noMethod',
    defaultMessage:
      'No way to sign in is set up yet. An admin of this site needs to set up Google or Telegram sign-in.',
  },
  demoTitle: { id: 'web.auth.login.demoTitle', defaultMessage: 'Demo mode' },
  demoText: {
    id: 'web.auth.login.demoText',
    defaultMessage: 'This is a demo installation: try the site with a sample account, no password needed.',
  },
  signingIn: { id: 'web.auth.login.signingIn', defaultMessage: 'Signing in...' },
  demoAccount: { id: 'web.auth.login.demoAccount', defaultMessage: 'Demo: sign in as {name}' },
});

interface LoginDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  telegramBusy: boolean;
  onTelegramStart: () => void;
  onTelegramEnd: () => void;
}

export function LoginDialog({ open, onOpenChange, telegramBusy, onTelegramStart, onTelegramEnd }: LoginDialogProps) {
  const config = useAuthConfig();
  const login = useLogin();
  const queryClient = useQueryClient();
  // Opening the dialog is the click that starts a sign-in: the server issues this browser's state for it.
  const loginState = useAuthState('login', open && Boolean(config.data?.telegramBotUsername));
  const [pending, setPending] = useState<'google' | 'admin' | 'member' | null>(null);
  const t = useT();

  const signIn = (kind: 'google' | 'admin' | 'member', input: Parameters<typeof login.mutate>[0]) => {
    setPending(kind);
    login.mutate(input, {
      onSuccess: () => onOpenChange(false),
      onError: (error) =>
        toastError(
          kind === 'google' ? GOOGLE_FAILURE.title : t(commonMessages.authenticationFailed),
          kind === 'google' ? GOOGLE_FAILURE.generic : errorMessage(error),
        ),
      onSettled: () => setPending(null),
    });
  };

  const data = config.data;
  const busy = pending !== null || telegramBusy;
  const google = Boolean(data?.googleClientId);
  const telegram = Boolean(data?.telegramBotUsername);
  const demo = Boolean(data?.demoMode && data.demoAccounts.length > 0);

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t(messages.title)} description={t(messages.description)}>
      {config.isPending && <p role="status">{t(commonMessages.loading)}</p>}
      {config.isError && (
        <p className="field-error" role="alert">
          {errorMessage(config.error)}
        </p>
      )}
      {data && (
        <div className="login-methods">
          {google && (
            <GoogleSignIn
              clientId={data.googleClientId}
              busy={pending === 'google'}
              disabled={busy}
              onCredential={(input) => signIn('google', input)}
            />
          )}
          {google && telegram && (
            <div className="divider" role="separator">
              <span>{t(messages.or)}</span>
            </div>
          )}
          {data.telegramBotUsername && (
            <div className="telegram-login">
              {loginState.data ? (
                <TelegramLoginWidget
                  botUsername={data.telegramBotUsername}
                  mode="login"
                  state={loginState.data.state}
                />
              ) : loginState.isError ? (
                <p className="field-error" role="alert">
                  {errorMessage(loginState.error)}
                </p>
              ) : null}
              <button
                type="button"
                className={buttonClass({ variant: 'secondary', block: true })}
                disabled={busy || !loginState.data}
                onClick={() => {
                  const state = loginState.data?.state;
                  if (!state) return;
                  onTelegramStart();
                  startManualTelegramLogin('login', state)
                    .catch((error: unknown) => {
                      onTelegramEnd();
                      toastError(t(commonMessages.authenticationFailed), errorMessage(error));
                    })
                    // The state is spent: the widget and a second try need a fresh one.
                    .finally(() => void queryClient.invalidateQueries({ queryKey: authStateKey('login') }));
                }}
              >
                {telegramBusy ? t(commonMessages.waitingForTelegram) : t(messages.telegramApp)}
              </button>
            </div>
          )}
          {!google && !telegram && !demo && (
            <p className="muted" role="status">
              {t(messages.noMethod)}
            </p>
          )}
          {demo && (
            <section className="demo-box" aria-labelledby="demo-title">
              <h3 id="demo-title">{t(messages.demoTitle)}</h3>
              <p className="muted">{t(messages.demoText)}</p>
              {data.demoAccounts.map((account) => (
                <button
                  key={account.id}
                  type="button"
                  className={buttonClass({ block: true })}
                  disabled={busy}
                  onClick={() => signIn(account.id, { demoAccount: account.id })}
                >
                  {pending === account.id ? t(messages.signingIn) : t(messages.demoAccount, { name: account.name })}
                </button>
              ))}
            </section>
          )}
        </div>
      )}
    </Dialog>
  );
}
