// EmptyState: nothing to show yet, said kindly with an icon and what to do next.
import type { ReactNode } from 'react';
import styles from './empty-state.module.css';

export function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className={styles.empty}>
      <span className={styles.icon} aria-hidden="true">
        {icon}
      </span>
      <p className={styles.title}>{title}</p>
      {children}
      {action}
    </div>
  );
}
