// /events/{id}/trip-sheet: what an event's leaders take on the trip — every member attending, waiting for a
// guardian or waitlisted, with their care card and who to call — to read on a phone, download as CSV, or print
// on A4 (one whole block per member, without the app around it) for a campsite without signal.
import { ArrowLeft, Download, Printer } from 'lucide-react';
import { Link, useParams } from '../../../lib/router';
import { Button, buttonClass } from '../../../components/button/button';
import { StateCard } from '../../../components/card/card';
import { commonMessages } from '../../../components/common-messages';
import { Skeleton } from '../../../components/skeleton/skeleton';
import { toastError } from '../../../components/toast-store';
import { paths } from '../../../config/paths';
import { defineMessages, translate, useT } from '../../../i18n';
import { errorMessage, ApiError } from '../../../lib/api-client';
import { longDateTime } from '../../../lib/dates';
import { isMiniApp } from '../../../lib/telegram-mini-app';
import { downloadTripSheetCsv, tripSheetCsvUrl, useTripSheet } from '../api/trip-sheet';
import { TripSheetBlock } from './trip-sheet-block';
import styles from './trip-sheet.module.css';

const messages = defineMessages({
  title: { id: 'web.care.trip.title', defaultMessage: 'Trip sheet' },
  back: { id: 'web.care.trip.back', defaultMessage: 'Back to the event' },
  print: { id: 'web.care.trip.print', defaultMessage: 'Print' },
  download: { id: 'web.care.trip.download', defaultMessage: 'Download CSV' },
  downloadFailed: { id: 'web.care.trip.downloadFailed', defaultMessage: 'Download failed' },
  count: {
    id: 'web.care.trip.count',
    defaultMessage:
      '{total, plural, one {# member} other {# members}}: {attending, number} attending, {awaiting, number} waiting for a guardian, {waitlisted, number} waitlisted',
  },
  window: {
    id: 'web.care.trip.window',
    defaultMessage:
      'Care details are shown to the event’s leaders until {until}. Every opening of this sheet is recorded.',
  },
  printedAt: { id: 'web.care.trip.printedAt', defaultMessage: 'As of {time}' },
  empty: { id: 'web.care.trip.empty', defaultMessage: 'No one on the sheet yet: it lists members once they reply.' },
  refused: { id: 'web.care.trip.refused', defaultMessage: 'The trip sheet is not open to you' },
});

export function TripSheetPage() {
  const t = useT();
  const id = Number(useParams().id);
  const sheet = useTripSheet(id);
  const back = (
    <Link to={paths.event(id)} className="back-link">
      <ArrowLeft size={18} aria-hidden="true" />
      {t(messages.back)}
    </Link>
  );
  if (sheet.isPending) return <Skeleton label={t(commonMessages.loading)} />;
  if (sheet.isError) {
    const refused = sheet.error instanceof ApiError && [403, 404].includes(sheet.error.status);
    return (
      <StateCard title={t(refused ? messages.refused : commonMessages.somethingWentWrong)} role="alert">
        <p>{sheet.error instanceof ApiError ? (sheet.error.serverMessage ?? errorMessage(sheet.error)) : ''}</p>
        {back}
      </StateCard>
    );
  }
  const { event, attendees } = sheet.data;
  const count = (status: string) => attendees.filter((attendee) => attendee.status === status).length;
  return (
    <div className={styles.sheet}>
      <div className={styles.toolbar}>
        {back}
        <div className="button-group">
          {!isMiniApp() && (
            <Button variant="secondary" size="small" onClick={() => window.print()}>
              <Printer size={16} aria-hidden="true" />
              {t(messages.print)}
            </Button>
          )}
          <a
            className={buttonClass({ variant: 'secondary', size: 'small' })}
            href={tripSheetCsvUrl(id)}
            download
            onClick={(click) => {
              if (!isMiniApp()) return;
              click.preventDefault();
              downloadTripSheetCsv(id).catch((error: unknown) =>
                toastError(translate(messages.downloadFailed), errorMessage(error)),
              );
            }}
          >
            <Download size={16} aria-hidden="true" />
            {t(messages.download)}
          </a>
        </div>
      </div>
      <header className={styles.head}>
        <h1>
          {t(messages.title)}: {event.name}
        </h1>
        <p>
          {longDateTime(event.date, event.timeZone)} · {event.location}
        </p>
        <p className="muted">
          {t(messages.count, {
            total: attendees.length,
            attending: count('attending'),
            awaiting: count('awaiting_guardian'),
            waitlisted: count('waitlisted'),
          })}
        </p>
        <p className="muted">{t(messages.window, { until: longDateTime(event.careVisibleUntil, event.timeZone) })}</p>
        <p className={styles.printOnly}>{t(messages.printedAt, { time: longDateTime(new Date().toISOString()) })}</p>
      </header>
      {attendees.length === 0 ? (
        <p className="muted">{t(messages.empty)}</p>
      ) : (
        attendees.map((attendee) => <TripSheetBlock key={attendee.user.id} attendee={attendee} />)
      )}
    </div>
  );
}
