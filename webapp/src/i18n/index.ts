// What a component needs to speak the member's language:
//
//   const messages = defineMessages({ title: { id: 'web.events.title', defaultMessage: 'Events' } });
//   const t = useT();
//   <h1>{t(messages.title)}</h1>
//
// `translate` is the same outside React (a toast from a mutation's callback). Dates, numbers and lists take the
// language from `currentLanguage()`.
import { useSyncExternalStore } from 'react';
import { defineMessages } from '../../../shared/i18n/define';
import { msgCatalogKey, type MsgKey } from '../../../shared/i18n/message-keys';
import { icuOfPlainText } from '../../../shared/i18n/translate';
import { MSG } from '../../../shared/messages';
import { currentLanguage, subscribe, translate, type MessageDescriptor, type MessageValues } from './runtime';

export { defineMessages, currentLanguage, translate };
export type { MessageDescriptor, MessageValues };
export { activateLanguage } from './runtime';

export type Translate = (message: MessageDescriptor, values?: MessageValues) => string;

/** The page's language; re-renders the component when it changes. */
export function useLanguage() {
  return useSyncExternalStore(subscribe, currentLanguage);
}

/** `t(message, values)` in the page's language; the component re-renders when the language changes. */
export function useT(): Translate {
  useLanguage();
  return translate;
}

type TextKey = { [K in MsgKey]: (typeof MSG)[K] extends string ? K : never }[MsgKey];

/** A SPEC/API message (shared/messages.ts) as a catalog message: `t(msg('eventFieldsRequired'))`. */
export function msg(key: TextKey): MessageDescriptor {
  return { id: msgCatalogKey(key), defaultMessage: icuOfPlainText(MSG[key]) };
}
