// BACKUP_KEEP counts nights: the newest backup of each of the last N nights that have one, in the organisation's
// time zone. Several backups of one night (a catch-up, one by hand, a second instance's) keep one between them.

/** The calendar day of `at` in `timeZone` (YYYY-MM-DD): the night a backup belongs to. */
export function nightOf(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/**
 * The backups to delete: all but the newest of each of the `keep` most recent nights. Nights without a backup
 * (the server was down) are not counted, so a long outage never empties the folder.
 */
export function beyondKeptNights<T extends { name: string; createdAt: Date }>(
  backups: T[],
  keep: number,
  timeZone: string,
): T[] {
  const newestFirst = [...backups].sort(
    (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.name < b.name ? 1 : -1),
  );
  const keptNights = new Set<string>();
  const removed: T[] = [];
  for (const backup of newestFirst) {
    const night = nightOf(backup.createdAt, timeZone);
    if (!keptNights.has(night) && keptNights.size < keep) keptNights.add(night);
    else removed.push(backup);
  }
  return removed;
}
