// Inside Telegram: Telegram's BackButton on inner pages, the start parameter `event_<id>` opens the event,
// `join_<code>` an invite link, and `create` the create form (organisers, admins, section leaders; anyone else stays home), and a sign-in that Telegram's data
// could not give (expired or rejected initData) is said, not left silent.
import { useEffect, useRef } from 'react';
import { historyIndex, useLocation, useNavigate } from '../lib/router';
import { toastError } from '../components/toast-store';
import { paths } from '../config/paths';
import { useCurrentUser } from '../lib/auth';
import { mayOpenEventForm } from '../../../shared/permissions';
import { isMiniApp } from '../lib/telegram-mini-app';
import {
  miniAppStartEventId,
  miniAppStartJoinCode,
  miniAppStartsCreate,
  showBackButton,
} from '../lib/telegram-actions';

import { commonMessages } from '../components/common-messages';
import { defineMessages, useT } from '../i18n';

const messages = defineMessages({
  signInFailed: {
    id: 'web.app.miniApp.signInFailed',
    defaultMessage: 'Could not sign in with Telegram. Please try again later.',
  },
});

export function MiniAppBridge() {
  const location = useLocation();
  const navigate = useNavigate();
  const deepLinked = useRef(false);
  const { data: user } = useCurrentUser();
  const warned = useRef(false);
  // Read in render: the component waits for its words before its effects can say them.
  const t = useT();

  useEffect(() => {
    // Inside Telegram every call carries the session got for initData at open; null: the server refused them.
    if (user !== null || warned.current || !isMiniApp()) return;
    warned.current = true;
    toastError(t(commonMessages.authenticationFailed), t(messages.signInFailed));
  }, [user, t]);

  useEffect(() => {
    if (deepLinked.current || !isMiniApp()) return;
    const eventId = miniAppStartEventId();
    const joinCode = miniAppStartJoinCode();
    const create = miniAppStartsCreate();
    // Whether the member may create events is known once the sign-in answered.
    if (create && user === undefined) return;
    deepLinked.current = true;
    if (location.pathname !== paths.home) return;
    if (eventId !== null) void navigate(paths.event(eventId), { replace: true });
    else if (joinCode !== null) void navigate(paths.join(joinCode), { replace: true });
    else if (create && user && mayOpenEventForm(user)) void navigate(paths.createEvent, { replace: true });
  }, [location.pathname, navigate, user]);

  // A guardian account's home is its children (home sends it there): no BackButton that would only return.
  const home = user?.role === 'guardian' ? paths.guardian : paths.home;
  const inner = location.pathname !== paths.home && location.pathname !== home;
  useEffect(() => {
    if (!inner || !isMiniApp()) return;
    // A deep-linked page has no history inside the app: go home instead of leaving it.
    return showBackButton(() => (historyIndex() > 0 ? void navigate(-1) : void navigate(paths.home)));
  }, [inner, navigate]);

  return null;
}
