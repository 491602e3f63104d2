// Audit: the organisation's record of who did what, newest first, filtered by action and paged. Read only:
// nobody changes or removes an entry.
import { useState } from 'react';
import { AUDIT_ACTIONS, type AuditAction } from '../../../../../shared/constants';
import { Button } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { Field } from '../../../components/field/field';
import { Skeleton } from '../../../components/skeleton/skeleton';
import { defineMessages, useT, type MessageDescriptor, type Translate } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { longDateTime } from '../../../lib/dates';
import { useAudit } from '../api/audit';
import { AuditDetails, words } from './audit-details';
import styles from './admin-lists.module.css';
import { memberName } from '../../../lib/member-name';

export const AUDIT_ACTION_WORDS: Record<AuditAction, MessageDescriptor> = defineMessages({
  'member.approved': { id: 'web.admin.audit.actionMemberApproved', defaultMessage: 'Approved a member' },
  'member.role_changed': { id: 'web.admin.audit.actionMemberRoleChanged', defaultMessage: 'Changed a role' },
  'member.suspended': { id: 'web.admin.audit.actionMemberSuspended', defaultMessage: 'Suspended a member' },
  'member.reinstated': { id: 'web.admin.audit.actionMemberReinstated', defaultMessage: 'Reinstated a member' },
  'member.deleted': { id: 'web.admin.audit.actionMemberDeleted', defaultMessage: 'Deleted a member' },
  'invite.created': { id: 'web.admin.audit.actionInviteCreated', defaultMessage: 'Created an invite link' },
  'invite.revoked': { id: 'web.admin.audit.actionInviteRevoked', defaultMessage: 'Revoked an invite link' },
  'invite.used': { id: 'web.admin.audit.actionInviteUsed', defaultMessage: 'Joined with an invite link' },
  'comment.removed': { id: 'web.admin.audit.actionCommentRemoved', defaultMessage: 'Removed a comment' },
  'report.resolved': { id: 'web.admin.audit.actionReportResolved', defaultMessage: 'Resolved a report' },
  'report.safeguarding': {
    id: 'web.admin.audit.actionReportSafeguarding',
    defaultMessage: 'Reported a safeguarding concern',
  },
  'event.deleted': { id: 'web.admin.audit.actionEventDeleted', defaultMessage: 'Deleted an event' },
  'attendees.exported': { id: 'web.admin.audit.actionAttendeesExported', defaultMessage: 'Exported attendees' },
  'message.sent': { id: 'web.admin.audit.actionMessageSent', defaultMessage: 'Sent a message' },
  'settings.changed': { id: 'web.admin.audit.actionSettingsChanged', defaultMessage: 'Changed settings' },
  'account.deleted': { id: 'web.admin.audit.actionAccountDeleted', defaultMessage: 'Deleted their account' },
  'account.exported': { id: 'web.admin.audit.actionAccountExported', defaultMessage: 'Downloaded their data' },
  'audit.pruned': { id: 'web.admin.audit.actionAuditPruned', defaultMessage: 'Removed old audit entries' },
  'consent.requested': { id: 'web.admin.audit.actionConsentRequested', defaultMessage: 'Asked for consent' },
  'consent.granted': { id: 'web.admin.audit.actionConsentGranted', defaultMessage: 'Consent given' },
  'consent.withdrawn': { id: 'web.admin.audit.actionConsentWithdrawn', defaultMessage: 'Consent withdrawn' },
  'consent.verified': { id: 'web.admin.audit.actionConsentVerified', defaultMessage: 'Confirmed a guardian’s consent' },
  'consent.rejected': { id: 'web.admin.audit.actionConsentRejected', defaultMessage: 'Rejected a guardian’s consent' },
  'member.birth_date_changed': {
    id: 'web.admin.audit.actionMemberBirthDateChanged',
    defaultMessage: 'Corrected a date of birth',
  },
  'photo_consent.changed': { id: 'web.admin.audit.actionPhotoConsentChanged', defaultMessage: 'Changed photo consent' },
  'slip.approved': { id: 'web.admin.audit.actionSlipApproved', defaultMessage: 'Permission slip approved' },
  'slip.declined': { id: 'web.admin.audit.actionSlipDeclined', defaultMessage: 'Permission slip declined' },
  'slip.expired': { id: 'web.admin.audit.actionSlipExpired', defaultMessage: 'Permission slip expired' },
  'care.viewed': { id: 'web.admin.audit.actionCareViewed', defaultMessage: 'Viewed a care card' },
  'trip_sheet.viewed': { id: 'web.admin.audit.actionTripSheetViewed', defaultMessage: 'Downloaded a trip sheet' },
  'answers.sensitive_viewed': {
    id: 'web.admin.audit.actionAnswersSensitiveViewed',
    defaultMessage: 'Read sensitive answers',
  },
  'answers.purged': { id: 'web.admin.audit.actionAnswersPurged', defaultMessage: 'Deleted old sensitive answers' },
  'section.created': { id: 'web.admin.audit.actionSectionCreated', defaultMessage: 'Created a section' },
  'section.updated': { id: 'web.admin.audit.actionSectionUpdated', defaultMessage: 'Changed a section' },
  'section.deleted': { id: 'web.admin.audit.actionSectionDeleted', defaultMessage: 'Deleted a section' },
  'section.members_changed': {
    id: 'web.admin.audit.actionSectionMembersChanged',
    defaultMessage: 'Changed a section’s members',
  },
  'section.leaders_changed': {
    id: 'web.admin.audit.actionSectionLeadersChanged',
    defaultMessage: 'Changed a section’s leaders',
  },
  'leader_check.added': { id: 'web.admin.audit.actionLeaderCheckAdded', defaultMessage: 'Recorded a leader check' },
  'leader_check.removed': { id: 'web.admin.audit.actionLeaderCheckRemoved', defaultMessage: 'Removed a leader check' },
  'leader.lapsed': { id: 'web.admin.audit.actionLeaderLapsed', defaultMessage: 'A leader’s check ran out' },
  'event.leaders_changed': {
    id: 'web.admin.audit.actionEventLeadersChanged',
    defaultMessage: 'Named an event’s leaders',
  },
  'register.saved': { id: 'web.admin.audit.actionRegisterSaved', defaultMessage: 'Took a register' },
  'event.nudged': { id: 'web.admin.audit.actionEventNudged', defaultMessage: 'Reminded those who had not replied' },
  'payment.recorded': { id: 'web.admin.audit.actionPaymentRecorded', defaultMessage: 'Recorded a payment' },
  'payment.undone': { id: 'web.admin.audit.actionPaymentUndone', defaultMessage: 'Undid a recorded payment' },
  'payment.waived': { id: 'web.admin.audit.actionPaymentWaived', defaultMessage: 'Waived a fee' },
  'payment.refunded': { id: 'web.admin.audit.actionPaymentRefunded', defaultMessage: 'Refunded a payment' },
  'payment.hold_expired': {
    id: 'web.admin.audit.actionPaymentHoldExpired',
    defaultMessage: 'Released a place left unpaid',
  },
});

const messages = defineMessages({
  title: { id: 'web.admin.audit.title', defaultMessage: 'Audit log' },
  actionLabel: { id: 'web.admin.audit.actionLabel', defaultMessage: 'Action' },
  allActions: { id: 'web.admin.audit.allActions', defaultMessage: 'All actions' },
  loading: { id: 'web.admin.audit.loading', defaultMessage: 'Loading the audit log' },
  empty: { id: 'web.admin.audit.empty', defaultMessage: 'No entries.' },
  listLabel: { id: 'web.admin.audit.listLabel', defaultMessage: 'Audit entries, newest first' },
  system: { id: 'web.admin.audit.system', defaultMessage: 'System' },
  entry: {
    id: 'web.admin.audit.entry',
    defaultMessage: '{actor}: {action}',
    description: 'Who did what: the actor (a member or "System") and the action in words.',
  },
  subject: {
    id: 'web.admin.audit.subject',
    defaultMessage:
      '{type, select, audit_log {audit log} comment {comment} event {event} invite {invite} member {member} organisation {organisation} payment {payment} permission_slip {permission slip} registration_answers {registration answers} report {report} section {section} settings {settings} user {user} other {{words}}} #{id}',
    description: 'What an entry is about and its id; `words` is an unknown kind spelled out.',
  },
  loadingMore: { id: 'web.admin.audit.loadingMore', defaultMessage: 'Loading...' },
  loadMore: { id: 'web.admin.audit.loadMore', defaultMessage: 'Load more' },
});

const inWords = (t: Translate, action: string) => {
  const known = AUDIT_ACTION_WORDS[action as AuditAction];
  return known ? t(known) : action;
};

export function AuditTab() {
  const t = useT();
  const [action, setAction] = useState('');
  const audit = useAudit(action);
  const rows = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <Card title={t(messages.title)} labelledBy="audit-title">
      <div className={styles.toolbar}>
        <Field label={t(messages.actionLabel)} className={styles.search}>
          <select value={action} onChange={(event) => setAction(event.target.value)}>
            <option value="">{t(messages.allActions)}</option>
            {AUDIT_ACTIONS.map((value) => (
              <option key={value} value={value}>
                {t(AUDIT_ACTION_WORDS[value])}
              </option>
            ))}
          </select>
        </Field>
      </div>

      {audit.isPending && <Skeleton label={t(messages.loading)} shape="lines" />}
      {audit.isError && <p role="alert">{errorMessage(audit.error)}</p>}
      {audit.isSuccess && rows.length === 0 && <p className="muted">{t(messages.empty)}</p>}
      {rows.length > 0 && (
        <ol className={styles.list} aria-label={t(messages.listLabel)}>
          {rows.map((entry) => (
            <li key={entry.id} className={styles.row}>
              <div className={styles.main}>
                <p className={styles.name}>
                  {t(messages.entry, {
                    actor: entry.actor ? memberName(entry.actor.name) : t(messages.system),
                    action: inWords(t, entry.action),
                  })}
                </p>
                <p className={styles.meta}>
                  <time dateTime={entry.at}>{longDateTime(entry.at)}</time> ·{' '}
                  {t(messages.subject, {
                    type: entry.subject.type,
                    words: words(entry.subject.type),
                    id: entry.subject.id,
                  })}
                </p>
                <AuditDetails details={entry.details} />
              </div>
            </li>
          ))}
        </ol>
      )}
      {audit.hasNextPage && (
        <div className={styles.more}>
          <Button variant="secondary" disabled={audit.isFetchingNextPage} onClick={() => audit.fetchNextPage()}>
            {t(audit.isFetchingNextPage ? messages.loadingMore : messages.loadMore)}
          </Button>
        </div>
      )}
    </Card>
  );
}
