// After an in-app navigation: a page title that names the screen, the new page shown from its top (its heading
// and Back link below the sticky header), and focus moved to the new content so keyboard and screen-reader
// users start there instead of on the link they left.
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
    // Focusing <main> with scrolling would bring its top to the window's top, under the sticky header.
    window.scrollTo({ top: 0, left: 0 });
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}
