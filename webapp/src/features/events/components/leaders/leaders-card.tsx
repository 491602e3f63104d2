// "Leaders" on the event page for its managers: the leaders named for the event (one whose checks ran out since
// is marked, as the ratio no longer counts them) and "Choose leaders", which opens the picker of cleared adult
// leaders. Saving there updates this card and the page's ratio warning at once (the PUT answers with the ratio).
import { ShieldCheck, UserCog } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../../components/badge/badge';
import { Button } from '../../../../components/button/button';
import { Card } from '../../../../components/card/card';
import { defineMessages, useT } from '../../../../i18n';
import { errorMessage } from '../../../../lib/api-client';
import { useEventLeaders } from '../../api/event-leaders';
import { LeadersDialog } from './leaders-dialog';
import { leadersMessages } from './leaders-text';
import styles from './leaders.module.css';

const messages = defineMessages({
  none: { id: 'web.leaders.none', defaultMessage: 'No leaders named yet.' },
});

export function LeadersCard({ eventId, className = '' }: { eventId: number; className?: string }) {
  const t = useT();
  const leaders = useEventLeaders(eventId, true);
  const [open, setOpen] = useState(false);
  const named = leaders.data?.leaders ?? [];
  return (
    <Card
      title={t(leadersMessages.title)}
      labelledBy="leaders-title"
      className={className}
      actions={
        <Button size="small" variant="secondary" onClick={() => setOpen(true)} disabled={!leaders.data}>
          <UserCog size={16} aria-hidden="true" />
          {t(leadersMessages.choose)}
        </Button>
      }
    >
      {leaders.isError && <p role="alert">{errorMessage(leaders.error)}</p>}
      {leaders.isSuccess && named.length === 0 && <p className="muted">{t(messages.none)}</p>}
      {named.length > 0 && (
        <ul className={styles.named} aria-labelledby="leaders-title">
          {named.map((leader) => (
            <li key={leader.id}>
              <ShieldCheck size={18} aria-hidden="true" className={styles.shield} data-cleared={leader.cleared} />
              <span className={styles.name}>{leader.name}</span>
              {!leader.cleared && <Badge tone="warning">{t(leadersMessages.notCleared)}</Badge>}
            </li>
          ))}
        </ul>
      )}
      {open && leaders.data && (
        <LeadersDialog eventId={eventId} current={leaders.data} onClose={() => setOpen(false)} />
      )}
    </Card>
  );
}
