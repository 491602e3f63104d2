// The event's "Add to calendar" menu: an .ics file (Apple Calendar, Outlook on the desktop, any
// calendar app), Google Calendar, or Outlook on the web. Inside Telegram, web pages open in the phone's browser.
import { CalendarPlus, ChevronDown } from 'lucide-react';
import type { EventDetail } from '../../../../../../shared/types';
import { Button } from '../../../../components/button/button';
import { Menu, MenuItem } from '../../../../components/menu/menu';
import { toastError } from '../../../../components/toast-store';
import { defineMessages, translate, useT } from '../../../../i18n';
import { errorMessage } from '../../../../lib/api-client';
import { openExternalLink } from '../../../../lib/telegram-actions';
import { downloadEventIcs, googleCalendarUrl, outlookCalendarUrl } from '../../api/calendar-links';

const messages = defineMessages({
  failed: { id: 'web.events.calendar.failed', defaultMessage: 'Could not download the event' },
  addName: { id: 'web.events.calendar.addName', defaultMessage: 'Add {name} to calendar' },
  add: { id: 'web.events.calendar.add', defaultMessage: 'Add to calendar' },
  ics: { id: 'web.events.calendar.ics', defaultMessage: 'Download .ics (Apple, Outlook, others)' },
  google: { id: 'web.events.calendar.google', defaultMessage: 'Google Calendar' },
  outlook: { id: 'web.events.calendar.outlook', defaultMessage: 'Outlook.com' },
});

function open(url: string) {
  if (!openExternalLink(url)) window.open(url, '_blank', 'noopener,noreferrer');
}

export function AddToCalendar({ event }: { event: EventDetail }) {
  const t = useT();
  const download = () =>
    downloadEventIcs(event).catch((error: unknown) => toastError(translate(messages.failed), errorMessage(error)));
  return (
    <Menu
      trigger={
        <Button variant="secondary" size="small" aria-label={t(messages.addName, { name: event.name })}>
          <CalendarPlus size={16} aria-hidden="true" />
          {t(messages.add)} <ChevronDown size={16} aria-hidden="true" />
        </Button>
      }
    >
      <MenuItem onSelect={download}>{t(messages.ics)}</MenuItem>
      <MenuItem onSelect={() => open(googleCalendarUrl(event))}>{t(messages.google)}</MenuItem>
      <MenuItem onSelect={() => open(outlookCalendarUrl(event))}>{t(messages.outlook)}</MenuItem>
    </Menu>
  );
}
