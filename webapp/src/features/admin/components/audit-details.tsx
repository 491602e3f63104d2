// The details under an audit entry, each name in the reader's language: a label for every name the server may
// record (AUDIT_DETAIL_KEYS), a setting's change as its label with "before" or "after", and any other name (an
// entry written before its label existed) spelled out of its key.
import { AUDIT_DETAIL_KEYS, type AuditDetailKey } from '../../../../../shared/audit-details';
import type { AuditEntryItem } from '../../../../../shared/types';
import { defineMessages, useT, type MessageDescriptor, type Translate } from '../../../i18n';
import styles from './admin-lists.module.css';

export const AUDIT_DETAIL_WORDS: Record<AuditDetailKey, MessageDescriptor> = defineMessages({
  absent: { id: 'web.admin.audit.detail.absent', defaultMessage: 'absent' },
  action: { id: 'web.admin.audit.detail.action', defaultMessage: 'action' },
  added: { id: 'web.admin.audit.detail.added', defaultMessage: 'added' },
  after: { id: 'web.admin.audit.detail.after', defaultMessage: 'after' },
  alsoResolved: { id: 'web.admin.audit.detail.alsoResolved', defaultMessage: 'also resolved' },
  amount: { id: 'web.admin.audit.detail.amount', defaultMessage: 'amount' },
  answers: { id: 'web.admin.audit.detail.answers', defaultMessage: 'answers' },
  audience: { id: 'web.admin.audit.detail.audience', defaultMessage: 'audience' },
  authorId: { id: 'web.admin.audit.detail.authorId', defaultMessage: 'author id' },
  awaitingVerification: { id: 'web.admin.audit.detail.awaitingVerification', defaultMessage: 'awaiting confirmation' },
  before: { id: 'web.admin.audit.detail.before', defaultMessage: 'before' },
  birthDate: { id: 'web.admin.audit.detail.birthDate', defaultMessage: 'date of birth' },
  by: { id: 'web.admin.audit.detail.by', defaultMessage: 'by' },
  cards: { id: 'web.admin.audit.detail.cards', defaultMessage: 'care cards' },
  change: { id: 'web.admin.audit.detail.change', defaultMessage: 'change' },
  checkId: { id: 'web.admin.audit.detail.checkId', defaultMessage: 'check id' },
  childId: { id: 'web.admin.audit.detail.childId', defaultMessage: 'child id' },
  commentId: { id: 'web.admin.audit.detail.commentId', defaultMessage: 'comment id' },
  consentAge: { id: 'web.admin.audit.detail.consentAge', defaultMessage: 'age of consent' },
  consentId: { id: 'web.admin.audit.detail.consentId', defaultMessage: 'consent id' },
  consentTextVersion: { id: 'web.admin.audit.detail.consentTextVersion', defaultMessage: 'consent text version' },
  consentVerification: { id: 'web.admin.audit.detail.consentVerification', defaultMessage: 'consent by email link' },
  consents: { id: 'web.admin.audit.detail.consents', defaultMessage: 'consents' },
  count: { id: 'web.admin.audit.detail.count', defaultMessage: 'count' },
  currency: { id: 'web.admin.audit.detail.currency', defaultMessage: 'currency' },
  days: { id: 'web.admin.audit.detail.days', defaultMessage: 'days' },
  defaultLanguage: { id: 'web.admin.audit.detail.defaultLanguage', defaultMessage: 'default language' },
  emailed: { id: 'web.admin.audit.detail.emailed', defaultMessage: 'emailed' },
  enabled: { id: 'web.admin.audit.detail.enabled', defaultMessage: 'enabled' },
  entries: { id: 'web.admin.audit.detail.entries', defaultMessage: 'members marked' },
  eventId: { id: 'web.admin.audit.detail.eventId', defaultMessage: 'event id' },
  events: { id: 'web.admin.audit.detail.events', defaultMessage: 'events' },
  excused: { id: 'web.admin.audit.detail.excused', defaultMessage: 'excused' },
  expiresAt: { id: 'web.admin.audit.detail.expiresAt', defaultMessage: 'expires at' },
  expiresOn: { id: 'web.admin.audit.detail.expiresOn', defaultMessage: 'valid until' },
  firstSave: { id: 'web.admin.audit.detail.firstSave', defaultMessage: 'first save' },
  format: { id: 'web.admin.audit.detail.format', defaultMessage: 'format' },
  guardianAccount: { id: 'web.admin.audit.detail.guardianAccount', defaultMessage: 'guardian account' },
  guardianId: { id: 'web.admin.audit.detail.guardianId', defaultMessage: 'guardian id' },
  host: { id: 'web.admin.audit.detail.host', defaultMessage: 'host' },
  invite: { id: 'web.admin.audit.detail.invite', defaultMessage: 'invite' },
  keys: { id: 'web.admin.audit.detail.keys', defaultMessage: 'changed settings' },
  kind: { id: 'web.admin.audit.detail.kind', defaultMessage: 'kind' },
  late: { id: 'web.admin.audit.detail.late', defaultMessage: 'late' },
  leaders: { id: 'web.admin.audit.detail.leaders', defaultMessage: 'leaders' },
  linkPreviews: { id: 'web.admin.audit.detail.linkPreviews', defaultMessage: 'link previews' },
  maxUses: { id: 'web.admin.audit.detail.maxUses', defaultMessage: 'max uses' },
  membershipMode: { id: 'web.admin.audit.detail.membershipMode', defaultMessage: 'membership mode' },
  method: { id: 'web.admin.audit.detail.method', defaultMessage: 'method' },
  minLeadersPerEvent: { id: 'web.admin.audit.detail.minLeadersPerEvent', defaultMessage: 'minimum leaders per event' },
  name: { id: 'web.admin.audit.detail.name', defaultMessage: 'name' },
  passwordChanged: { id: 'web.admin.audit.detail.passwordChanged', defaultMessage: 'password changed' },
  present: { id: 'web.admin.audit.detail.present', defaultMessage: 'present' },
  reason: { id: 'web.admin.audit.detail.reason', defaultMessage: 'reason' },
  recipients: { id: 'web.admin.audit.detail.recipients', defaultMessage: 'recipients' },
  recordedBy: { id: 'web.admin.audit.detail.recordedBy', defaultMessage: 'recorded by' },
  refundUntilHours: { id: 'web.admin.audit.detail.refundUntilHours', defaultMessage: 'refunds until (hours before)' },
  removed: { id: 'web.admin.audit.detail.removed', defaultMessage: 'removed' },
  repliesReleased: { id: 'web.admin.audit.detail.repliesReleased', defaultMessage: 'replies released' },
  reportId: { id: 'web.admin.audit.detail.reportId', defaultMessage: 'report id' },
  requestId: { id: 'web.admin.audit.detail.requestId', defaultMessage: 'request id' },
  requireBirthDate: { id: 'web.admin.audit.detail.requireBirthDate', defaultMessage: 'date of birth asked' },
  requiredLeaderChecks: { id: 'web.admin.audit.detail.requiredLeaderChecks', defaultMessage: 'required leader checks' },
  role: { id: 'web.admin.audit.detail.role', defaultMessage: 'role' },
  rows: { id: 'web.admin.audit.detail.rows', defaultMessage: 'rows' },
  scope: { id: 'web.admin.audit.detail.scope', defaultMessage: 'scope' },
  status: { id: 'web.admin.audit.detail.status', defaultMessage: 'status' },
  textVersion: { id: 'web.admin.audit.detail.textVersion', defaultMessage: 'text version' },
  timeZone: { id: 'web.admin.audit.detail.timeZone', defaultMessage: 'time zone' },
  userId: { id: 'web.admin.audit.detail.userId', defaultMessage: 'member id' },
  uses: { id: 'web.admin.audit.detail.uses', defaultMessage: 'uses' },
  via: { id: 'web.admin.audit.detail.via', defaultMessage: 'via' },
  youthPerLeader: { id: 'web.admin.audit.detail.youthPerLeader', defaultMessage: 'young people per leader' },
});

const messages = defineMessages({
  changedBefore: {
    id: 'web.admin.audit.detail.changedBefore',
    defaultMessage: '{name}, before',
    description: 'A setting’s value before a change; `name` is the setting’s label.',
  },
  changedAfter: {
    id: 'web.admin.audit.detail.changedAfter',
    defaultMessage: '{name}, after',
    description: 'A setting’s value after a change; `name` is the setting’s label.',
  },
});

/** 'removeComment' and 'remove_comment' read as 'remove comment'. */
export const words = (key: string) =>
  key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_.]/g, ' ')
    .toLowerCase();

const isKnown = (key: string): key is AuditDetailKey => (AUDIT_DETAIL_KEYS as readonly string[]).includes(key);

/** A detail's name in words: its label, a setting's label before or after, or its key spelled out. */
export function detailLabel(t: Translate, key: string): string {
  if (isKnown(key)) return t(AUDIT_DETAIL_WORDS[key]);
  const [, name, side] = /^(\w+)\.(before|after)$/.exec(key) ?? [];
  if (name && isKnown(name))
    return t(side === 'before' ? messages.changedBefore : messages.changedAfter, { name: t(AUDIT_DETAIL_WORDS[name]) });
  return words(key);
}

function detailValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export function AuditDetails({ details }: { details: AuditEntryItem['details'] }) {
  const t = useT();
  const entries = Object.entries(details ?? {});
  if (entries.length === 0) return null;
  return (
    <dl className={styles.details}>
      {entries.map(([key, value]) => (
        // A name and its value as one piece, so a line never ends between them.
        <div key={key}>
          <dt>{detailLabel(t, key)}</dt>
          <dd>{detailValue(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
