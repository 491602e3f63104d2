// WarningNotice: a line that asks for attention and blocks nothing (email is off, an event is short of cleared
// leaders), with its icon, in the warning tone. Announced politely as a status.
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import styles from './notice.module.css';

export function WarningNotice({
  icon: Icon,
  children,
  testId,
}: {
  icon: LucideIcon;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <p className={styles.warning} role="status" data-testid={testId}>
      <Icon size={20} aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}
