// What an organiser needs to know about a minor at a glance, beside the name in the attendee tables and after a
// check-in: a "Minor" badge, the guardian's consent, the permission slip for this event and what may be done
// with photos, in words. Adults show nothing. Only organisers' attendee lists carry these fields.
import type { Attendee } from '../../../../../../shared/types';
import { Badge } from '../../../../components/badge/badge';
import { defineMessages, useT } from '../../../../i18n';
import styles from './organiser-panel.module.css';

// The same words as the attendees CSV (shared/minor-names.ts), in the page's language.
const messages = defineMessages({
  minor: { id: 'web.events.minor.badge', defaultMessage: 'Minor' },
  consent: {
    id: 'web.events.minor.consent',
    defaultMessage:
      '{state, select, not_needed {Not needed} required {No guardian consent yet} pending {Guardian asked, no answer yet} awaiting_verification {Guardian agreed, a leader has to confirm} other {Guardian consent given}}',
  },
  slip: {
    id: 'web.events.minor.slip',
    defaultMessage:
      '{state, select, pending {Waiting for guardian} approved {Guardian approved} declined {Guardian declined} other {Guardian did not answer}}',
  },
  photos: {
    id: 'web.events.minor.photos',
    defaultMessage: '{state, select, full {Photos allowed} internal {Photos for organisers only} other {No photos}}',
  },
});

export function MinorState({
  attendee,
}: {
  attendee: Pick<Attendee, 'isMinor' | 'guardianConsent' | 'permissionSlip' | 'photoConsent'>;
}) {
  const t = useT();
  if (!attendee.isMinor) return null;
  const facts = [
    attendee.guardianConsent ? t(messages.consent, { state: attendee.guardianConsent }) : null,
    attendee.permissionSlip ? t(messages.slip, { state: attendee.permissionSlip }) : null,
    attendee.photoConsent ? t(messages.photos, { state: attendee.photoConsent }) : null,
  ].filter((fact): fact is string => fact !== null);
  return (
    <span className={styles.minorState}>
      <Badge tone="warning">{t(messages.minor)}</Badge>
      <span className={styles.minorFacts}>{facts.join(' · ')}</span>
    </span>
  );
}
