// The facts table of the details page (SPEC §2): Date, Time, Location, the texts members read and the attending
// count; capacity when the event has one, who can come, and maybes when there are some.
import type { ReactNode } from 'react';
import { memberTextsShown } from '../../../../../../shared/event-texts';
import type { EventDetail } from '../../../../../../shared/types';
import { Card } from '../../../../components/card/card';
import { ZoneNote } from '../../../../components/zone-note/zone-note';
import { defineMessages, useT } from '../../../../i18n';
import { detailDate, detailTime } from '../../../../lib/dates';
import { EVENT_TEXT_WORDS } from '../common/event-text-words';
import { peopleCount, spotsText } from '../rsvp/rsvp-text';

export const factsMessages = defineMessages({
  title: { id: 'web.events.details.factsTitle', defaultMessage: 'Details' },
  date: { id: 'web.events.details.date', defaultMessage: 'Date' },
  time: { id: 'web.events.details.time', defaultMessage: 'Time' },
  location: { id: 'web.events.details.location', defaultMessage: 'Location' },
  noLocation: { id: 'web.events.details.noPlace', defaultMessage: 'Location not specified' },
  attending: { id: 'web.events.details.attending', defaultMessage: 'Attending' },
  visibility: { id: 'web.events.details.visibility', defaultMessage: 'Who can come' },
  publicEvent: { id: 'web.events.details.publicEvent', defaultMessage: 'Public event' },
  privateEvent: { id: 'web.events.details.privateEvent', defaultMessage: 'Private event (invitation only)' },
  capacity: { id: 'web.events.details.capacity', defaultMessage: 'Capacity' },
  capacityValue: { id: 'web.events.details.capacityValue', defaultMessage: '{people} · {spots}' },
  maybe: { id: 'web.events.details.maybeRow', defaultMessage: 'Maybe' },
  guardians: { id: 'web.events.details.guardians', defaultMessage: 'Guardians' },
  guardiansRule: {
    id: 'web.events.details.guardiansRule',
    defaultMessage: 'Members under the age of consent need a parent or guardian to approve before they attend.',
  },
});

export function EventFacts({ event, className = '' }: { event: EventDetail; className?: string }) {
  const t = useT();
  const rows: [string, string, ReactNode][] = [
    ['date', t(factsMessages.date), detailDate(event.date, event.timeZone)],
    // The event's local time with its zone, and the viewer's own time when their clocks differ.
    [
      'time',
      t(factsMessages.time),
      <>
        {detailTime(event.date, event.timeZone)}
        <ZoneNote date={event.date} timeZone={event.timeZone} />
      </>,
    ],
    ['location', t(factsMessages.location), event.location || t(factsMessages.noLocation)],
    // The texts members read (shared/event-texts.ts), each under its heading.
    ...memberTextsShown(event).map(({ key, text }): [string, string, ReactNode] => [
      key,
      t(EVENT_TEXT_WORDS[key].heading),
      text,
    ]),
    ['attending', t(factsMessages.attending), peopleCount(event.attendingCount)],
  ];
  const spots = spotsText(event);
  if (spots) {
    rows.push([
      'capacity',
      t(factsMessages.capacity),
      t(factsMessages.capacityValue, { people: peopleCount(event.capacity ?? 0), spots }),
    ]);
  }
  // Whether anyone may come: the cover's badge says 'Private' at a glance, this row says what it means.
  rows.push([
    'visibility',
    t(factsMessages.visibility),
    t(event.isPublic ? factsMessages.publicEvent : factsMessages.privateEvent),
  ]);
  if (event.maybeCount > 0) rows.push(['maybe', t(factsMessages.maybe), peopleCount(event.maybeCount)]);
  // The web app does not know the organisation's consent age, so the line names the rule rather than a number.
  if (event.requiresGuardianApproval)
    rows.push(['guardians', t(factsMessages.guardians), t(factsMessages.guardiansRule)]);
  return (
    <Card title={t(factsMessages.title)} className={className} labelledBy="facts-title">
      <table className="stacked-table">
        <tbody>
          {rows.map(([key, label, value]) => (
            <tr key={key}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
