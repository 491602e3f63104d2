// "My section" on a section leader's home: for each section they lead, its next meeting with who replied and
// who has not (a Nudge reminds the undecided, once a day), the warning while it lacks cleared leaders, and the
// register of today's meeting a tap away. Names only, never pictures: a child's full name is not shown beside a
// photo (the register gives leaders full names, as the minors' rule lets the section's leaders see them).
import { ClipboardCheck, Plus } from 'lucide-react';
import { Link } from '../../../../lib/router';
import type { CurrentUser, LedSection } from '../../../../../../shared/types';
import { buttonClass } from '../../../../components/button/button';
import { Card } from '../../../../components/card/card';
import { paths } from '../../../../config/paths';
import { defineMessages, useT } from '../../../../i18n';
import { longDateTime } from '../../../../lib/dates';
import { LeadersWarning } from '../manage/leaders-warning';
import { useSectionMeetings } from './my-section-api';
import { MeetingReplies } from './meeting-replies';
import styles from './my-section.module.css';

const messages = defineMessages({
  title: { id: 'web.mySection.title', defaultMessage: 'My section: {section}' },
  next: { id: 'web.mySection.next', defaultMessage: 'Next meeting' },
  none: { id: 'web.mySection.none', defaultMessage: 'No meeting planned yet.' },
  plan: { id: 'web.mySection.plan', defaultMessage: 'Plan a meeting' },
  takeRegister: { id: 'web.mySection.takeRegister', defaultMessage: 'Take the register' },
  todayMeeting: { id: 'web.mySection.todayMeeting', defaultMessage: 'Today: {name}' },
});

function SectionCard({ section }: { section: LedSection }) {
  const t = useT();
  const meetings = useSectionMeetings(section.id);
  const titleId = `my-section-${section.id}`;
  const title = (
    <>
      <span className={styles.dot} style={{ background: section.colour ?? undefined }} aria-hidden="true" />
      {t(messages.title, { section: section.name })}
    </>
  );
  if (!meetings.data) return null;
  const { next, today } = meetings.data;
  return (
    <Card title={title} labelledBy={titleId} className={styles.card}>
      {today && (
        <Link to={paths.register(today.id)} className={buttonClass({ block: true }, styles.register)}>
          <ClipboardCheck size={20} aria-hidden="true" />
          <span>
            {t(messages.takeRegister)}
            <span className={styles.registerEvent}>{t(messages.todayMeeting, { name: today.name })}</span>
          </span>
        </Link>
      )}
      {next ? (
        <div className={styles.next}>
          <h3 className={styles.label}>{t(messages.next)}</h3>
          <Link to={paths.event(next.id)} className={styles.event}>
            <strong>{next.name}</strong>
            <span>{longDateTime(next.date, next.timeZone)}</span>
          </Link>
          <LeadersWarning eventId={next.id} canManage />
          <MeetingReplies eventId={next.id} />
        </div>
      ) : (
        <p className="muted">{t(messages.none)}</p>
      )}
      <Link to={paths.createEvent} className={buttonClass({ variant: 'secondary', size: 'small' }, styles.plan)}>
        <Plus size={16} aria-hidden="true" />
        {t(messages.plan)}
      </Link>
    </Card>
  );
}

export function MySection({ user }: { user: CurrentUser }) {
  return (
    <>
      {user.leadsSections.map((section) => (
        <SectionCard key={section.id} section={section} />
      ))}
    </>
  );
}
