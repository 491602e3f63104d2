// The collapsible attendees table (SPEC §2: Name, Status; on an event with a fee, Payment). Its heading counts
// replies by status, so it never reads 'Attendees (1)' beside 'Attending: 0 people' when the one reply is 'not
// attending'.
import * as Collapsible from '@radix-ui/react-collapsible';
import { ChevronDown } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { Attendee } from '../../../../../../shared/types';
import { Avatar } from '../../../../components/avatar/avatar';
import { Badge } from '../../../../components/badge/badge';
import { buttonClass } from '../../../../components/button/button';
import { Card } from '../../../../components/card/card';
import { defineMessages, translate, useT } from '../../../../i18n';
import { useAttendees } from '../../api/get-attendees';
import { StatusLabel } from '../rsvp/rsvp';
import { paymentMessages, paymentStatusTone, paymentStatusWords } from './payment-messages';

const messages = defineMessages({
  title: { id: 'web.events.details.attendeesTitle', defaultMessage: 'Attendees' },
  show: { id: 'web.events.details.showAttendees', defaultMessage: 'Show attendees' },
  hide: { id: 'web.events.details.hideAttendees', defaultMessage: 'Hide attendees' },
  loading: { id: 'web.events.details.loadingAttendees', defaultMessage: 'Loading attendees...' },
  noReplies: { id: 'web.events.details.noReplies', defaultMessage: 'No replies yet' },
  name: { id: 'web.events.details.nameColumn', defaultMessage: 'Name' },
  status: { id: 'web.events.details.statusColumn', defaultMessage: 'Status' },
  anonymous: { id: 'web.events.details.anonymous', defaultMessage: 'Anonymous' },
});

/** The summary's parts, in its order: how many replied each way. */
const summaryMessages = defineMessages({
  attending: {
    id: 'web.events.details.summaryAttending',
    defaultMessage: '{count, plural, one {# attending} other {# attending}}',
  },
  not_attending: {
    id: 'web.events.details.summaryNotAttending',
    defaultMessage: '{count, plural, one {# not attending} other {# not attending}}',
  },
  maybe: { id: 'web.events.details.summaryMaybe', defaultMessage: '{count, plural, one {# maybe} other {# maybe}}' },
  waitlisted: {
    id: 'web.events.details.summaryWaitlisted',
    defaultMessage: '{count, plural, one {# waitlisted} other {# waitlisted}}',
  },
  awaiting_guardian: {
    id: 'web.events.details.summaryAwaitingGuardian',
    defaultMessage: '{count, plural, one {# waiting for a guardian} other {# waiting for a guardian}}',
  },
  not_responded: {
    id: 'web.events.details.summaryNotResponded',
    defaultMessage: '{count, plural, one {# not responded} other {# not responded}}',
  },
});

/** '2 attending · 1 not attending', in a fixed order; 'No replies yet' when nobody answered. */
export function replySummary(list: readonly Pick<Attendee, 'status'>[]): string {
  const counts = new Map<string, number>();
  for (const { status } of list) counts.set(status, (counts.get(status) ?? 0) + 1);
  const parts = Object.entries(summaryMessages)
    .filter(([status]) => counts.has(status))
    .map(([status, message]) => translate(message, { count: counts.get(status) ?? 0 }));
  return parts.join(' · ') || translate(messages.noReplies);
}

/** The name cell of an attendee table: picture (or initials) and name. */
export function AttendeeName({ attendee }: { attendee: Pick<Attendee, 'name' | 'avatarUrl'> }) {
  const t = useT();
  return (
    <span className="person">
      <Avatar name={attendee.name} url={attendee.avatarUrl} size={28} />
      {attendee.name || t(messages.anonymous)}
    </span>
  );
}

export interface AttendeeColumn {
  header: string;
  cell: (attendee: Attendee) => ReactNode;
  /** On the column's header and cells (e.g. one a phone shows elsewhere). */
  className?: string;
}

/**
 * A table of attendees: the name (with picture) first, then the given columns. `aboutName` adds a line under
 * the name (the organiser's view of a minor).
 */
export function AttendeeTable({
  list,
  columns,
  caption,
  className,
  aboutName,
}: {
  list: readonly Attendee[];
  columns: AttendeeColumn[];
  caption?: ReactNode;
  className?: string;
  aboutName?: (attendee: Attendee) => ReactNode;
}) {
  const t = useT();
  return (
    <div className="table-wrap">
      <table className={className}>
        {caption && <caption>{caption}</caption>}
        <thead>
          <tr>
            <th scope="col">{t(messages.name)}</th>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.className}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {list.map((attendee, index) => (
            <tr key={attendee.id ?? `hidden-${index}`}>
              <td>
                <AttendeeName attendee={attendee} />
                {aboutName?.(attendee)}
              </td>
              {columns.map((column) => (
                <td key={column.header} className={column.className}>
                  {column.cell(attendee)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function Attendees({ eventId, className = '' }: { eventId: number; className?: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const attendees = useAttendees(eventId);
  const list = attendees.data ?? [];
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} className={className}>
      <Card
        title={t(messages.title)}
        labelledBy="attendees-title"
        actions={
          <Collapsible.Trigger className={buttonClass({ variant: 'secondary', size: 'small' })}>
            {t(open ? messages.hide : messages.show)}
            <ChevronDown size={16} aria-hidden="true" style={{ rotate: open ? '180deg' : undefined }} />
          </Collapsible.Trigger>
        }
      >
        <p className="muted">{attendees.isPending ? t(messages.loading) : replySummary(list)}</p>
        <Collapsible.Content>
          {list.length > 0 && (
            <AttendeeTable
              list={list}
              columns={[
                { header: t(messages.status), cell: (attendee) => <StatusLabel status={attendee.status} /> },
                // On an event with a fee: as the server tells it (a waiver reads "paid" to all but organisers).
                ...(list.some((attendee) => attendee.payment)
                  ? [
                      {
                        header: t(paymentMessages.column),
                        cell: ({ payment }: Attendee) =>
                          payment && <Badge tone={paymentStatusTone[payment]}>{t(paymentStatusWords[payment])}</Badge>,
                      },
                    ]
                  : []),
              ]}
            />
          )}
        </Collapsible.Content>
      </Card>
    </Collapsible.Root>
  );
}
