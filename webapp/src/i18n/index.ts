// What a component needs to speak the member's language:
//
//   const messages = defineMessages({ title: { id: 'web.events.title', defaultMessage: 'Events' } });
//   const t = useT();
//   <h1>{t(messages.title)}</h1>
//
// `translate` is the same outside React (a toast from a mutation's callback). Dates, numbers and lists take the
// language from `currentLanguage()`. `npm run i18n:extract` collects the messages; the build sends each page
// only its messages, in the member's language (webapp/i18n-catalogs.ts).
import { use, useSyncExternalStore } from 'react';
import { defineMessages } from '../../../shared/i18n/define';
import type { MsgKey } from '../../../shared/i18n/message-keys';
import {
  currentLanguage,
  intlLocale,
  messagesPending,
  partPending,
  subscribe,
  translate,
  type MessageDescriptor,
  type MessageValues,
} from './runtime';

export { defineMessages, currentLanguage, intlLocale, translate };
export type { MessageDescriptor, MessageValues };
export { activateLanguage, CHOSEN_LANGUAGE_KEY, messagesPending } from './runtime';

export type Translate = (message: MessageDescriptor, values?: MessageValues) => string;

/** The page's language; re-renders the component when it changes. */
export function useLanguage() {
  return useSyncExternalStore(subscribe, currentLanguage);
}

/** What `use()` gets when nothing is on its way: marked fulfilled, as React marks a promise it has seen. */
const READY = Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined });

/**
 * `t(message, values)` in the page's language; the component re-renders when the language changes. While its
 * chunk's messages are still on their way (the chunk just arrived), the component suspends. The build writes the
 * chunk's part in (`useT(part)`, webapp/i18n-catalogs.ts); without one it waits for every part asked for.
 *
 * `use()` is called on every render, with READY when nothing is pending. A component that suspended while
 * mounting is replayed once the messages are in; had the replay skipped `use()` (nothing pending any more), React
 * would read the component's later hooks (useId) as updates of hooks never mounted, throw, and recover only by
 * rendering the whole page again synchronously (React errors #467 and #520 in the console).
 */
export function useT(part?: string): Translate {
  useLanguage();
  use((part === undefined ? messagesPending() : partPending(part)) ?? READY);
  return translate;
}

/**
 * A SPEC/API text of shared/messages.ts as a catalog message: `t(msg('eventFieldsRequired'))`. Write the key as
 * a literal where you can: the build finds it there and sends it with the page.
 */
export function msg(key: MsgKey): MessageDescriptor {
  return { id: `msg.${key}`, defaultMessage: '' };
}
