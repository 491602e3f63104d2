// The managers' warning on an event page while it has too few cleared leaders for its attending minors
// ("Two cleared leaders needed — 1 assigned"). It warns and never blocks: a leader decides.
import { ShieldAlert } from 'lucide-react';
import { WarningNotice } from '../../../../components/notice/notice';
import { defineMessages, useT } from '../../../../i18n';
import { useEventLeaders } from '../../api/event-leaders';

const messages = defineMessages({
  needed: {
    id: 'web.events.leaders.needed',
    description: 'required: cleared leaders the event needs; leaders: cleared leaders named so far',
    defaultMessage:
      '{required, plural, =1 {One cleared leader needed} =2 {Two cleared leaders needed} =3 {Three cleared leaders needed} one {# cleared leader needed} other {# cleared leaders needed}} — {leaders, plural, one {# assigned} other {# assigned}}',
  },
});

export function LeadersWarning({ eventId, canManage }: { eventId: number; canManage: boolean }) {
  const t = useT();
  const leaders = useEventLeaders(eventId, canManage);
  if (!canManage || !leaders.data || leaders.data.ratio.ok) return null;
  const { required, leaders: assigned } = leaders.data.ratio;
  return (
    <WarningNotice icon={ShieldAlert} testId="leaders-warning">
      {t(messages.needed, { required, leaders: assigned })}
    </WarningNotice>
  );
}
