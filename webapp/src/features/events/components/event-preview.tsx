// What a visitor who opened a shared link sees of a public event above the sign-in: its cover, name, date and
// time (GET /api/events/{id}/preview). The place, attendees and everything else stay for members; a private or
// unknown event shows nothing here, exactly like a missing one.
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { eventPreviewPath } from '../../../../../shared/first-screen';
import type { EventPreview } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { detailDate, detailTime } from '../../../lib/dates';
import { EventCover } from './event-cover';
import styles from './event-preview.module.css';

export function EventPreviewCard() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { data } = useQuery({
    queryKey: ['events', 'preview', id],
    queryFn: () => api.get<EventPreview>(eventPreviewPath(id)),
    enabled: valid,
    retry: false,
    staleTime: 60_000,
  });
  if (!data) return null;
  return (
    <article className={styles.preview} aria-labelledby="event-preview-name">
      <EventCover event={{ ...data, isPublic: true }} variant="cover" priority />
      <div className={styles.text}>
        <h2 id="event-preview-name" className={styles.name}>
          {data.name}
        </h2>
        <p className={styles.when}>
          <time dateTime={data.date}>
            {detailDate(data.date, data.timeZone)} · {detailTime(data.date, data.timeZone)}
          </time>
        </p>
      </div>
    </article>
  );
}
