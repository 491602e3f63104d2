// The managers' warning on an event page while it has too few cleared leaders for its attending minors
// ("Two cleared leaders needed — 1 assigned"). It warns and never blocks: a leader decides. On the event page it
// offers "Choose leaders", which opens the Leaders card's picker at once: on a phone the card is below the
// discussion, a long way down.
import { ShieldAlert } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { EventLeaders } from '../../../../../../shared/types/leader-checks';
import { WarningNotice } from '../../../../components/notice/notice';
import { defineMessages, useT } from '../../../../i18n';
import { useEventLeaders } from '../../api/event-leaders';
import { leadersMessages } from '../leaders/leaders-text';

// Only a manager who taps "Choose leaders" downloads the picker.
const LeadersDialog = lazy(() => import('../leaders/leaders-dialog').then((m) => ({ default: m.LeadersDialog })));

const messages = defineMessages({
  needed: {
    id: 'web.events.leaders.needed',
    description: 'required: cleared leaders the event needs; leaders: cleared leaders named so far',
    defaultMessage:
      '{required, plural, =1 {One cleared leader needed} =2 {Two cleared leaders needed} =3 {Three cleared leaders needed} one {# cleared leader needed} other {# cleared leaders needed}} — {leaders, plural, one {# assigned} other {# assigned}}',
  },
});

export function LeadersWarning({
  eventId,
  canManage,
  offerPicker = false,
}: {
  eventId: number;
  canManage: boolean;
  /** Offer "Choose leaders" (the event page; the form and the home card have no picker beside them). */
  offerPicker?: boolean;
}) {
  const t = useT();
  const leaders = useEventLeaders(eventId, canManage);
  // The leaders as the picker opened on: it stays open when saving there makes the warning go.
  const [picking, setPicking] = useState<EventLeaders | null>(null);
  const short = canManage && leaders.data && !leaders.data.ratio.ok ? leaders.data : null;
  return (
    <>
      {short && (
        <WarningNotice icon={ShieldAlert} testId="leaders-warning">
          {t(messages.needed, { required: short.ratio.required, leaders: short.ratio.leaders })}
          {offerPicker && (
            <>
              {' '}
              <button type="button" onClick={() => setPicking(short)}>
                {t(leadersMessages.choose)}
              </button>
            </>
          )}
        </WarningNotice>
      )}
      {picking && (
        <Suspense fallback={null}>
          <LeadersDialog eventId={eventId} current={picking} onClose={() => setPicking(null)} />
        </Suspense>
      )}
    </>
  );
}
