// The event's "Add to calendar" menu: an .ics file (Apple Calendar, Outlook on the desktop, any
// calendar app), Google Calendar, or Outlook on the web. Inside Telegram, web pages open in the phone's browser.
import { CalendarPlus, ChevronDown } from 'lucide-react';
import type { EventDetail } from '../../../../../shared/types';
import { Button } from '../../../components/button/button';
import { Menu, MenuItem } from '../../../components/menu/menu';
import { toastError } from '../../../components/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { openExternalLink } from '../../../lib/telegram-mini-app';
import { downloadEventIcs, googleCalendarUrl, outlookCalendarUrl } from '../api/calendar-links';

function open(url: string) {
  if (!openExternalLink(url)) window.open(url, '_blank', 'noopener,noreferrer');
}

export function AddToCalendar({ event }: { event: EventDetail }) {
  const download = () =>
    downloadEventIcs(event).catch((error: unknown) => toastError('Could not download the event', errorMessage(error)));
  return (
    <Menu
      trigger={
        <Button variant="secondary" size="small" aria-label={`Add ${event.name} to calendar`}>
          <CalendarPlus size={16} aria-hidden="true" />
          Add to calendar <ChevronDown size={16} aria-hidden="true" />
        </Button>
      }
    >
      <MenuItem onSelect={download}>Download .ics (Apple, Outlook, others)</MenuItem>
      <MenuItem onSelect={() => open(googleCalendarUrl(event))}>Google Calendar</MenuItem>
      <MenuItem onSelect={() => open(outlookCalendarUrl(event))}>Outlook.com</MenuItem>
    </Menu>
  );
}
