// What an organiser needs to know about a minor at a glance, beside the name in the attendee tables and after a
// check-in: a "Minor" badge, the guardian's consent, the permission slip for this event and what may be done
// with photos, in words. Adults show nothing. Only organisers' attendee lists carry these fields.
import {
  GUARDIAN_CONSENT_LABELS,
  PERMISSION_SLIP_LABELS,
  PHOTO_CONSENT_LABELS,
} from '../../../../../shared/minor-names';
import type { Attendee } from '../../../../../shared/types';
import { Badge } from '../../../components/badge/badge';
import styles from './organiser-panel.module.css';

export function MinorState({
  attendee,
}: {
  attendee: Pick<Attendee, 'isMinor' | 'guardianConsent' | 'permissionSlip' | 'photoConsent'>;
}) {
  if (!attendee.isMinor) return null;
  const facts = [
    attendee.guardianConsent ? GUARDIAN_CONSENT_LABELS[attendee.guardianConsent] : null,
    attendee.permissionSlip ? PERMISSION_SLIP_LABELS[attendee.permissionSlip] : null,
    attendee.photoConsent ? PHOTO_CONSENT_LABELS[attendee.photoConsent] : null,
  ].filter((fact): fact is string => fact !== null);
  return (
    <span className={styles.minorState}>
      <Badge tone="warning">Minor</Badge>
      <span className={styles.minorFacts}>{facts.join(' · ')}</span>
    </span>
  );
}
