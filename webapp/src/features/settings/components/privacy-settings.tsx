// Privacy: a member may hide their name from other members' attendee lists. Organisers still see
// it; other members see '1 more member'. Saves at once, like the notification preferences.
import { useOptimistic, useTransition } from 'react';
import type { CurrentUser } from '../../../../../shared/types';
import { Card } from '../../../components/card/card';
import { toast, toastError } from '../../../components/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateMe } from '../api/update-me';
import { defineMessages, msg, useT } from '../../../i18n';

const messages = defineMessages({
  saved: { id: 'web.settings.privacy.saved', defaultMessage: 'Privacy updated' },
  hidden: {
    id: 'web.settings.privacy.hidden',
    defaultMessage: 'Other members now see "{hiddenAttendee}" instead of your name.',
  },
  shown: {
    id: 'web.settings.privacy.shown',
    defaultMessage: 'Other members can see your name on attendee lists again.',
  },
  failed: { id: 'web.settings.privacy.failed', defaultMessage: 'Failed to update privacy' },
  title: { id: 'web.settings.privacy.title', defaultMessage: 'Privacy' },
  hide: { id: 'web.settings.privacy.hide', defaultMessage: "Hide my name from other members' attendee lists" },
  organisers: {
    id: 'web.settings.privacy.organisers',
    defaultMessage: 'Organisers of the events you reply to still see your name.',
  },
});

export function PrivacySettings({ user }: { user: CurrentUser }) {
  const update = useUpdateMe();
  // The switch shows the new choice from the click on, until the saved user comes back (or the save fails and
  // it returns to what is saved): a state the mutation reports a moment later would flick it back first.
  const [checked, choose] = useOptimistic(user.hideFromAttendees);
  const [saving, startSaving] = useTransition();
  const t = useT();
  const change = (hideFromAttendees: boolean) =>
    startSaving(async () => {
      choose(hideFromAttendees);
      try {
        await update.mutateAsync({ hideFromAttendees });
        toast({
          title: t(messages.saved),
          description: hideFromAttendees
            ? t(messages.hidden, { hiddenAttendee: t(msg('hiddenAttendee')) })
            : t(messages.shown),
        });
      } catch (error) {
        toastError(t(messages.failed), errorMessage(error));
      }
    });
  return (
    <Card title={t(messages.title)} labelledBy="privacy-title">
      <label className="checkbox-row">
        <input
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={saving}
          onChange={(event) => change(event.target.checked)}
        />
        <span>{t(messages.hide)}</span>
      </label>
      <p className="muted">{t(messages.organisers)}</p>
    </Card>
  );
}
