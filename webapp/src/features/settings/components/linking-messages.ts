// What linking an email or a Telegram account says when it fails: the linking forms and the page the email's
// confirmation link returns to say it alike.
import { defineMessages } from '../../../i18n';

export const linkingMessages = defineMessages({
  emailFailed: { id: 'web.settings.linking.emailFailed', defaultMessage: 'Failed to link email account' },
  emailFailedText: {
    id: 'web.settings.linking.emailFailedText',
    defaultMessage: 'An error occurred while linking your email account.',
  },
  telegramFailed: { id: 'web.settings.linking.telegramFailed', defaultMessage: 'Failed to link Telegram account' },
  telegramFailedText: {
    id: 'web.settings.linking.telegramFailedText',
    defaultMessage: 'An error occurred while linking your Telegram account.',
  },
});
