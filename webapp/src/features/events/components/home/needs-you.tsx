// "Needs you" on a leader's home: what waits for them, each a count that opens its list (members waiting for
// approval, open reports, parents' consents to confirm, permission slips waiting for a parent, events in the next
// 48 hours without enough cleared leaders). Nothing at all
// when nothing waits: the home is the member's before it is the leader's.
import { ChevronRight, Flag, ShieldCheck, Signature, UserPlus, Users, type LucideIcon } from 'lucide-react';
import { Link } from '../../../../lib/router';
import type { CurrentUser, LeaderNeeds } from '../../../../../../shared/types';
import { Card } from '../../../../components/card/card';
import { paths } from '../../../../config/paths';
import { defineMessages, useT, type MessageDescriptor } from '../../../../i18n';
import { useNeeds } from '../../../../lib/needs';
import styles from './needs-you.module.css';

const messages = defineMessages({
  title: { id: 'web.events.needs.title', defaultMessage: 'Needs you' },
  pendingMembers: {
    id: 'web.events.needs.pendingMembers',
    defaultMessage: '{count, plural, one {# member waiting for approval} other {# members waiting for approval}}',
  },
  openReports: {
    id: 'web.events.needs.openReports',
    defaultMessage: '{count, plural, one {# reported comment to review} other {# reported comments to review}}',
  },
  consents: {
    id: 'web.events.needs.consents',
    defaultMessage: "{count, plural, one {# parent's consent to confirm} other {# parents' consents to confirm}}",
  },
  slips: {
    id: 'web.events.needs.slips',
    defaultMessage:
      '{count, plural, one {# permission slip waiting for a parent} other {# permission slips waiting for a parent}}',
  },
  shortOfLeaders: {
    id: 'web.events.needs.shortOfLeaders',
    defaultMessage:
      '{count, plural, one {# event in the next 48 hours without enough leaders} other {# events in the next 48 hours without enough leaders}}',
  },
});

interface Need {
  key: string;
  count: number | null;
  text: MessageDescriptor;
  to: string;
  Icon: LucideIcon;
}

/** Where each count leads: the list it counts, filtered as the count is. */
const needsOf = (needs: LeaderNeeds): Need[] => [
  {
    key: 'pendingMembers',
    count: needs.pendingMembers,
    text: messages.pendingMembers,
    to: `${paths.adminSettings}?tab=members&show=pending`,
    Icon: UserPlus,
  },
  {
    key: 'openReports',
    count: needs.openReports,
    text: messages.openReports,
    to: `${paths.adminSettings}?tab=reports`,
    Icon: Flag,
  },
  {
    key: 'consents',
    count: needs.consentsAwaitingVerification,
    text: messages.consents,
    // The consents panel heads the Members tab.
    to: `${paths.adminSettings}?tab=members`,
    Icon: ShieldCheck,
  },
  {
    key: 'slips',
    count: needs.slipsWaiting,
    text: messages.slips,
    to: needs.slipsEventId === null ? paths.events : paths.event(needs.slipsEventId),
    Icon: Signature,
  },
  {
    key: 'shortOfLeaders',
    count: needs.shortOfLeaders,
    text: messages.shortOfLeaders,
    to: needs.shortOfLeadersEventId === null ? paths.events : paths.event(needs.shortOfLeadersEventId),
    Icon: Users,
  },
];

export function NeedsYou({ user }: { user: CurrentUser }) {
  const t = useT();
  const needs = useNeeds(user);
  if (!needs.data) return null;
  const waiting = needsOf(needs.data).filter((need) => (need.count ?? 0) > 0);
  if (waiting.length === 0) return null;
  return (
    <Card title={t(messages.title)} labelledBy="needs-you-title" className={styles.card}>
      <ul className={styles.list}>
        {waiting.map(({ key, count, text, to, Icon }) => (
          <li key={key}>
            <Link to={to} className={styles.row}>
              <span className={styles.icon} aria-hidden="true">
                <Icon size={18} />
              </span>
              <span className={styles.text}>{t(text, { count: count ?? 0 })}</span>
              <ChevronRight size={18} aria-hidden="true" className={styles.chevron} />
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
