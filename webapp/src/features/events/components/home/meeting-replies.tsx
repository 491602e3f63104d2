// Who replied to a section's next meeting and who has not, from its register (the section's members and leaders,
// and anyone else who replied), with Nudge for the undecided: one reminder each, at most once a day; a second
// press the same day says so calmly instead of failing.
import { BellRing } from 'lucide-react';
import { useState } from 'react';
import type { RegisterLine } from '../../../../../../shared/types/registers';
import { Button } from '../../../../components/button/button';
import { toast, toastError } from '../../../../components/toast-store';
import { defineMessages, translate, useT, type MessageDescriptor } from '../../../../i18n';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { useCurrentUser } from '../../../../lib/auth';
import { useNudge, useRegister } from '../../api/register';
import styles from './my-section.module.css';

const messages = defineMessages({
  replies: { id: 'web.mySection.replies', defaultMessage: 'Replies' },
  coming: { id: 'web.mySection.coming', defaultMessage: 'Coming ({count, number})' },
  maybe: { id: 'web.mySection.maybe', defaultMessage: 'Maybe ({count, number})' },
  notComing: { id: 'web.mySection.notComing', defaultMessage: 'Not coming ({count, number})' },
  undecided: { id: 'web.mySection.undecided', defaultMessage: 'No reply yet ({count, number})' },
  everyone: { id: 'web.mySection.everyone', defaultMessage: 'Everyone has replied.' },
  nudge: { id: 'web.mySection.nudge', defaultMessage: 'Nudge' },
  nudgeHint: { id: 'web.mySection.nudgeHint', defaultMessage: 'Remind everyone who has not replied' },
  nudged: {
    id: 'web.mySection.nudged',
    defaultMessage: '{count, plural, =0 {Nobody needed a reminder} one {Reminded # member} other {Reminded # members}}',
  },
  already: { id: 'web.mySection.already', defaultMessage: 'Already nudged today' },
  nudgeFailed: { id: 'web.mySection.nudgeFailed', defaultMessage: 'The reminders were not sent' },
});

type Group = { key: string; label: MessageDescriptor; lines: RegisterLine[] };

export function MeetingReplies({ eventId }: { eventId: number }) {
  const t = useT();
  const { data: user } = useCurrentUser();
  const register = useRegister(eventId);
  const nudge = useNudge(eventId);
  const [already, setAlready] = useState(false);
  if (!register.data) return null;
  // The leader looking needs no reminder from themself.
  const people = register.data.lines.filter((line) => line.user.id !== user?.id);
  const replied = (reply: string) => people.filter((line) => line.reply === reply);
  const undecided = people.filter((line) => line.reply === null && line.role !== null);
  const groups: Group[] = [
    { key: 'coming', label: messages.coming, lines: replied('attending') },
    { key: 'maybe', label: messages.maybe, lines: replied('maybe') },
    { key: 'notComing', label: messages.notComing, lines: replied('not_attending') },
    { key: 'undecided', label: messages.undecided, lines: undecided },
  ];
  const send = () =>
    nudge.mutate(undefined, {
      onSuccess: ({ count }) => toast({ title: translate(messages.nudged, { count }) }),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 429) setAlready(true);
        else toastError(translate(messages.nudgeFailed), errorMessage(error));
      },
    });
  return (
    <section aria-label={t(messages.replies)} className={styles.replies}>
      <dl className={styles.groups}>
        {groups
          .filter((group) => group.lines.length > 0)
          .map((group) => (
            <div key={group.key} className={styles.group} data-group={group.key}>
              <dt>{t(group.label, { count: group.lines.length })}</dt>
              <dd>
                <ul className={styles.names}>
                  {group.lines.map((line) => (
                    <li key={line.user.id}>{line.user.name}</li>
                  ))}
                </ul>
              </dd>
            </div>
          ))}
      </dl>
      {undecided.length === 0 ? (
        <p className="muted">{t(messages.everyone)}</p>
      ) : already ? (
        <p className={styles.already} role="status">
          {t(messages.already)}
        </p>
      ) : (
        <Button
          variant="secondary"
          onClick={send}
          disabled={nudge.isPending}
          aria-describedby={`nudge-hint-${eventId}`}
        >
          <BellRing size={18} aria-hidden="true" />
          {t(messages.nudge)}
          <span id={`nudge-hint-${eventId}`} className="visually-hidden">
            {t(messages.nudgeHint)}
          </span>
        </Button>
      )}
    </section>
  );
}
