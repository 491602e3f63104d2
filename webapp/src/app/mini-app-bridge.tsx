// Inside Telegram: Telegram's BackButton on inner pages, and the start parameter `event_<id>` opens the event.
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../config/paths';
import { isMiniApp, miniAppStartEventId, showBackButton } from '../lib/telegram-mini-app';

export function MiniAppBridge() {
  const location = useLocation();
  const navigate = useNavigate();
  const deepLinked = useRef(false);

  useEffect(() => {
    if (deepLinked.current || !isMiniApp()) return;
    deepLinked.current = true;
    const eventId = miniAppStartEventId();
    if (eventId !== null && location.pathname === paths.home) navigate(paths.event(eventId), { replace: true });
  }, [location.pathname, navigate]);

  const inner = location.pathname !== paths.home;
  useEffect(() => {
    if (!inner || !isMiniApp()) return;
    // A deep-linked page has no history inside the app: go home instead of leaving it.
    return showBackButton(() => (window.history.state?.idx > 0 ? navigate(-1) : navigate(paths.home)));
  }, [inner, navigate]);

  return null;
}
