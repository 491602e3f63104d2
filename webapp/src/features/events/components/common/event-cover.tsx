// An event's cover: the image (cropped to a fixed ratio, never stretched; the right width for the screen),
// with the one date badge and the private badge over it.
import { Lock } from 'lucide-react';
import type { EventSummary } from '../../../../../../shared/types';
import { Badge } from '../../../../components/badge/badge';
import { defineMessages, useT } from '../../../../i18n';
import { badgeParts, shortDate } from '../../../../lib/dates';
import { imageSource, type IMAGE_SIZES } from '../../../../lib/images';
import styles from './event-cover.module.css';

const messages = defineMessages({
  noDate: { id: 'web.events.cover.noDate', defaultMessage: 'No date' },
  private: { id: 'web.events.cover.private', defaultMessage: 'Private' },
});

/** The short date (SPEC: 'Mar 7, 2026' or 'No date') as a calendar badge; the full text is read aloud. */
export function DateBadge({ date, timeZone }: { date: string; timeZone?: string }) {
  const t = useT();
  const parts = badgeParts(date, timeZone);
  return (
    <time className={styles.dateBadge} dateTime={parts ? date : undefined}>
      {parts ? (
        <>
          <span className={styles.month} aria-hidden="true">
            {parts.month}
          </span>
          <span className={styles.day} aria-hidden="true">
            {parts.day}
          </span>
          <span className="visually-hidden">{shortDate(date, timeZone)}</span>
        </>
      ) : (
        <span className={styles.noDate}>{t(messages.noDate)}</span>
      )}
    </time>
  );
}

export function EventCover({
  event,
  variant,
  priority = false,
}: {
  event: Pick<EventSummary, 'imageUrl' | 'date' | 'isPublic'> & { timeZone?: string };
  variant: keyof typeof IMAGE_SIZES;
  /** The first image on the screen (the largest paint): loaded at once, not lazily. */
  priority?: boolean;
}) {
  const t = useT();
  const source = imageSource(event.imageUrl, variant);
  return (
    <div className={`${styles.cover} ${variant === 'cover' ? styles.wide : ''}`}>
      {event.imageUrl && (
        <img
          {...source}
          alt=""
          width={variant === 'cover' ? 1600 : 640}
          height={variant === 'cover' ? 686 : 360}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
        />
      )}
      <div className={styles.overlay}>
        <DateBadge date={event.date} timeZone={event.timeZone} />
        {!event.isPublic && (
          <Badge tone="warning" className={styles.private}>
            <Lock size={12} aria-hidden="true" />
            {t(messages.private)}
          </Badge>
        )}
      </div>
    </div>
  );
}
