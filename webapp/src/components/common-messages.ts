// Words many screens share (buttons, loading and error titles): one catalog entry each, so every screen says
// them the same way in every language.
import { defineMessages } from '../i18n';

export const commonMessages = defineMessages({
  cancel: { id: 'web.common.cancel', defaultMessage: 'Cancel' },
  close: { id: 'web.common.close', defaultMessage: 'Close' },
  error: { id: 'web.common.error', defaultMessage: 'Error' },
  login: { id: 'web.common.login', defaultMessage: 'Login' },
  logout: { id: 'web.common.logout', defaultMessage: 'Logout' },
  loading: { id: 'web.common.loading', defaultMessage: 'Loading...' },
  save: { id: 'web.common.save', defaultMessage: 'Save' },
  saving: { id: 'web.common.saving', defaultMessage: 'Saving...' },
  sending: { id: 'web.common.sending', defaultMessage: 'Sending...' },
  preparing: { id: 'web.common.preparing', defaultMessage: 'Preparing...' },
  somethingWentWrong: { id: 'web.common.somethingWentWrong', defaultMessage: 'Something went wrong' },
  goHome: { id: 'web.common.goHome', defaultMessage: 'Go to the home page' },
  authenticationFailed: { id: 'web.common.authenticationFailed', defaultMessage: 'Authentication failed' },
  waitingForTelegram: { id: 'web.common.waitingForTelegram', defaultMessage: 'Waiting for Telegram...' },
  settings: { id: 'web.common.settings', defaultMessage: 'Settings' },
  adminSettings: { id: 'web.common.adminSettings', defaultMessage: 'Admin Settings' },
  yourChildren: { id: 'web.common.yourChildren', defaultMessage: 'Your children' },
  home: { id: 'web.common.home', defaultMessage: 'Home' },
  events: { id: 'web.common.events', defaultMessage: 'Events' },
  createEvent: { id: 'web.common.createEvent', defaultMessage: 'Create Event' },
});
