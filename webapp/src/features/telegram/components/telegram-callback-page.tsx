// The Telegram callback page (SPEC §2/§4): the Login Widget's redirect target, and the manual (bot) flow with
// login_id. Loading, then success (closes after 2 s, telling its opener) or failure with a Close button.
// Nothing here completes from the URL alone (DESIGN §4): widget data counts only with the state this
// browser was issued when the person clicked Login or Link, a link also waits for a click on a button that
// names the Telegram account, and a login_id is only polled by the browser whose click created it.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CALLBACK_CLOSE_DELAY_MS } from '../../../../../shared/constants';
import { MSG } from '../../../../../shared/messages';
import type { TelegramAuthData } from '../../../../../shared/schemas';
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

type State =
  | { kind: 'loading' }
  | { kind: 'confirm-link'; account: string; payload: TelegramPayload }
  | { kind: 'linking' }
  | { kind: 'waiting'; botLink: string; code: string }
  | { kind: 'success' }
  | { kind: 'error'; detail: string };

const BOT_INFO_FAILED = 'Failed to get Telegram bot info. Please try again later.';

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
        toast(
          mode === 'link'
            ? {
                title: 'Telegram account linked',
                description: 'Your Telegram account has been successfully linked to your profile.',
              }
            : { title: 'Successfully logged in with Telegram', description: 'Welcome to the product!' },
        );
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
      if (!data) return setState({ kind: 'error', detail: MSG.telegramMissingParams });
      const authState = params.get('state');
      if (!authState) return setState({ kind: 'error', detail: MSG.authStateRefused });
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
        setState({ kind: 'error', detail: failureDetail(error, MSG.telegramAuthFailed) });
      }
    };

    const runManual = async () => {
      if (!loginId) return setState({ kind: 'error', detail: MSG.telegramMissingLoginId });
      // Without the bot's name there is nowhere to confirm the login: say so instead of waiting forever.
      if (!botUsername) return setState({ kind: 'error', detail: BOT_INFO_FAILED });
      let code: string;
      try {
        // Only the browser whose click created this login id gets its code back.
        ({ code } = await registerLogin({ loginId }));
      } catch {
        return setState({ kind: 'error', detail: 'Failed to start authentication process' });
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
      setState({ kind: 'error', detail: expired ? MSG.loginSessionExpired : checkError.message });
    }
  }, [waiting, checked, checkError]);

  const confirmLink = async (payload: TelegramPayload) => {
    setState({ kind: 'linking' });
    try {
      await linkTelegram(payload);
      await succeedRef.current?.();
    } catch (error) {
      setState({ kind: 'error', detail: failureDetail(error, MSG.telegramLinkFailed) });
    }
  };

  const close = () => {
    if (window.opener) window.close();
    else void navigate(paths.home, { replace: true });
  };

  const title =
    state.kind === 'success'
      ? 'Authentication Successful'
      : state.kind === 'error'
        ? 'Authentication Failed'
        : 'Telegram Authentication';
  return (
    <div aria-live="polite">
      <StateCard title={title}>
        {(state.kind === 'loading' || state.kind === 'linking') && (
          <p role="status">
            {mode === 'link' ? 'Linking your Telegram account...' : 'Signing you in with Telegram...'}
          </p>
        )}
        {state.kind === 'confirm-link' && (
          <>
            <p>
              Link the Telegram account <strong>{state.account}</strong> to your account
              {me.data ? (
                <>
                  {' '}
                  <strong>{me.data.name || 'on this site'}</strong>
                </>
              ) : null}
              ? You will be able to sign in with it and get notifications in Telegram.
            </p>
            <p className="hint">Only continue if you started linking this Telegram account yourself.</p>
            <div className="button-group">
              <button type="button" className={buttonClass()} onClick={() => void confirmLink(state.payload)}>
                Link Telegram account
              </button>
              <button type="button" className={buttonClass({ variant: 'secondary' })} onClick={close}>
                Cancel
              </button>
            </div>
          </>
        )}
        {state.kind === 'waiting' && (
          <>
            <p role="status">Waiting for you to confirm in Telegram...</p>
            <p>
              Your code: <strong className="login-code">{state.code}</strong>
            </p>
            <p className="hint">Open the bot and type this code there. Never type a code someone else gave you.</p>
            <a className={buttonClass()} href={state.botLink} target="_blank" rel="noreferrer">
              Open Telegram to confirm
            </a>
            <p className="hint">This page checks every few seconds and continues by itself.</p>
          </>
        )}
        {state.kind === 'success' && <p>This window will close automatically...</p>}
        {state.kind === 'error' && (
          <>
            {/* The heading already says 'Authentication Failed': the alert gives only what went wrong. */}
            <p role="alert">{state.detail}</p>
            <button type="button" className={buttonClass()} onClick={close}>
              Close
            </button>
          </>
        )}
      </StateCard>
    </div>
  );
}
