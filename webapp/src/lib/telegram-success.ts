// The toast after a Telegram sign-in or link (SPEC §4), said the same by the login dialog's host (a popup
// reported it) and by the callback page (it happened in this tab).
import { defineMessages, translate } from '../i18n';

const messages = defineMessages({
  linked: { id: 'web.auth.telegram.linked', defaultMessage: 'Telegram account linked' },
  linkedText: {
    id: 'web.auth.telegram.linkedText',
    defaultMessage: 'Your Telegram account has been successfully linked to your profile.',
  },
  loggedIn: { id: 'web.auth.telegram.loggedIn', defaultMessage: 'Successfully logged in with Telegram' },
  loggedInText: { id: 'web.auth.telegram.loggedInText', defaultMessage: 'Welcome to the product!' },
});

export function telegramSuccess(mode: 'login' | 'link'): { title: string; description: string } {
  return mode === 'link'
    ? { title: translate(messages.linked), description: translate(messages.linkedText) }
    : { title: translate(messages.loggedIn), description: translate(messages.loggedInText) };
}
