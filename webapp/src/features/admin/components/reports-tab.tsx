// Reports: comments members flagged. The admin reads the comment in full with who wrote it, who reported it
// and why, opens the event for context, and dismisses the report, removes the comment or suspends the author
// (after a confirmation: a suspension ends their sessions at once).
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Link } from '../../../lib/router';
import { REPORT_CATEGORIES, type ReportCategory } from '../../../../../shared/constants';
import type { ReportAction, ReportItem, ReportStatus } from '../../../../../shared/types';
import { Badge } from '../../../components/badge/badge';
import { Button } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Field } from '../../../components/field/field';
import { Skeleton } from '../../../components/skeleton/skeleton';
import { toast, toastError } from '../../../components/toast-store';
import { paths } from '../../../config/paths';
import { defineMessages, useT, type MessageDescriptor } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { longDateTime } from '../../../lib/dates';
import { REPORT_CATEGORY_LABELS } from '../../../lib/report-categories';
import { useReports, useResolveReport } from '../api/reports';
import styles from './admin-lists.module.css';
import { serverMessage } from './server-message';

const DONE: Record<ReportAction, MessageDescriptor> = defineMessages({
  dismiss: { id: 'web.admin.reports.dismissed', defaultMessage: 'Report dismissed' },
  remove_comment: { id: 'web.admin.reports.commentRemoved', defaultMessage: 'Comment removed' },
  suspend_author: { id: 'web.admin.reports.authorSuspended', defaultMessage: 'Author suspended' },
});

const messages = defineMessages({
  resolveFailed: { id: 'web.admin.reports.resolveFailed', defaultMessage: 'Could not resolve the report' },
  title: { id: 'web.admin.reports.title', defaultMessage: 'Reported comments' },
  show: { id: 'web.admin.reports.show', defaultMessage: 'Show' },
  category: { id: 'web.admin.reports.category', defaultMessage: 'Category' },
  allCategories: { id: 'web.admin.reports.allCategories', defaultMessage: 'All categories' },
  open: { id: 'web.admin.reports.open', defaultMessage: 'Open' },
  resolved: { id: 'web.admin.reports.resolved', defaultMessage: 'Resolved' },
  loading: { id: 'web.admin.reports.loading', defaultMessage: 'Loading reports' },
  noOpen: { id: 'web.admin.reports.noOpen', defaultMessage: 'No open reports. Nothing needs you here.' },
  noResolved: { id: 'web.admin.reports.noResolved', defaultMessage: 'No resolved reports yet.' },
  openList: { id: 'web.admin.reports.openList', defaultMessage: 'Open reports' },
  resolvedList: { id: 'web.admin.reports.resolvedList', defaultMessage: 'Resolved reports' },
  rowLabel: { id: 'web.admin.reports.rowLabel', defaultMessage: 'Report of a comment by {name}' },
  wrote: { id: 'web.admin.reports.wrote', defaultMessage: '{name} wrote:' },
  reason: { id: 'web.admin.reports.reason', defaultMessage: 'Reason' },
  reportedBy: { id: 'web.admin.reports.reportedBy', defaultMessage: 'Reported by' },
  on: { id: 'web.admin.reports.on', defaultMessage: 'On', description: 'Label of the date the report was made.' },
  viewEvent: { id: 'web.admin.reports.viewEvent', defaultMessage: 'View the event' },
  dismiss: { id: 'web.admin.reports.dismiss', defaultMessage: 'Dismiss' },
  removeComment: { id: 'web.admin.reports.removeComment', defaultMessage: 'Remove comment' },
  suspendAuthor: { id: 'web.admin.reports.suspendAuthor', defaultMessage: 'Suspend author' },
  loadingMore: { id: 'web.admin.reports.loadingMore', defaultMessage: 'Loading...' },
  loadMore: { id: 'web.admin.reports.loadMore', defaultMessage: 'Load more' },
  suspendTitle: { id: 'web.admin.reports.suspendTitle', defaultMessage: 'Suspend {name}?' },
  suspendTitleNoName: { id: 'web.admin.reports.suspendTitleNoName', defaultMessage: 'Suspend the author?' },
  suspendText: {
    id: 'web.admin.reports.suspendText',
    defaultMessage:
      '{name} is signed out at once and cannot sign in again until an admin reinstates them on the Members tab. The report is resolved.',
  },
  suspendTextNoName: {
    id: 'web.admin.reports.suspendTextNoName',
    defaultMessage:
      'The author is signed out at once and cannot sign in again until an admin reinstates them on the Members tab. The report is resolved.',
  },
  suspending: { id: 'web.admin.reports.suspending', defaultMessage: 'Suspending...' },
});

export function ReportsTab() {
  const t = useT();
  const [status, setStatus] = useState<ReportStatus>('open');
  const [category, setCategory] = useState<ReportCategory | null>(null);
  const reports = useReports(status, category);
  const resolve = useResolveReport();
  const [suspending, setSuspending] = useState<ReportItem | null>(null);

  const act = (report: ReportItem, action: ReportAction) =>
    resolve.mutate(
      { id: report.id, action },
      {
        onSuccess: () => {
          setSuspending(null);
          toast({ title: t(DONE[action]) });
        },
        onError: (error) => {
          setSuspending(null);
          toastError(t(messages.resolveFailed), serverMessage(error));
        },
      },
    );

  const rows = reports.data?.pages.flatMap((page) => page.reports) ?? [];
  return (
    <Card title={t(messages.title)} labelledBy="reports-title">
      <div className={styles.toolbar}>
        <div className={styles.chips} role="group" aria-label={t(messages.show)}>
          {(['open', 'resolved'] as const).map((value) => (
            <button
              key={value}
              type="button"
              className={styles.chip}
              aria-pressed={status === value}
              onClick={() => setStatus(value)}
            >
              {t(messages[value])}
            </button>
          ))}
        </div>
        <Field label={t(messages.category)}>
          <select
            className={styles.select}
            value={category ?? ''}
            onChange={(event) => setCategory((event.target.value || null) as ReportCategory | null)}
          >
            <option value="">{t(messages.allCategories)}</option>
            {REPORT_CATEGORIES.map((value) => (
              <option key={value} value={value}>
                {t(REPORT_CATEGORY_LABELS[value])}
              </option>
            ))}
          </select>
        </Field>
      </div>

      {reports.isPending && <Skeleton label={t(messages.loading)} shape="lines" />}
      {reports.isError && <p role="alert">{errorMessage(reports.error)}</p>}
      {reports.isSuccess && rows.length === 0 && (
        <p className="muted">{t(status === 'open' ? messages.noOpen : messages.noResolved)}</p>
      )}
      {rows.length > 0 && (
        <ul className={styles.list} aria-label={t(status === 'open' ? messages.openList : messages.resolvedList)}>
          {rows.map((report) => {
            const busy = resolve.isPending && resolve.variables?.id === report.id;
            return (
              <li
                key={report.id}
                className={styles.row}
                aria-label={t(messages.rowLabel, { name: report.comment.author.name })}
              >
                <div className={styles.main}>
                  <p className={styles.name}>
                    <Badge tone={report.category === 'safeguarding' ? 'warning' : 'neutral'}>
                      {t(REPORT_CATEGORY_LABELS[report.category])}
                    </Badge>{' '}
                    {t(messages.wrote, { name: report.comment.author.name })}
                  </p>
                  <blockquote className={styles.quote}>{report.comment.content}</blockquote>
                  <dl className={styles.details}>
                    {report.reason && (
                      <>
                        <dt>{t(messages.reason)}</dt>
                        <dd>{report.reason}</dd>
                      </>
                    )}
                    <dt>{t(messages.reportedBy)}</dt>
                    <dd>{report.reporter.name}</dd>
                    <dt>{t(messages.on)}</dt>
                    <dd>{longDateTime(report.createdAt)}</dd>
                  </dl>
                  <p className={styles.meta}>
                    <Link to={paths.event(report.comment.eventId)}>
                      {t(messages.viewEvent)} <ExternalLink size={14} aria-hidden="true" />
                    </Link>
                    {report.status === 'resolved' && (
                      <>
                        {' '}
                        <Badge>{t(messages.resolved)}</Badge>
                      </>
                    )}
                  </p>
                </div>
                {report.status === 'open' && (
                  <div className={styles.actions}>
                    <Button size="small" variant="secondary" disabled={busy} onClick={() => act(report, 'dismiss')}>
                      {t(messages.dismiss)}
                    </Button>
                    <Button
                      size="small"
                      variant="secondary"
                      disabled={busy}
                      onClick={() => act(report, 'remove_comment')}
                    >
                      {t(messages.removeComment)}
                    </Button>
                    <Button size="small" variant="danger" disabled={busy} onClick={() => setSuspending(report)}>
                      {t(messages.suspendAuthor)}
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
            {t(reports.isFetchingNextPage ? messages.loadingMore : messages.loadMore)}
          </Button>
        </div>
      )}

      <ConfirmDialog
        open={suspending !== null}
        onOpenChange={(open) => !open && setSuspending(null)}
        title={
          suspending
            ? t(messages.suspendTitle, { name: suspending.comment.author.name })
            : t(messages.suspendTitleNoName)
        }
        description={
          suspending ? t(messages.suspendText, { name: suspending.comment.author.name }) : t(messages.suspendTextNoName)
        }
        confirmLabel={t(messages.suspendAuthor)}
        busyLabel={t(messages.suspending)}
        busy={resolve.isPending}
        onConfirm={() => suspending && act(suspending, 'suspend_author')}
      />
    </Card>
  );
}
