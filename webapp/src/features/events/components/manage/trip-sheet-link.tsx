// The trip sheet's link in the organiser's tools, shown only while the sheet is open to this viewer: the panel is
// the event's leaders' already, and the sheet closes CARE_VISIBLE_DAYS after the event ends (as the API does), so
// a link that would only answer 403 is never offered.
import { ClipboardList } from 'lucide-react';
import { Link } from '../../../../lib/router';
import { DEFAULT_EVENT_DURATION_MS } from '../../../../../../shared/calendar';
import { buttonClass } from '../../../../components/button/button';
import { paths } from '../../../../config/paths';
import { useCareRules } from '../../../../lib/care';
import { defineMessages, useT } from '../../../../i18n';

const messages = defineMessages({
  tripSheet: { id: 'web.events.organiser.tripSheet', defaultMessage: 'Trip sheet' },
});

const DAY_MS = 24 * 60 * 60 * 1000;

export function TripSheetLink({ eventId, eventDate }: { eventId: number; eventDate: string }) {
  const t = useT();
  const rules = useCareRules('me');
  if (!rules.data) return null;
  const until = Date.parse(eventDate) + DEFAULT_EVENT_DURATION_MS + rules.data.visibleDays * DAY_MS;
  if (Date.now() > until) return null;
  return (
    <Link className={buttonClass({ variant: 'secondary', size: 'small' })} to={paths.tripSheet(eventId)}>
      <ClipboardList size={16} aria-hidden="true" />
      {t(messages.tripSheet)}
    </Link>
  );
}
