// Settings → Calendar feed: the secret URL to subscribe to in a calendar app (webcal:// opens one
// directly), copy, a new URL when the old one leaked (with a confirmation: every subscribed calendar stops
// updating), and the choice between the events the member replies to and every event they may see.
import { Copy, RefreshCw } from 'lucide-react';
import { useOptimistic, useState, useTransition } from 'react';
import { Button, buttonClass } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Field } from '../../../components/field/field';
import { toast, toastError } from '../../../components/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { useCalendarFeed, useRegenerateCalendarFeed, useSetCalendarFeedEvents } from '../api/calendar-feed';
import styles from './calendar-feed-settings.module.css';

export function CalendarFeedSettings() {
  const feed = useCalendarFeed();
  const regenerate = useRegenerateCalendarFeed();
  const setEvents = useSetCalendarFeedEvents();
  const [confirming, setConfirming] = useState(false);

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Feed URL copied', description: 'Paste it into your calendar app as a subscription.' });
    } catch {
      toastError('Could not copy', 'Select the URL and copy it by hand.');
    }
  };
  const renew = () =>
    regenerate.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: 'New feed URL', description: 'The old URL no longer works. Subscribe again with this one.' });
      },
      onError: (error) => {
        setConfirming(false);
        toastError('Could not make a new URL', errorMessage(error));
      },
    });
  // The switch shows the choice from the click on, until the saved feed comes back (see privacy-settings.tsx).
  const [allEvents, chooseAll] = useOptimistic(feed.data?.allEvents ?? false);
  const [savingAll, startSavingAll] = useTransition();
  const changeAll = (all: boolean) =>
    startSavingAll(async () => {
      chooseAll(all);
      try {
        await setEvents.mutateAsync(all);
      } catch (error) {
        toastError('Failed to update the feed', errorMessage(error));
      }
    });

  return (
    <Card title="Calendar feed" labelledBy="calendar-feed-title">
      <p className="muted">
        Subscribe in Google Calendar, Apple Calendar or Outlook and the events you attend appear there and stay up to
        date. Keep this URL to yourself: anyone who has it can read the feed.
      </p>
      {feed.isPending && <p role="status">Loading...</p>}
      {feed.isError && <p role="alert">{errorMessage(feed.error)}</p>}
      {feed.data && (
        <>
          <Field label="Feed URL" id="calendar-feed-url">
            <input type="text" readOnly value={feed.data.url} onFocus={(event) => event.currentTarget.select()} />
          </Field>
          <div className={`button-group ${styles.actions}`}>
            <Button variant="secondary" size="small" onClick={() => void copy(feed.data.url)}>
              <Copy size={16} aria-hidden="true" />
              Copy URL
            </Button>
            <a className={buttonClass({ variant: 'secondary', size: 'small' })} href={feed.data.webcalUrl}>
              Open in calendar app
            </a>
            <Button variant="secondary" size="small" onClick={() => setConfirming(true)}>
              <RefreshCw size={16} aria-hidden="true" />
              Regenerate URL
            </Button>
          </div>
          <label className="checkbox-row">
            <input
              type="checkbox"
              role="switch"
              checked={allEvents}
              disabled={savingAll}
              onChange={(event) => changeAll(event.target.checked)}
            />
            <span>Include every event I may see, not only those I attend</span>
          </label>
          <p className="muted">
            Events you attend are confirmed; maybe and waitlist replies are tentative. Deleted events and those you
            leave show as cancelled for 30 days, so your calendar removes them.
          </p>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Regenerate feed URL?"
        description="The current URL stops working at once: calendars subscribed to it no longer update until you subscribe again with the new URL."
        confirmLabel="Regenerate"
        busyLabel="Regenerating..."
        busy={regenerate.isPending}
        onConfirm={renew}
      />
    </Card>
  );
}
