// The Telegram callback page (SPEC §2/§4): the Login Widget's redirect target, and the manual (bot) flow with
// login_id. Loading, then success (closes after 2 s, telling its opener) or failure with a Close button.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CALLBACK_CLOSE_DELAY_MS, MANUAL_LOGIN_POLL_MS } from '../../../../../shared/constants';
import { MSG } from '../../../../../shared/messages';
import type { TelegramAuthData } from '../../../../../shared/schemas';
import { toast } from '../../../components/toast-store';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { authKeys } from '../../../lib/auth';
import { useAuthConfig } from '../../../lib/auth-config';
import { checkLogin, linkTelegram, registerLogin, telegramLogin } from '../api/telegram-auth';

type State =
  | { kind: 'loading' }
  | { kind: 'waiting'; botLink: string }
  | { kind: 'success' }
  | { kind: 'error'; detail: string };

const BOT_INFO_FAILED = 'Failed to get Telegram bot info. Please try again later.';

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
        navigate(mode === 'link' ? paths.settings : paths.home, { replace: true });
      }
    };

    const runWidget = async () => {
      const data = readAuthData(params);
      if (!data) return setState({ kind: 'error', detail: MSG.telegramMissingParams });
      const payload = {
        telegramId: String(data.id),
        name: `${data.first_name} ${data.last_name ?? ''}`.trim(),
        username: data.username,
        auth_data: data,
      };
      try {
        if (mode === 'link') await linkTelegram(payload);
        else await telegramLogin(payload);
        await succeed();
      } catch (error) {
        const fallback = mode === 'link' ? MSG.telegramLinkFailed : MSG.telegramAuthFailed;
        setState({ kind: 'error', detail: error instanceof ApiError ? (error.serverMessage ?? fallback) : fallback });
      }
    };

    const runManual = async () => {
      if (!loginId) return setState({ kind: 'error', detail: MSG.telegramMissingLoginId });
      // Without the bot's name there is nowhere to confirm the login: say so instead of waiting forever.
      if (!botUsername) return setState({ kind: 'error', detail: BOT_INFO_FAILED });
      try {
        await registerLogin(loginId, mode);
      } catch {
        return setState({ kind: 'error', detail: 'Failed to start authentication process' });
      }
      setState({ kind: 'waiting', botLink: `https://t.me/${botUsername}?start=login_${loginId}` });
      while (!cancelled()) {
        try {
          const result = await checkLogin(loginId);
          // The server already started the session (or linked the account): refresh and finish.
          if (result.status === 200 && result.data?.status === 'complete') return void (await succeed());
        } catch (error) {
          if (error instanceof ApiError && error.status === 404) {
            return setState({ kind: 'error', detail: MSG.loginSessionExpired });
          }
          return setState({ kind: 'error', detail: error instanceof Error ? error.message : String(error) });
        }
        await sleep(MANUAL_LOGIN_POLL_MS);
      }
    };

    void (manual ? runManual() : runWidget());
    // Runs once per page load: the parameters are the page's input.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [config.isPending]);

  const close = () => {
    if (window.opener) window.close();
    else navigate(paths.home, { replace: true });
  };

  const title =
    state.kind === 'success'
      ? 'Authentication Successful'
      : state.kind === 'error'
        ? 'Authentication Failed'
        : 'Telegram Authentication';
  return (
    <section className="card state-card" aria-live="polite">
      <h1 className="card-title">{title}</h1>
      {state.kind === 'loading' && (
        <p role="status">{mode === 'link' ? 'Linking your Telegram account...' : 'Signing you in with Telegram...'}</p>
      )}
      {state.kind === 'waiting' && (
        <>
          <p role="status">Waiting for you to confirm in Telegram...</p>
          <a className="button" href={state.botLink} target="_blank" rel="noreferrer">
            Open Telegram to confirm
          </a>
          <p className="hint">This page checks every few seconds and continues by itself.</p>
        </>
      )}
      {state.kind === 'success' && <p>This window will close automatically...</p>}
      {state.kind === 'error' && (
        <>
          <p role="alert">
            <strong>Authentication failed</strong>: {state.detail}
          </p>
          <button type="button" className="button" onClick={close}>
            Close
          </button>
        </>
      )}
    </section>
  );
}
