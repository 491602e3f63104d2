// Beside an event's time: its zone, and the viewer's own time when their clocks show another.
import { zoneNote } from '../../lib/date-zones';
import styles from './zone-note.module.css';

export function ZoneNote({ date, timeZone }: { date: string; timeZone: string }) {
  const note = zoneNote(date, timeZone);
  if (!note) return null;
  return (
    <>
      {' '}
      <span className={styles.zone} data-testid="event-zone">
        {note.zone}
      </span>
      {note.yours && (
        <span className={styles.yours} data-testid="viewer-time">
          {note.yours}
        </span>
      )}
    </>
  );
}
