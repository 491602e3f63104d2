// After an in-app navigation: a page title that names the screen, and focus moved to the new content so
// keyboard and screen-reader users start there instead of on the link they left.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

const TITLES: [RegExp, string][] = [
  [/^\/$/, 'Home'],
  [/^\/events\/?$/, 'Events'],
  [/^\/events\/create\/?$/, 'Create Event'],
  [/^\/events\/[^/]+\/edit\/?$/, 'Edit Event'],
  [/^\/events\/[^/]+\/?$/, 'Event Details'],
  [/^\/settings\/?$/, 'Settings'],
  [/^\/admin\/settings\/?$/, 'Admin Settings'],
  [/^\/telegram-auth-callback\/?$/, 'Telegram Authentication'],
];

export function RouteFocus() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    const title = TITLES.find(([pattern]) => pattern.test(pathname))?.[1] ?? 'Page Not Found';
    document.title = `${title} · Community Events`;
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: false });
  }, [pathname]);
  return null;
}
