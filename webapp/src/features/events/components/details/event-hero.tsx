// The top of the event page: what a friend opening a shared link wants first, all within a phone's first
// screen — the name, when, where (a link to a map), who hosts it and the faces of those going.
import { CalendarDays, MapPin } from 'lucide-react';
import type { Attendee, EventDetail } from '../../../../../../shared/types';
import { Avatar } from '../../../../components/avatar/avatar';
import { ZoneNote } from '../../../../components/zone-note/zone-note';
import { defineMessages, useT } from '../../../../i18n';
import { detailDate, detailTime } from '../../../../lib/dates';
import { useAttendees } from '../../api/get-attendees';
import { useEventHost } from '../../api/get-host';
import { factsMessages } from './event-facts';
import styles from './event-details-page.module.css';
import { SectionTag } from '../common/section-tag';
import { SeriesHint } from '../common/series-hint';
import { memberName } from '../../../../lib/member-name';

const messages = defineMessages({
  when: { id: 'web.events.details.when', defaultMessage: '{date} · {time}' },
  mapHint: { id: 'web.events.details.mapHint', defaultMessage: '(opens a map in a new tab)' },
  hostedBy: { id: 'web.events.details.hostedBy', defaultMessage: 'Hosted by {name}' },
  going: {
    id: 'web.events.details.going',
    defaultMessage: '{count, plural, =0 {Nobody is going yet} one {# going} other {# going}}',
  },
  goingFaces: { id: 'web.events.details.goingFaces', defaultMessage: 'Some of those going' },
  more: {
    id: 'web.events.details.moreGoing',
    defaultMessage: '+{count, number}',
  },
  moreLabel: {
    id: 'web.events.details.moreGoingLabel',
    defaultMessage: '{count, plural, one {and # more} other {and # more}}',
  },
});

/** Faces shown before "+N": enough to say "people like you go", few enough for one line on a phone. */
const FACES = 5;

/** A map search for the place: any address or venue name a member types finds something there. */
export const mapSearchUrl = (place: string) =>
  `https://www.openstreetmap.org/search?query=${encodeURIComponent(place)}`;

/**
 * Who to show: members going who are named (one who hid their name only counts in "+N"), those with a
 * picture first. The list comes from the attendees answer, so a minor is already "Maria S." without a
 * picture for anyone not entitled to more (the server's rule).
 */
export function goingFaces(list: readonly Attendee[]): Attendee[] {
  const going = list.filter((attendee) => attendee.status === 'attending' && attendee.id !== null);
  return [...going.filter((a) => a.avatarUrl), ...going.filter((a) => !a.avatarUrl)].slice(0, FACES);
}

function Host({ eventId }: { eventId: number }) {
  const t = useT();
  const host = useEventHost(eventId);
  // The line keeps its height while it loads, so nothing below it moves when it arrives.
  return (
    <p className={styles.host} data-testid="event-host">
      {host.data && (
        <>
          <Avatar name={memberName(host.data.name)} url={host.data.avatarUrl} size={28} />
          <span>{t(messages.hostedBy, { name: memberName(host.data.name) })}</span>
        </>
      )}
    </p>
  );
}

function Going({ event }: { event: EventDetail }) {
  const t = useT();
  const attendees = useAttendees(event.id);
  const faces = goingFaces(attendees.data ?? []);
  // Guests count among those going too: "+N" is everyone going whose face is not shown.
  const more = Math.max(0, event.attendingCount - faces.length);
  return (
    <div className={styles.going} data-testid="going-faces">
      {faces.length > 0 && (
        <ul className={styles.faces} aria-label={t(messages.goingFaces)}>
          {faces.map((person) => (
            <li key={person.id}>
              <Avatar name={person.name} url={person.avatarUrl} size={32} />
              <span className="visually-hidden">{person.name}</span>
            </li>
          ))}
          {more > 0 && (
            <li className={styles.more}>
              <span aria-hidden="true">{t(messages.more, { count: more })}</span>
              <span className="visually-hidden">{t(messages.moreLabel, { count: more })}</span>
            </li>
          )}
        </ul>
      )}
      <span className={styles.goingCount}>{t(messages.going, { count: event.attendingCount })}</span>
    </div>
  );
}

export function EventHero({ event, className = '' }: { event: EventDetail; className?: string }) {
  const t = useT();
  const place = event.location.trim();
  return (
    <header className={`${styles.hero} ${className}`}>
      <h1>{event.name}</h1>
      <p className={styles.fact}>
        <CalendarDays size={18} aria-hidden="true" />
        <span>
          <time dateTime={event.date}>
            {t(messages.when, {
              date: detailDate(event.date, event.timeZone),
              time: detailTime(event.date, event.timeZone),
            })}
          </time>
          <ZoneNote date={event.date} timeZone={event.timeZone} />
        </span>
      </p>
      <p className={styles.fact}>
        <MapPin size={18} aria-hidden="true" />
        {place ? (
          <a href={mapSearchUrl(place)} target="_blank" rel="noopener noreferrer" data-testid="event-map-link">
            {place}
            <span className="visually-hidden"> {t(messages.mapHint)}</span>
          </a>
        ) : (
          <span className="muted">{t(factsMessages.noLocation)}</span>
        )}
      </p>
      <Host eventId={event.id} />
      <Going event={event} />
      <SeriesHint repeats={event.repeats} />
      <SectionTag sectionId={event.sectionId} />
    </header>
  );
}
