// The Telegram callback page (SPEC §2/§4): the Login Widget's redirect target, and the manual (bot) flow with
// login_id. Loading, then success (closes after 2 s, telling its opener) or failure with a Close button.
// Nothing here completes from the URL alone (DESIGN §4): widget data counts only with the state this
// browser was issued when the person clicked Login or Link, a link also waits for a click on a button that
// names the Telegram account, and a login_id is only polled by the browser whose click created it.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { CALLBACK_CLOSE_DELAY_MS } from '../../../../../shared/constants';
import type { TelegramAuthData } from '../../../../../shared/schemas/auth';
import { toast } from '../../../components/toast-store';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { authKeys, takeReturnPath, useCurrentUser } from '../../../lib/auth';
import { useAuthConfig } from '../../../lib/auth-config';
import { registerLogin } from '../../../lib/auth-state';
import {
  isLoginComplete,
  linkTelegram,
  manualLoginQueryOptions,
  telegramLogin,
  type TelegramPayload,
} from '../api/telegram-auth';
import { buttonClass } from '../../../components/button/button';
import { StateCard } from '../../../components/card/card';
import { commonMessages } from '../../../components/common-messages';
import { richText } from '../../../components/rich-text/rich-text';
import { defineMessages, msg, translate, useT } from '../../../i18n';
import { telegramSuccess } from '../../../lib/telegram-success';

const messages = defineMessages({
  botInfoFailed: {
    id: 'web.telegram.callback.botInfoFailed',
    defaultMessage: 'Failed to get Telegram bot info. Please try again later.',
  },
  startFailed: { id: 'web.telegram.callback.startFailed', defaultMessage: 'Failed to start authentication process' },
  success: { id: 'web.telegram.callback.success', defaultMessage: 'Authentication Successful' },
  failed: { id: 'web.telegram.callback.failed', defaultMessage: 'Authentication Failed' },
  title: { id: 'web.telegram.callback.title', defaultMessage: 'Telegram Authentication' },
  linking: { id: 'web.telegram.callback.linking', defaultMessage: 'Linking your Telegram account...' },
  signingIn: { id: 'web.telegram.callback.signingIn', defaultMessage: 'Signing you in with Telegram...' },
  confirmLink: {
    id: 'web.telegram.callback.confirmLink',
    defaultMessage:
      'Link the Telegram account {account} to your account? You will be able to sign in with it and get notifications in Telegram.',
  },
  confirmLinkTo: {
    id: 'web.telegram.callback.confirmLinkTo',
    defaultMessage:
      'Link the Telegram account {account} to your account {name}? You will be able to sign in with it and get notifications in Telegram.',
  },
  onThisSite: { id: 'web.telegram.callback.onThisSite', defaultMessage: 'on this site' },
  onlyYou: {
    id: 'web.telegram.callback.onlyYou',
    defaultMessage: 'Only continue if you started linking this Telegram account yourself.',
  },
  linkAccount: { id: 'web.telegram.callback.linkAccount', defaultMessage: 'Link Telegram account' },
  waiting: { id: 'web.telegram.callback.waiting', defaultMessage: 'Waiting for you to confirm in Telegram...' },
  yourCode: { id: 'web.telegram.callback.yourCode', defaultMessage: 'Your code: {code}' },
  typeCode: {
    id: 'web.telegram.callback.typeCode',
    defaultMessage: 'Open the bot and type this code there. Never type a code someone else gave you.',
  },
  openTelegram: { id: 'web.telegram.callback.openTelegram', defaultMessage: 'Open Telegram to confirm' },
  checks: {
    id: 'web.telegram.callback.checks',
    defaultMessage: 'This page checks every few seconds and continues by itself.',
  },
  closing: { id: 'web.telegram.callback.closing', defaultMessage: 'This window will close automatically...' },
});

type State =
  | { kind: 'loading' }
  | { kind: 'confirm-link'; account: string; payload: TelegramPayload }
  | { kind: 'linking' }
  | { kind: 'waiting'; botLink: string; code: string }
  | { kind: 'success' }
  | { kind: 'error'; detail: string };

const failureDetail = (error: unknown, fallback: string) =>
  error instanceof ApiError ? (error.serverMessage ?? fallback) : fallback;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function readAuthData(params: URLSearchParams): TelegramAuthData | null {
  const id = params.get('id');
  const firstName = params.get('first_name');
  const authDate = params.get('auth_date');
  const hash = params.get('hash');
  if (!id || !firstName || !authDate || !hash) return null;
  const data: TelegramAuthData = { id, first_name: firstName, auth_date: authDate, hash };
  for (const key of ['last_name', 'username', 'photo_url'] as const) {
    const value = params.get(key);
    if (value !== null) data[key] = value;
  }
  return data;
}

export function TelegramCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const config = useAuthConfig();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const started = useRef(false);
  const succeedRef = useRef<(() => Promise<void>) | null>(null);
  const me = useCurrentUser();
  const alive = useRef(true);
  const mode = params.get('mode') === 'link' ? 'link' : 'login';
  const loginId = params.get('login_id');
  const manual = loginId !== null || params.has('manual');
  const botUsername = config.data?.telegramBotUsername ?? null;
  const t = useT();

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  useEffect(() => {
    // Starts once, when what it needs is there (the bot's name for the manual flow); stops only on unmount.
    if (started.current || (manual && config.isPending)) return;
    started.current = true;
    const cancelled = () => !alive.current;

    const succeed = async () => {
      await queryClient.invalidateQueries({ queryKey: authKeys.me() });
      if (cancelled()) return;
      setState({ kind: 'success' });
      if (!window.opener) {
        toast(telegramSuccess(mode));
      }
      await sleep(CALLBACK_CLOSE_DELAY_MS);
      if (cancelled()) return;
      if (window.opener) {
        (window.opener as Window).postMessage('telegram-auth-success', window.location.origin);
        window.close();
      } else {
        void navigate(mode === 'link' ? paths.settings : (takeReturnPath() ?? paths.home), { replace: true });
      }
    };

    const runWidget = async () => {
      const data = readAuthData(params);
      if (!data) return setState({ kind: 'error', detail: translate(msg('telegramMissingParams')) });
      const authState = params.get('state');
      if (!authState) return setState({ kind: 'error', detail: translate(msg('authStateRefused')) });
      const payload: TelegramPayload = {
        telegramId: String(data.id),
        name: `${data.first_name} ${data.last_name ?? ''}`.trim(),
        username: data.username,
        auth_data: data,
        state: authState,
      };
      // Linking changes who can sign in as this member: it waits for a click that names the account.
      if (mode === 'link') {
        const account = payload.username ? `${payload.name} (@${payload.username})` : payload.name;
        return setState({ kind: 'confirm-link', account, payload });
      }
      try {
        await telegramLogin(payload);
        await succeed();
      } catch (error) {
        setState({ kind: 'error', detail: failureDetail(error, translate(msg('telegramAuthFailed'))) });
      }
    };

    const runManual = async () => {
      if (!loginId) return setState({ kind: 'error', detail: translate(msg('telegramMissingLoginId')) });
      // Without the bot's name there is nowhere to confirm the login: say so instead of waiting forever.
      if (!botUsername) return setState({ kind: 'error', detail: translate(messages.botInfoFailed) });
      let code: string;
      try {
        // Only the browser whose click created this login id gets its code back.
        ({ code } = await registerLogin({ loginId }));
      } catch {
        return setState({ kind: 'error', detail: translate(messages.startFailed) });
      }
      if (!cancelled()) {
        setState({ kind: 'waiting', botLink: `https://t.me/${botUsername}?start=login_${loginId}`, code });
      }
    };

    succeedRef.current = succeed;
    void (manual ? runManual() : runWidget());
    // Runs once per page load: the parameters are the page's input.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [config.isPending]);

  // The waiting screen asks the server until the bot confirms (or the login id expires).
  const waiting = state.kind === 'waiting' && loginId !== null;
  const { data: checked, error: checkError } = useQuery({
    ...manualLoginQueryOptions(loginId ?? ''),
    enabled: waiting,
  });
  useEffect(() => {
    if (!waiting) return;
    if (isLoginComplete(checked)) {
      void succeedRef.current?.();
    } else if (checkError) {
      const expired = checkError instanceof ApiError && checkError.status === 404;
      setState({ kind: 'error', detail: expired ? translate(msg('loginSessionExpired')) : checkError.message });
    }
  }, [waiting, checked, checkError]);

  const confirmLink = async (payload: TelegramPayload) => {
    setState({ kind: 'linking' });
    try {
      await linkTelegram(payload);
      await succeedRef.current?.();
    } catch (error) {
      setState({ kind: 'error', detail: failureDetail(error, t(msg('telegramLinkFailed'))) });
    }
  };

  const close = () => {
    if (window.opener) window.close();
    else void navigate(paths.home, { replace: true });
  };

  const title =
    state.kind === 'success' ? t(messages.success) : state.kind === 'error' ? t(messages.failed) : t(messages.title);
  return (
    <div aria-live="polite">
      <StateCard title={title}>
        {(state.kind === 'loading' || state.kind === 'linking') && (
          <p role="status">{mode === 'link' ? t(messages.linking) : t(messages.signingIn)}</p>
        )}
        {state.kind === 'confirm-link' && (
          <>
            <p>
              {me.data
                ? richText(messages.confirmLinkTo, {
                    account: <strong>{state.account}</strong>,
                    name: <strong>{me.data.name || t(messages.onThisSite)}</strong>,
                  })
                : richText(messages.confirmLink, { account: <strong>{state.account}</strong> })}
            </p>
            <p className="hint">{t(messages.onlyYou)}</p>
            <div className="button-group">
              <button type="button" className={buttonClass()} onClick={() => void confirmLink(state.payload)}>
                {t(messages.linkAccount)}
              </button>
              <button type="button" className={buttonClass({ variant: 'secondary' })} onClick={close}>
                {t(commonMessages.cancel)}
              </button>
            </div>
          </>
        )}
        {state.kind === 'waiting' && (
          <>
            <p role="status">{t(messages.waiting)}</p>
            <p>{richText(messages.yourCode, { code: <strong className="login-code">{state.code}</strong> })}</p>
            <p className="hint">{t(messages.typeCode)}</p>
            <a className={buttonClass()} href={state.botLink} target="_blank" rel="noreferrer">
              {t(messages.openTelegram)}
            </a>
            <p className="hint">{t(messages.checks)}</p>
          </>
        )}
        {state.kind === 'success' && <p>{t(messages.closing)}</p>}
        {state.kind === 'error' && (
          <>
            {/* The heading already says 'Authentication Failed': the alert gives only what went wrong. */}
            <p role="alert">{state.detail}</p>
            <button type="button" className={buttonClass()} onClick={close}>
              {t(commonMessages.close)}
            </button>
          </>
        )}
      </StateCard>
    </div>
  );
}
