// Backups: when the newest backup of the database was made, its size, and a link to download it; then every kept
// backup as the database records it (whichever instance made it), so a copy can be checked against its SHA-256.
// Restoring is an operator's job on the server (docs/operations.md, Backups), not a button.
import { Download } from 'lucide-react';
import { buttonClass } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { Skeleton } from '../../../components/skeleton/skeleton';
import { intlLocale, defineMessages, useT, type Translate } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { clockTime } from '../../../lib/date-zones';
import { commentDate, longDateTime } from '../../../lib/dates';
import type { BackupItem } from '../../../../../shared/types';
import { LATEST_BACKUP_URL, useBackups } from '../api/get-backups';
import styles from './backups-tab.module.css';

const messages = defineMessages({
  loading: { id: 'web.admin.backups.loading', defaultMessage: 'Loading backups' },
  title: { id: 'web.admin.backups.title', defaultMessage: 'Backups' },
  daily: {
    id: 'web.admin.backups.daily',
    defaultMessage:
      '{keep, plural, one {The server backs the database up every day at {time} UTC and keeps the newest backup of the last night.} other {The server backs the database up every day at {time} UTC and keeps the newest backup of each of the last # nights.}}',
    description:
      '`time` is the hour of the nightly backup in UTC ("6:00 PM"); `keep` how many nights are kept (the newest backup of each).',
  },
  byHand: {
    id: 'web.admin.backups.byHand',
    defaultMessage:
      '{keep, plural, one {Nightly backups are off on this server; of those made by hand it keeps the newest.} other {Nightly backups are off on this server; of those made by hand it keeps the newest of each of the last # days.}}',
  },
  private: {
    id: 'web.admin.backups.private',
    defaultMessage: "A backup holds every member's personal data: keep the file somewhere safe and private.",
  },
  latest: { id: 'web.admin.backups.latest', defaultMessage: 'Latest backup: {date} · {size}' },
  kilobytes: { id: 'web.admin.backups.kilobytes', defaultMessage: '{size} KB' },
  megabytes: { id: 'web.admin.backups.megabytes', defaultMessage: '{size} MB' },
  download: { id: 'web.admin.backups.download', defaultMessage: 'Download latest backup' },
  none: { id: 'web.admin.backups.none', defaultMessage: 'No backup has been made yet.' },
  listTitle: { id: 'web.admin.backups.listTitle', defaultMessage: 'Kept backups, newest first' },
  date: { id: 'web.admin.backups.date', defaultMessage: 'Date' },
  size: { id: 'web.admin.backups.size', defaultMessage: 'Size' },
  server: {
    id: 'web.admin.backups.server',
    defaultMessage: 'Server',
    description: 'Column heading: the server instance (host name and process id) whose backups folder got the file.',
  },
  checksum: { id: 'web.admin.backups.checksum', defaultMessage: 'Checksum (SHA-256)' },
});

/** The first hex digits of a SHA-256, enough to tell backups apart at a glance; the whole one is its title. */
const SHORT_CHECKSUM = 12;

/** Whole kilobytes below a megabyte, else megabytes to one decimal; digits in the page's language. */
function fileSize(t: Translate, bytes: number): string {
  const number = (digits: number) =>
    new Intl.NumberFormat(intlLocale(), {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: false,
    });
  if (bytes < 1024 * 1024)
    return t(messages.kilobytes, { size: number(0).format(Math.max(1, Math.round(bytes / 1024))) });
  return t(messages.megabytes, { size: number(1).format(bytes / 1024 / 1024) });
}

/** Every kept backup: when (in the organisation's zone), how big, which instance holds it, and its checksum. */
function BackupsTable({ backups }: { backups: BackupItem[] }) {
  const t = useT();
  return (
    <div className={`table-wrap ${styles.list}`}>
      <table data-testid="backups-list">
        <caption className={styles.caption}>{t(messages.listTitle)}</caption>
        <thead>
          <tr>
            <th scope="col">{t(messages.date)}</th>
            <th scope="col">{t(messages.size)}</th>
            <th scope="col">{t(messages.server)}</th>
            <th scope="col">{t(messages.checksum)}</th>
          </tr>
        </thead>
        <tbody>
          {backups.map((backup) => (
            <tr key={backup.name}>
              <td>
                <time dateTime={backup.createdAt}>{commentDate(backup.createdAt)}</time>
              </td>
              <td>{fileSize(t, backup.size)}</td>
              <td dir="ltr" translate="no">
                {backup.instance}
              </td>
              <td>
                <code className={styles.checksum} title={backup.sha256} dir="ltr" translate="no">
                  {backup.sha256.slice(0, SHORT_CHECKSUM)}
                </code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function BackupsTab() {
  const t = useT();
  const { data, error, isPending } = useBackups();
  if (isPending) return <Skeleton label={t(messages.loading)} shape="lines" />;
  if (error) return <p role="alert">{errorMessage(error)}</p>;
  const { latest, backups, keep, dailyAtUtc } = data;
  return (
    <Card title={t(messages.title)}>
      <p>
        {dailyAtUtc ? t(messages.daily, { time: clockTime(dailyAtUtc), keep }) : t(messages.byHand, { keep })}{' '}
        {t(messages.private)}
      </p>
      {latest ? (
        <>
          <p data-testid="latest-backup">
            {t(messages.latest, { date: longDateTime(latest.createdAt), size: fileSize(t, latest.size) })}
          </p>
          <a className={buttonClass({ variant: 'secondary' })} href={LATEST_BACKUP_URL} download={latest.name}>
            <Download size={16} aria-hidden="true" /> {t(messages.download)}
          </a>
          <BackupsTable backups={backups} />
        </>
      ) : (
        <p data-testid="latest-backup">{t(messages.none)}</p>
      )}
    </Card>
  );
}
