// A child's care card on the guardian's home, opened on request: each reading is recorded (care.viewed), so the
// card is read when the guardian asks for it, not whenever the page loads.
import { HeartPulse } from 'lucide-react';
import { useState } from 'react';
import type { GuardianChild } from '../../../../../shared/types';
import { Button } from '../../../components/button/button';
import { careMessages } from '../../../components/care-card/care-messages';
import { CarePanel } from '../../../components/care-card/care-panel';
import { defineMessages, useT } from '../../../i18n';
import { firstName } from './guardian-messages';
import styles from './guardian.module.css';

const messages = defineMessages({
  intro: {
    id: 'web.guardian.care.intro',
    defaultMessage: 'Allergies, medication, diet and who to call: what leaders need to take {name} on a trip.',
  },
  open: { id: 'web.guardian.care.open', defaultMessage: 'Open {name}’s card' },
  close: { id: 'web.guardian.care.close', defaultMessage: 'Close the card' },
});

export function ChildCare({ child }: { child: GuardianChild }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const first = firstName(child.name);
  const titleId = `child-${child.id}-care`;
  const panelId = `${titleId}-panel`;
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h3 id={titleId}>{t(careMessages.title)}</h3>
      <p className="muted">{t(messages.intro, { name: first })}</p>
      <div>
        <Button variant="secondary" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          <HeartPulse size={18} aria-hidden="true" />
          {open ? t(messages.close) : t(messages.open, { name: first })}
        </Button>
      </div>
      {open && (
        <div id={panelId} className={styles.carePanel}>
          <CarePanel owner={child.id} childName={first} idPrefix={`care-${child.id}`} />
        </div>
      )}
    </section>
  );
}
