// Notification Preferences: ticking or unticking saves at once; SMS needs a phone number and Telegram a
// username first (SPEC §4), otherwise nothing is saved and a warning says what to add. Email needs an email
// address, as the server checks too (a Telegram-only account has none until one is linked). When Telegram
// messages cannot be delivered, telegram-reachability.tsx says so and offers the fix.
import { useState } from 'react';
import {
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_CHANNELS,
  type NotificationChannel,
} from '../../../../../shared/constants';
import { MSG } from '../../../../../shared/messages';
import type { CurrentUser } from '../../../../../shared/types';
import { toast, toastError } from '../../../components/toast-store';
import { Card } from '../../../components/card/card';
import { errorMessage } from '../../../lib/api-client';
import { useUpdatePreferences } from '../api/update-preferences';
import { TelegramUnreachable, useAllowTelegramMessages } from './telegram-reachability';

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

  const toggle = (channel: NotificationChannel, on: boolean) => {
    if (on && channel === 'sms' && !user.phoneNumber) return onWarn('sms');
    if (on && channel === 'telegram' && !user.telegramUsername) return onWarn('telegram');
    if (on && channel === 'email' && !user.email) return onWarn('email');
    const next = on ? [...new Set([...prefs, channel])] : prefs.filter((item) => item !== channel);
    setChoice(next);
    update.mutate(next, {
      onSettled: () => setChoice(null),
      onSuccess: () => {
        toast({ title: 'Preferences updated', description: 'Your notification preferences have been saved' });
        // Inside Telegram, turning Telegram on asks Telegram to let the bot write (no prompt if it already may).
        if (on && channel === 'telegram') void telegramMessages.allow();
      },
      onError: (error) => toastError('Error', errorMessage(error)),
    });
  };

  return (
    <Card title="Notification Preferences">
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">Channel</th>
              <th scope="col">Enabled</th>
            </tr>
          </thead>
          <tbody>
            {NOTIFICATION_CHANNELS.map((channel) => (
              <tr key={channel}>
                <td>
                  <label htmlFor={`pref-${channel}`}>{NOTIFICATION_CHANNEL_LABELS[channel]}</label>
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
          {MSG.phoneNotVerifiedNote} Verify it under Communication Settings.
        </p>
      )}
      {warnings.sms && (
        <p className="field-error" role="alert">
          Please add a phone number above to enable SMS notifications.
        </p>
      )}
      {warnings.telegram && (
        <p className="field-error" role="alert">
          Please add a Telegram username above to enable Telegram notifications.
        </p>
      )}
      {warnings.email && !user.email && (
        <p className="field-error" role="alert">
          {MSG.emailNeedsAddress}
        </p>
      )}
    </Card>
  );
}
