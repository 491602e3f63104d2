// Card: a titled surface; StateCard: a whole-card message (not found, access restricted, errors).
import type { ReactNode } from 'react';
import styles from './card.module.css';

interface CardProps {
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
  actions?: ReactNode;
  titleLevel?: 1 | 2 | 3;
  /** The element: a section by default, an article for self-contained items. */
  as?: 'section' | 'article' | 'div';
  labelledBy?: string;
}

export function Card({
  title,
  children,
  className = '',
  actions,
  titleLevel = 2,
  as: Tag = 'section',
  labelledBy,
}: CardProps) {
  const Heading = `h${titleLevel}` as const;
  return (
    <Tag className={`${styles.card} ${className}`} aria-labelledby={labelledBy}>
      {(title || actions) && (
        <div className={styles.header}>
          {title && (
            <Heading id={labelledBy} className={styles.title}>
              {title}
            </Heading>
          )}
          {actions && <div className={styles.actions}>{actions}</div>}
        </div>
      )}
      {children}
    </Tag>
  );
}

/** A full-card state message: not found, access restricted, failures. Loading states use Skeleton. */
export function StateCard({
  title,
  children,
  role,
  icon,
}: {
  title: string;
  children?: ReactNode;
  role?: 'status' | 'alert';
  icon?: ReactNode;
}) {
  return (
    <section
      className={`${styles.card} ${styles.state}`}
      role={role}
      aria-live={role === 'status' ? 'polite' : undefined}
    >
      {icon}
      <h1 className={styles.title}>{title}</h1>
      {children}
    </section>
  );
}
