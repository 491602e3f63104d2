// Reports: comments members flagged. The admin reads the comment in full with who wrote it, who reported it
// and why, opens the event for context, and dismisses the report, removes the comment or suspends the author
// (after a confirmation: a suspension ends their sessions at once).
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ReportAction, ReportItem, ReportStatus } from '../../../../../shared/types';
import { Badge } from '../../../components/badge/badge';
import { Button } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Skeleton } from '../../../components/skeleton/skeleton';
import { toast, toastError } from '../../../components/toast-store';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { longDateTime } from '../../../lib/dates';
import { useReports, useResolveReport } from '../api/reports';
import styles from './admin-lists.module.css';
import { serverMessage } from './server-message';

const DONE: Record<ReportAction, string> = {
  dismiss: 'Report dismissed',
  remove_comment: 'Comment removed',
  suspend_author: 'Author suspended',
};

export function ReportsTab() {
  const [status, setStatus] = useState<ReportStatus>('open');
  const reports = useReports(status);
  const resolve = useResolveReport();
  const [suspending, setSuspending] = useState<ReportItem | null>(null);

  const act = (report: ReportItem, action: ReportAction) =>
    resolve.mutate(
      { id: report.id, action },
      {
        onSuccess: () => {
          setSuspending(null);
          toast({ title: DONE[action] });
        },
        onError: (error) => {
          setSuspending(null);
          toastError('Could not resolve the report', serverMessage(error));
        },
      },
    );

  const rows = reports.data?.pages.flatMap((page) => page.reports) ?? [];
  return (
    <Card title="Reported comments" labelledBy="reports-title">
      <div className={styles.toolbar}>
        <div className={styles.chips} role="group" aria-label="Show">
          {(['open', 'resolved'] as const).map((value) => (
            <button
              key={value}
              type="button"
              className={styles.chip}
              aria-pressed={status === value}
              onClick={() => setStatus(value)}
            >
              {value === 'open' ? 'Open' : 'Resolved'}
            </button>
          ))}
        </div>
      </div>

      {reports.isPending && <Skeleton label="Loading reports" shape="lines" />}
      {reports.isError && <p role="alert">{errorMessage(reports.error)}</p>}
      {reports.isSuccess && rows.length === 0 && (
        <p className="muted">
          {status === 'open' ? 'No open reports. Nothing needs you here.' : 'No resolved reports yet.'}
        </p>
      )}
      {rows.length > 0 && (
        <ul className={styles.list} aria-label={status === 'open' ? 'Open reports' : 'Resolved reports'}>
          {rows.map((report) => {
            const busy = resolve.isPending && resolve.variables?.id === report.id;
            return (
              <li
                key={report.id}
                className={styles.row}
                aria-label={`Report of a comment by ${report.comment.author.name}`}
              >
                <div className={styles.main}>
                  <p className={styles.name}>{report.comment.author.name} wrote:</p>
                  <blockquote className={styles.quote}>{report.comment.content}</blockquote>
                  <dl className={styles.details}>
                    <dt>Reason</dt>
                    <dd>{report.reason}</dd>
                    <dt>Reported by</dt>
                    <dd>{report.reporter.name}</dd>
                    <dt>On</dt>
                    <dd>{longDateTime(report.createdAt)}</dd>
                  </dl>
                  <p className={styles.meta}>
                    <Link to={paths.event(report.comment.eventId)}>
                      View the event <ExternalLink size={14} aria-hidden="true" />
                    </Link>
                    {report.status === 'resolved' && (
                      <>
                        {' '}
                        <Badge>Resolved</Badge>
                      </>
                    )}
                  </p>
                </div>
                {report.status === 'open' && (
                  <div className={styles.actions}>
                    <Button size="small" variant="secondary" disabled={busy} onClick={() => act(report, 'dismiss')}>
                      Dismiss
                    </Button>
                    <Button
                      size="small"
                      variant="secondary"
                      disabled={busy}
                      onClick={() => act(report, 'remove_comment')}
                    >
                      Remove comment
                    </Button>
                    <Button size="small" variant="danger" disabled={busy} onClick={() => setSuspending(report)}>
                      Suspend author
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {reports.hasNextPage && (
        <div className={styles.more}>
          <Button variant="secondary" disabled={reports.isFetchingNextPage} onClick={() => reports.fetchNextPage()}>
            {reports.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}

      <ConfirmDialog
        open={suspending !== null}
        onOpenChange={(open) => !open && setSuspending(null)}
        title={`Suspend ${suspending?.comment.author.name ?? 'the author'}?`}
        description={`${suspending?.comment.author.name ?? 'The author'} is signed out at once and cannot sign in again until an admin reinstates them on the Members tab. The report is resolved.`}
        confirmLabel="Suspend author"
        busyLabel="Suspending..."
        busy={resolve.isPending}
        onConfirm={() => suspending && act(suspending, 'suspend_author')}
      />
    </Card>
  );
}
