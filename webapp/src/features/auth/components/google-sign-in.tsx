// Google sign-in through Google Identity Services: its script loads only when a client id is configured.
// The ID token (credential) goes to POST /api/auth/login, where the server verifies it.
import { useEffect, useRef, useState } from 'react';
import { GOOGLE_POPUP } from '../../../../../shared/constants';
import { toastError } from '../../../components/toast-store';
import { buttonClass } from '../../../components/button/button';
import { defineMessages, msg, translate, useT } from '../../../i18n';
import { commonMessages } from '../../../components/common-messages';

interface GoogleCredentialResponse {
  credential?: string;
}

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: {
        client_id: string;
        callback: (response: GoogleCredentialResponse) => void;
        ux_mode: 'popup';
        use_fedcm_for_button?: boolean;
      }): void;
      renderButton(element: HTMLElement, options: Record<string, unknown>): void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

let scriptPromise: Promise<GoogleIdentity> | null = null;

function loadGoogleIdentity(): Promise<GoogleIdentity> {
  scriptPromise ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = 'https://accounts.google.com/gsi/client';
    script.async = true;
    script.onload = () => (window.google ? resolve(window.google) : reject(new Error('Google script failed')));
    script.onerror = () => {
      scriptPromise = null;
      reject(new Error('Google script failed'));
    };
    document.head.append(script);
  });
  return scriptPromise;
}

/** Name and email from the token, sent along as the SPEC's client does; the server trusts only the token. */
function readClaims(credential: string): { email?: string; name?: string } {
  try {
    const payload = credential.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as { email?: string; name?: string };
    return { email: claims.email, name: claims.name };
  } catch {
    return {};
  }
}

const messages = defineMessages({
  missingConfig: {
    id: 'web.auth.google.missingConfig',
    defaultMessage: 'Firebase configuration is missing or invalid. Please contact support.',
  },
  popupBlocked: {
    id: 'web.auth.google.popupBlocked',
    defaultMessage: 'Login popup was blocked. Please allow popups for this site.',
  },
  cancelled: { id: 'web.auth.google.cancelled', defaultMessage: 'Login was cancelled.' },
  connecting: { id: 'web.auth.google.connecting', defaultMessage: 'Connecting...' },
  continue: { id: 'web.auth.google.continue', defaultMessage: 'Continue with Google' },
});

/** SPEC's Google sign-in failures, in the page's language (read when shown). */
export const GOOGLE_FAILURE = {
  get title() {
    return translate(commonMessages.authenticationFailed);
  },
  get missingConfig() {
    return translate(messages.missingConfig);
  },
  get popupBlocked() {
    return translate(messages.popupBlocked);
  },
  get cancelled() {
    return translate(messages.cancelled);
  },
  get generic() {
    return translate(msg('googleSignInFailed'));
  },
};

interface GoogleSignInProps {
  clientId: string | null;
  busy: boolean;
  disabled: boolean;
  onCredential: (input: { credential: string; email?: string; name?: string }) => void;
}

export function GoogleSignIn({ clientId, busy, disabled, onCredential }: GoogleSignInProps) {
  const host = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const t = useT();
  const callback = useRef(onCredential);
  useEffect(() => {
    callback.current = onCredential;
  }, [onCredential]);

  useEffect(() => {
    if (!clientId) return;
    let active = true;
    loadGoogleIdentity()
      .then((google) => {
        if (!active || !host.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          callback: (response) => {
            if (!response.credential) return toastError(GOOGLE_FAILURE.title, GOOGLE_FAILURE.cancelled);
            callback.current({ credential: response.credential, ...readClaims(response.credential) });
          },
        });
        google.accounts.id.renderButton(host.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'continue_with',
          width: Math.min(host.current.clientWidth || 320, 400),
        });
        setReady(true);
      })
      .catch(() => active && setReady(false));
    return () => {
      active = false;
    };
  }, [clientId]);

  const fallback = () => {
    if (!clientId) return toastError(GOOGLE_FAILURE.title, GOOGLE_FAILURE.missingConfig);
    // The script did not load: try a popup of the SPEC's size so a blocker can be detected and reported.
    const probe = window.open('', 'google-login', `width=${GOOGLE_POPUP.width},height=${GOOGLE_POPUP.height}`);
    if (!probe) return toastError(GOOGLE_FAILURE.title, GOOGLE_FAILURE.popupBlocked);
    probe.close();
    toastError(GOOGLE_FAILURE.title, GOOGLE_FAILURE.generic);
  };

  return (
    <div className="google-sign-in">
      {busy ? (
        <button type="button" className={buttonClass({ variant: 'secondary', block: true })} disabled>
          {t(messages.connecting)}
        </button>
      ) : (
        !ready && (
          <button
            type="button"
            className={buttonClass({ variant: 'secondary', block: true })}
            disabled={disabled}
            onClick={fallback}
          >
            {t(messages.continue)}
          </button>
        )
      )}
      <div ref={host} hidden={!ready || busy} className="google-button-host" />
    </div>
  );
}
