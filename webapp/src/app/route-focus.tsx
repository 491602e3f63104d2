// After an in-app navigation: a page title that names the screen, the new page shown from its top (its heading
// and Back link below the sticky header), and focus moved to the new content so keyboard and screen-reader
// users start there instead of on the link they left.
import { useEffect, useRef } from 'react';
import { useLocation } from '../lib/router';
import { commonMessages } from '../components/common-messages';
import { defineMessages, translate, useLanguage, type MessageDescriptor } from '../i18n';

const messages = defineMessages({
  page: { id: 'web.app.title.page', defaultMessage: '{page} · Community Events' },
  editEvent: { id: 'web.app.title.editEvent', defaultMessage: 'Edit Event' },
  eventDetails: { id: 'web.app.title.eventDetails', defaultMessage: 'Event Details' },
  telegram: { id: 'web.app.title.telegram', defaultMessage: 'Telegram Authentication' },
  notFound: { id: 'web.app.title.notFound', defaultMessage: 'Page Not Found' },
});

const TITLES: [RegExp, MessageDescriptor][] = [
  [/^\/$/, commonMessages.home],
  [/^\/events\/?$/, commonMessages.events],
  [/^\/events\/create\/?$/, commonMessages.createEvent],
  [/^\/events\/[^/]+\/edit\/?$/, messages.editEvent],
  [/^\/events\/[^/]+\/?$/, messages.eventDetails],
  [/^\/settings\/?$/, commonMessages.settings],
  [/^\/admin\/settings\/?$/, commonMessages.adminSettings],
  [/^\/telegram-auth-callback\/?$/, messages.telegram],
];

export function RouteFocus() {
  const { pathname } = useLocation();
  const first = useRef(true);
  const language = useLanguage();
  useEffect(() => {
    const title = TITLES.find(([pattern]) => pattern.test(pathname))?.[1] ?? messages.notFound;
    document.title = translate(messages.page, { page: translate(title) });
  }, [pathname, language]);
  useEffect(() => {
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
