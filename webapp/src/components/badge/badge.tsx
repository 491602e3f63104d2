// Badge: a short label (Private, Verified, counts) in one of four tones.
import type { ReactNode } from 'react';
import styles from './badge.module.css';

export type BadgeTone = 'neutral' | 'brand' | 'success' | 'warning';

export function Badge({
  tone = 'neutral',
  children,
  className = '',
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return <span className={`${styles.badge} ${tone === 'neutral' ? '' : styles[tone]} ${className}`}>{children}</span>;
}
