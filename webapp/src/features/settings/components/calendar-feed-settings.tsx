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
import { defineMessages, useT } from '../../../i18n';
import { commonMessages } from '../../../components/common-messages';
import styles from './calendar-feed-settings.module.css';

const messages = defineMessages({
  copied: { id: 'web.settings.calendar.copied', defaultMessage: 'Feed URL copied' },
  copiedText: {
    id: 'web.settings.calendar.copiedText',
    defaultMessage: 'Paste it into your calendar app as a subscription.',
  },
  copyFailed: { id: 'web.settings.calendar.copyFailed', defaultMessage: 'Could not copy' },
  copyFailedText: { id: 'web.settings.calendar.copyFailedText', defaultMessage: 'Select the URL and copy it by hand.' },
  renewed: { id: 'web.settings.calendar.renewed', defaultMessage: 'New feed URL' },
  renewedText: {
    id: 'web.settings.calendar.renewedText',
    defaultMessage: 'The old URL no longer works. Subscribe again with this one.',
  },
  renewFailed: { id: 'web.settings.calendar.renewFailed', defaultMessage: 'Could not make a new URL' },
  updateFailed: { id: 'web.settings.calendar.updateFailed', defaultMessage: 'Failed to update the feed' },
  title: { id: 'web.settings.calendar.title', defaultMessage: 'Calendar feed' },
  intro: {
    id: 'web.settings.calendar.intro',
    defaultMessage:
      'Subscribe in Google Calendar, Apple Calendar or Outlook and the events you attend appear there and stay up to date. Keep this URL to yourself: anyone who has it can read the feed.',
  },
  url: { id: 'web.settings.calendar.url', defaultMessage: 'Feed URL' },
  copy: { id: 'web.settings.calendar.copy', defaultMessage: 'Copy URL' },
  open: { id: 'web.settings.calendar.open', defaultMessage: 'Open in calendar app' },
  regenerate: { id: 'web.settings.calendar.regenerate', defaultMessage: 'Regenerate URL' },
  allEvents: {
    id: 'web.settings.calendar.allEvents',
    defaultMessage: 'Include every event I may see, not only those I attend',
  },
  statuses: {
    id: 'web.settings.calendar.statuses',
    defaultMessage:
      'Events you attend are confirmed; maybe and waitlist replies are tentative. Deleted events and those you leave show as cancelled for 30 days, so your calendar removes them.',
  },
  confirmTitle: { id: 'web.settings.calendar.confirmTitle', defaultMessage: 'Regenerate feed URL?' },
  confirmText: {
    id: 'web.settings.calendar.confirmText',
    defaultMessage:
      'The current URL stops working at once: calendars subscribed to it no longer update until you subscribe again with the new URL.',
  },
  confirm: { id: 'web.settings.calendar.confirm', defaultMessage: 'Regenerate' },
  regenerating: { id: 'web.settings.calendar.regenerating', defaultMessage: 'Regenerating...' },
});

export function CalendarFeedSettings() {
  const feed = useCalendarFeed();
  const regenerate = useRegenerateCalendarFeed();
  const setEvents = useSetCalendarFeedEvents();
  const [confirming, setConfirming] = useState(false);
  const t = useT();

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: t(messages.copied), description: t(messages.copiedText) });
    } catch {
      toastError(t(messages.copyFailed), t(messages.copyFailedText));
    }
  };
  const renew = () =>
    regenerate.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: t(messages.renewed), description: t(messages.renewedText) });
      },
      onError: (error) => {
        setConfirming(false);
        toastError(t(messages.renewFailed), errorMessage(error));
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
        toastError(t(messages.updateFailed), errorMessage(error));
      }
    });

  return (
    <Card title={t(messages.title)} labelledBy="calendar-feed-title">
      <p className="muted">{t(messages.intro)}</p>
      {feed.isPending && <p role="status">{t(commonMessages.loading)}</p>}
      {feed.isError && <p role="alert">{errorMessage(feed.error)}</p>}
      {feed.data && (
        <>
          <Field label={t(messages.url)} id="calendar-feed-url">
            <input type="text" readOnly value={feed.data.url} onFocus={(event) => event.currentTarget.select()} />
          </Field>
          <div className={`button-group ${styles.actions}`}>
            <Button variant="secondary" size="small" onClick={() => void copy(feed.data.url)}>
              <Copy size={16} aria-hidden="true" />
              {t(messages.copy)}
            </Button>
            <a className={buttonClass({ variant: 'secondary', size: 'small' })} href={feed.data.webcalUrl}>
              {t(messages.open)}
            </a>
            <Button variant="secondary" size="small" onClick={() => setConfirming(true)}>
              <RefreshCw size={16} aria-hidden="true" />
              {t(messages.regenerate)}
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
            <span>{t(messages.allEvents)}</span>
          </label>
          <p className="muted">{t(messages.statuses)}</p>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t(messages.confirmTitle)}
        description={t(messages.confirmText)}
        confirmLabel={t(messages.confirm)}
        busyLabel={t(messages.regenerating)}
        busy={regenerate.isPending}
        onConfirm={renew}
      />
    </Card>
  );
}
