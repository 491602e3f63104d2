// Skeleton: grey shapes where content will be. The SPEC's loading text stays in the page for screen readers
// (a polite status), so 'Loading Events...' is still what assistive technology announces.
import type { CSSProperties, ReactNode } from 'react';
import styles from './skeleton.module.css';

export function SkeletonBlock({
  height,
  width = '100%',
  radius,
}: {
  height: number | string;
  width?: string;
  radius?: string;
}) {
  const style: CSSProperties = { height, width, borderRadius: radius };
  return <div className={styles.block} style={style} />;
}

/** One of three shapes: a list of rows, a details page, or a few lines. */
export function Skeleton({
  label,
  detail,
  shape = 'lines',
}: {
  /** The SPEC's loading title, e.g. 'Loading Events...'. */
  label: string;
  detail?: ReactNode;
  shape?: 'rows' | 'details' | 'lines';
}) {
  return (
    <section className={styles.wrap} role="status" aria-live="polite">
      <h1 className="visually-hidden">{label}</h1>
      {detail && <p className="visually-hidden">{detail}</p>}
      <div aria-hidden="true" className={styles.wrap}>
        {shape === 'rows' && (
          <>
            <SkeletonBlock height={20} width="40%" />
            {[0, 1, 2, 3].map((key) => (
              <SkeletonBlock key={key} height={104} />
            ))}
          </>
        )}
        {shape === 'details' && (
          <>
            <div className={styles.block} style={{ aspectRatio: '21 / 9', maxHeight: 280 }} />
            <SkeletonBlock height={28} width="60%" />
            <SkeletonBlock height={16} width="40%" />
            <SkeletonBlock height={44} width="240px" radius="var(--radius-full)" />
          </>
        )}
        {shape === 'lines' && (
          <>
            <SkeletonBlock height={22} width="50%" />
            <SkeletonBlock height={14} />
            <SkeletonBlock height={14} width="80%" />
          </>
        )}
      </div>
    </section>
  );
}
