// Notification Preferences: ticking or unticking saves at once; SMS needs a phone number and Telegram a
// username first (SPEC §4), otherwise nothing is saved and a warning says what to add. Email needs an email
// address, as the server checks too (a Telegram-only account has none until one is linked). When Telegram
// messages cannot be delivered, telegram-reachability.tsx says so and offers the fix.
import { useState } from 'react';
import { NOTIFICATION_CHANNELS, type NotificationChannel } from '../../../../../shared/constants';
import type { CurrentUser } from '../../../../../shared/types';
import { toast, toastError } from '../../../components/toast-store';
import { Card } from '../../../components/card/card';
import { errorMessage } from '../../../lib/api-client';
import { useUpdatePreferences } from '../api/update-preferences';
import { TelegramUnreachable, useAllowTelegramMessages } from './telegram-reachability';
import { defineMessages, msg, useT, type MessageDescriptor } from '../../../i18n';
import { commonMessages } from '../../../components/common-messages';

const messages = defineMessages({
  title: { id: 'web.settings.notifications.title', defaultMessage: 'Notification Preferences' },
  saved: { id: 'web.settings.notifications.saved', defaultMessage: 'Preferences updated' },
  savedText: {
    id: 'web.settings.notifications.savedText',
    defaultMessage: 'Your notification preferences have been saved',
  },
  channel: { id: 'web.settings.notifications.channel', defaultMessage: 'Channel' },
  enabled: { id: 'web.settings.notifications.enabled', defaultMessage: 'Enabled' },
  email: { id: 'web.settings.notifications.email', defaultMessage: 'Email Notifications' },
  sms: { id: 'web.settings.notifications.sms', defaultMessage: 'SMS Notifications' },
  telegram: { id: 'web.settings.notifications.telegram', defaultMessage: 'Telegram Notifications' },
  verifyUnder: {
    id: 'web.settings.notifications.verifyUnder',
    defaultMessage: 'Verify it under Communication Settings.',
  },
});

/** SPEC §4's channel names, in the page's language. */
const CHANNEL_LABELS: Record<NotificationChannel, MessageDescriptor> = {
  email: messages.email,
  sms: messages.sms,
  telegram: messages.telegram,
};

interface NotificationPreferencesProps {
  user: CurrentUser;
  warnings: { sms: boolean; telegram: boolean; email: boolean };
  onWarn: (channel: 'sms' | 'telegram' | 'email') => void;
}

export function NotificationPreferences({ user, warnings, onWarn }: NotificationPreferencesProps) {
  const update = useUpdatePreferences();
  const telegramMessages = useAllowTelegramMessages();
  // The box shows the new choice from the click on, not only once the cache catches up.
  const [choice, setChoice] = useState<NotificationChannel[] | null>(null);
  const prefs = choice ?? user.notificationPrefs;
  const t = useT();

  const toggle = (channel: NotificationChannel, on: boolean) => {
    if (on && channel === 'sms' && !user.phoneNumber) return onWarn('sms');
    if (on && channel === 'telegram' && !user.telegramUsername) return onWarn('telegram');
    if (on && channel === 'email' && !user.email) return onWarn('email');
    const next = on ? [...new Set([...prefs, channel])] : prefs.filter((item) => item !== channel);
    setChoice(next);
    update.mutate(next, {
      onSettled: () => setChoice(null),
      onSuccess: () => {
        toast({ title: t(messages.saved), description: t(messages.savedText) });
        // Inside Telegram, turning Telegram on asks Telegram to let the bot write (no prompt if it already may).
        if (on && channel === 'telegram') void telegramMessages.allow();
      },
      onError: (error) => toastError(t(commonMessages.error), errorMessage(error)),
    });
  };

  return (
    <Card title={t(messages.title)}>
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">{t(messages.channel)}</th>
              <th scope="col">{t(messages.enabled)}</th>
            </tr>
          </thead>
          <tbody>
            {NOTIFICATION_CHANNELS.map((channel) => (
              <tr key={channel}>
                <td>
                  <label htmlFor={`pref-${channel}`}>{t(CHANNEL_LABELS[channel])}</label>
                </td>
                <td>
                  <input
                    id={`pref-${channel}`}
                    type="checkbox"
                    checked={prefs.includes(channel)}
                    disabled={update.isPending}
                    onChange={(event) => toggle(channel, event.target.checked)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {prefs.includes('telegram') && user.telegramId && !user.telegramReachable && <TelegramUnreachable />}
      {prefs.includes('sms') && user.phoneNumber && !user.phoneVerified && (
        <p className="hint" role="status">
          {t(msg('phoneNotVerifiedNote'))} {t(messages.verifyUnder)}
        </p>
      )}
      {warnings.sms && (
        <p className="field-error" role="alert">
          {t(msg('smsNeedsPhone'))}
        </p>
      )}
      {warnings.telegram && (
        <p className="field-error" role="alert">
          {t(msg('telegramNeedsUsername'))}
        </p>
      )}
      {warnings.email && !user.email && (
        <p className="field-error" role="alert">
          {t(msg('emailNeedsAddress'))}
        </p>
      )}
    </Card>
  );
}
