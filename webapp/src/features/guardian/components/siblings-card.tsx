// On the family home of a guardian with two or more children: the events several of them may go to, each with a
// button that replies for them together (siblings-sheet.tsx). What a reply all-or-none came to stays beside the
// event, so a guardian sees that none was booked and the children wait together. First names only.
import { Users } from 'lucide-react';
import { useState } from 'react';
import type { SiblingsReplyResponse } from '../../../../../shared/siblings';
import type { GuardianChild } from '../../../../../shared/types';
import { Button } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { listNames } from '../../../components/answers-sheet/answers-sheet';
import { toast } from '../../../components/toast-store';
import { longDateTime } from '../../../lib/dates';
import { useT, type Translate } from '../../../i18n';
import { useSharedEvents, type SharedEvent } from '../api/siblings';
import { firstName } from './guardian-messages';
import { SiblingsSheet, type SiblingRow } from './siblings-sheet';
import { siblingsMessages as messages } from './siblings-messages';
import listStyles from './guardian.module.css';
import styles from './siblings.module.css';

/** What a siblings' reply came to, in words: all going, none booked (waiting together), or some of each. */
function outcome(t: Translate, result: SiblingsReplyResponse, chosen: SiblingRow[], event: string) {
  const nameOf = (id: number) => chosen.find((child) => child.id === id)?.name ?? '';
  const going = result.replies.filter((reply) => reply.status === 'attending').map((reply) => nameOf(reply.userId));
  const waiting = result.replies.filter((reply) => reply.status === 'waitlisted');
  if (waiting.length === 0)
    return { text: t(messages.allGoing, { names: listNames(going), count: going.length, event }) };
  if (result.together) {
    const position = Math.min(...waiting.map((reply) => reply.waitlistPosition ?? 1));
    const names = listNames(waiting.map((reply) => nameOf(reply.userId)));
    return { text: t(messages.noneBooked, { names, count: waiting.length, position }), kept: true };
  }
  const waitingNames = listNames(waiting.map((reply) => nameOf(reply.userId)));
  return { text: t(messages.mixed, { going: listNames(going), waiting: waitingNames }), kept: true };
}

export function SiblingsCard({ family }: { family: GuardianChild[] }) {
  const t = useT();
  const eligible = family.filter((child) => !child.awaitingVerification);
  const shared = useSharedEvents(eligible.length >= 2 ? eligible.map((child) => child.id) : []);
  // The event as it was when the sheet opened: a reply refreshes the lists while the sheet is still finishing.
  const [opened, setOpened] = useState<{ item: SharedEvent; siblings: SiblingRow[] } | null>(null);
  const [outcomes, setOutcomes] = useState<Record<number, string>>({});
  if (!shared) return null;

  const siblingsOf = (item: SharedEvent): SiblingRow[] =>
    item.children.map(({ id, event }) => ({
      id,
      name: firstName(eligible.find((child) => child.id === id)?.name ?? ''),
      status: event.myStatus,
    }));
  const now = Date.now();
  const rows = shared.filter(
    (item) =>
      outcomes[item.event.id] !== undefined ||
      ((item.event.rsvpClosesAt === null || Date.parse(item.event.rsvpClosesAt) > now) &&
        item.children.some(({ event }) => !['attending', 'waitlisted', 'awaiting_guardian'].includes(event.myStatus))),
  );
  if (rows.length === 0) return null;

  return (
    <Card title={t(messages.cardTitle)} labelledBy="siblings-title">
      <p className="muted">{t(messages.cardIntro)}</p>
      <ul className={listStyles.list}>
        {rows.map((item) => {
          const siblings = siblingsOf(item);
          const names = listNames(siblings.map((child) => child.name));
          return (
            <li key={item.event.id} className={listStyles.item}>
              <span className={listStyles.itemText}>
                <strong>{item.event.name}</strong>
                <span className="muted">
                  {longDateTime(item.event.date, item.event.timeZone ?? undefined)} · {names}
                </span>
              </span>
              <Button
                size="small"
                onClick={() => setOpened({ item, siblings })}
                aria-label={t(messages.replyForLabel, { names, event: item.event.name })}
              >
                <Users size={16} aria-hidden="true" />
                {t(messages.replyFor)}
              </Button>
              {outcomes[item.event.id] && (
                <p className={styles.outcome} role="status">
                  {outcomes[item.event.id]}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {opened && (
        <SiblingsSheet
          shared={opened.item}
          siblings={opened.siblings}
          onClose={() => setOpened(null)}
          onDone={(result, chosen) => {
            const eventId = opened.item.event.id;
            const said = outcome(t, result, chosen, opened.item.event.name);
            toast({ title: t(messages.replied), description: said.text });
            setOutcomes((current) => {
              const { [eventId]: _dropped, ...rest } = current;
              return said.kept ? { ...current, [eventId]: said.text } : rest;
            });
          }}
        />
      )}
    </Card>
  );
}
