// Privacy: a member may hide their name from other members' attendee lists. Organisers still see
// it; other members see '1 more member'. Saves at once, like the notification preferences.
import { useOptimistic, useTransition } from 'react';
import type { CurrentUser } from '../../../../../shared/types';
import { Card } from '../../../components/card/card';
import { toast, toastError } from '../../../components/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateMe } from '../api/update-me';

export function PrivacySettings({ user }: { user: CurrentUser }) {
  const update = useUpdateMe();
  // The switch shows the new choice from the click on, until the saved user comes back (or the save fails and
  // it returns to what is saved): a state the mutation reports a moment later would flick it back first.
  const [checked, choose] = useOptimistic(user.hideFromAttendees);
  const [saving, startSaving] = useTransition();
  const change = (hideFromAttendees: boolean) =>
    startSaving(async () => {
      choose(hideFromAttendees);
      try {
        await update.mutateAsync({ hideFromAttendees });
        toast({
          title: 'Privacy updated',
          description: hideFromAttendees
            ? 'Other members now see "1 more member" instead of your name.'
            : 'Other members can see your name on attendee lists again.',
        });
      } catch (error) {
        toastError('Failed to update privacy', errorMessage(error));
      }
    });
  return (
    <Card title="Privacy" labelledBy="privacy-title">
      <label className="checkbox-row">
        <input
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={saving}
          onChange={(event) => change(event.target.checked)}
        />
        <span>Hide my name from other members&apos; attendee lists</span>
      </label>
      <p className="muted">Organisers of the events you reply to still see your name.</p>
    </Card>
  );
}
