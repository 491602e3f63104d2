// Backups: when the newest backup of the database was made, its size, and a link to download it. Restoring is
// an operator's job on the server (docs/operations-backups.md), not a button.
import { Download } from 'lucide-react';
import { buttonClass } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { Skeleton } from '../../../components/skeleton/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { longDateTime } from '../../../lib/dates';
import { LATEST_BACKUP_URL, useBackups } from '../api/get-backups';

function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function BackupsTab() {
  const { data, error, isPending } = useBackups();
  if (isPending) return <Skeleton label="Loading backups" shape="lines" />;
  if (error) return <p role="alert">{errorMessage(error)}</p>;
  const { latest, keep, dailyAtUtc } = data;
  return (
    <Card title="Backups">
      <p>
        {dailyAtUtc
          ? `The server backs the database up every day at ${dailyAtUtc} UTC and keeps the last ${keep}.`
          : `Nightly backups are off on this server; it keeps the last ${keep} made by hand.`}{' '}
        A backup holds every member&apos;s personal data: keep the file somewhere safe and private.
      </p>
      {latest ? (
        <>
          <p data-testid="latest-backup">
            Latest backup: {longDateTime(latest.createdAt)} · {fileSize(latest.size)}
          </p>
          <a className={buttonClass({ variant: 'secondary' })} href={LATEST_BACKUP_URL} download={latest.name}>
            <Download size={16} aria-hidden="true" /> Download latest backup
          </a>
        </>
      ) : (
        <p data-testid="latest-backup">No backup has been made yet.</p>
      )}
    </Card>
  );
}
