// Audit: the organisation's record of who did what, newest first, filtered by action and paged. Read only:
// nobody changes or removes an entry.
import { Fragment, useState } from 'react';
import { AUDIT_ACTIONS, type AuditAction } from '../../../../../shared/constants';
import type { AuditEntryItem } from '../../../../../shared/types';
import { Button } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { Field } from '../../../components/field/field';
import { Skeleton } from '../../../components/skeleton/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { longDateTime } from '../../../lib/dates';
import { useAudit } from '../api/audit';
import styles from './admin-lists.module.css';

export const AUDIT_ACTION_WORDS: Record<AuditAction, string> = {
  'member.approved': 'Approved a member',
  'member.role_changed': 'Changed a role',
  'member.suspended': 'Suspended a member',
  'member.reinstated': 'Reinstated a member',
  'member.deleted': 'Deleted a member',
  'invite.created': 'Created an invite link',
  'invite.revoked': 'Revoked an invite link',
  'invite.used': 'Joined with an invite link',
  'comment.removed': 'Removed a comment',
  'report.resolved': 'Resolved a report',
  'event.deleted': 'Deleted an event',
  'attendees.exported': 'Exported attendees',
  'message.sent': 'Sent a message',
  'settings.changed': 'Changed settings',
  'account.deleted': 'Deleted their account',
  'account.exported': 'Downloaded their data',
  'audit.pruned': 'Removed old audit entries',
  'consent.requested': 'Asked for consent',
  'consent.granted': 'Consent given',
  'consent.withdrawn': 'Consent withdrawn',
  'member.birth_date_changed': 'Corrected a date of birth',
  'photo_consent.changed': 'Changed photo consent',
  'slip.approved': 'Permission slip approved',
  'slip.declined': 'Permission slip declined',
  'slip.expired': 'Permission slip expired',
};

const inWords = (action: string) => AUDIT_ACTION_WORDS[action as AuditAction] ?? action;

/** 'removeComment' and 'remove_comment' read as 'remove comment'. */
const words = (key: string) =>
  key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_.]/g, ' ')
    .toLowerCase();

function detailValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function Details({ details }: { details: AuditEntryItem['details'] }) {
  const entries = Object.entries(details ?? {});
  if (entries.length === 0) return null;
  return (
    <dl className={styles.details}>
      {entries.map(([key, value]) => (
        <Fragment key={key}>
          <dt>{words(key)}</dt>
          <dd>{detailValue(value)}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

export function AuditTab() {
  const [action, setAction] = useState('');
  const audit = useAudit(action);
  const rows = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <Card title="Audit log" labelledBy="audit-title">
      <div className={styles.toolbar}>
        <Field label="Action" className={styles.search}>
          <select value={action} onChange={(event) => setAction(event.target.value)}>
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((value) => (
              <option key={value} value={value}>
                {AUDIT_ACTION_WORDS[value]}
              </option>
            ))}
          </select>
        </Field>
      </div>

      {audit.isPending && <Skeleton label="Loading the audit log" shape="lines" />}
      {audit.isError && <p role="alert">{errorMessage(audit.error)}</p>}
      {audit.isSuccess && rows.length === 0 && <p className="muted">No entries.</p>}
      {rows.length > 0 && (
        <ol className={styles.list} aria-label="Audit entries, newest first">
          {rows.map((entry) => (
            <li key={entry.id} className={styles.row}>
              <div className={styles.main}>
                <p className={styles.name}>
                  {entry.actor?.name ?? 'System'}: {inWords(entry.action)}
                </p>
                <p className={styles.meta}>
                  <time dateTime={entry.at}>{longDateTime(entry.at)}</time> · {words(entry.subject.type)} #
                  {entry.subject.id}
                </p>
                <Details details={entry.details} />
              </div>
            </li>
          ))}
        </ol>
      )}
      {audit.hasNextPage && (
        <div className={styles.more}>
          <Button variant="secondary" disabled={audit.isFetchingNextPage} onClick={() => audit.fetchNextPage()}>
            {audit.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
    </Card>
  );
}
