// The live ratio of those there (the register, check-in at the door): "2 cleared leaders for 9 young members"
// in green while it holds, "2 cleared leaders needed — 1 here" in amber while it does not. It warns; it blocks
// nothing.
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import type { EventRatio } from '../../../../../../shared/types/leader-checks';
import { useT } from '../../../../i18n';
import { registerMessages as messages } from './register-text';
import styles from './register.module.css';

export function RatioLine({ ratio, testId = 'register-ratio' }: { ratio: EventRatio; testId?: string }) {
  const t = useT();
  const Icon = ratio.ok ? ShieldCheck : ShieldAlert;
  return (
    <p className={styles.ratio} data-ok={ratio.ok} role="status" data-testid={testId}>
      <Icon size={20} aria-hidden="true" />
      <span>
        {ratio.ok
          ? t(messages.ratio, { leaders: ratio.leaders, minors: ratio.minors })
          : t(messages.ratioShort, { required: ratio.required, leaders: ratio.leaders })}
      </span>
    </p>
  );
}
