// The live count at the door: the cleared leaders and young members there (checked in or marked present or late
// on the register), and the ratio warning while too few cleared leaders are there for them. Each check-in
// refreshes the register (api/check-in.ts), and the count is the register's, with the one rule (`ratioOf`).
import { Users } from 'lucide-react';
import { defineMessages, useT } from '../../../../i18n';
import { useRegister } from '../../api/register';
import { RatioLine } from '../register/ratio-line';
import { counted } from '../register/register-count';
import styles from './check-in.module.css';

const messages = defineMessages({
  here: {
    id: 'web.checkin.ratio.here',
    description: 'minors: young members there now; leaders: cleared leaders there now',
    defaultMessage:
      'Here now: {minors, plural, one {# young member} other {# young members}}, {leaders, plural, one {# cleared leader} other {# cleared leaders}}',
  },
});

export function CheckInRatio({ eventId }: { eventId: number }) {
  const t = useT();
  const register = useRegister(eventId);
  // The ratio is about young members: an event nobody young is on the register of shows nothing.
  if (!register.data?.lines.some((line) => line.minor)) return null;
  const { ratio } = counted(register.data);
  return (
    <div className={styles.ratio} data-testid="check-in-ratio">
      <p className={styles.here} role="status">
        <Users size={18} aria-hidden="true" />
        {t(messages.here, { minors: ratio.minors, leaders: ratio.leaders })}
      </p>
      {!ratio.ok && <RatioLine ratio={ratio} testId="check-in-ratio-warning" />}
    </div>
  );
}
