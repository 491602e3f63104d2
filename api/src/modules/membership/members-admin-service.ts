// Use cases of the members admin: the list, approving, suspending and reinstating, roles, and deleting. Every
// change is written to the audit log in its own transaction. The organisation always keeps an active admin, and
// no admin changes their own standing (another admin must).
import type { AccountRole, MemberStatus } from '../../../../shared/constants';
import { MSG } from '../../../../shared/messages';
import type { MemberUpdateInput, MembersQuery } from '../../../../shared/schemas/membership';
import type { AdminMember, MembersPage } from '../../../../shared/types';
import { conflict, invalid, notFound } from '../../../../shared/errors';
import type { AppDeps } from '../../deps';
import type { MinorsService } from '../minors/minors-service';
import type { LeadersService } from '../leaders/leaders-service';
import type { AdminMemberWithChecks } from '../../../../shared/types/leader-checks';
import { recordAudit, type AuditDb } from '../audit/audit-repository';
import { deleteSessionsOfUser } from '../auth/sessions-repository';
import { createPaymentHolds } from '../events/payment-holds';
import type { PaymentPort } from '../events/payment-port';
import { createSlipHolds } from '../events/permission-slips';
import { eraseMember } from '../members/erasure';
import { birthDateText, findBirthDate, saveBirthDate } from '../minors/minors-repository';
import {
  countOtherActiveAdmins,
  dropQueuedMessages,
  findMemberRow,
  listMembers,
  lockAdmins,
  setMemberStatusAndRole,
  type MemberListRow,
} from './members-admin-repository';

const toMember = (row: MemberListRow, isMinor: boolean): AdminMember => ({
  id: row.id,
  name: row.name,
  email: row.email,
  telegramUsername: row.telegram_username,
  // The table's CHECK constraints keep both columns to these values.
  role: row.role as AccountRole,
  status: row.status as MemberStatus,
  createdAt: new Date(row.created_at).toISOString(),
  lastSeenAt: row.last_seen_at === null ? null : new Date(row.last_seen_at).toISOString(),
  isMinor,
});

/** The cursor is the last id of the page before (opaque to clients). */
const encodeCursor = (id: number) => Buffer.from(`m${id}`).toString('base64url');
function decodeCursor(cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString();
  if (!/^m\d{1,10}$/.test(text)) throw invalid(MSG.cursorInvalid);
  return Number(text.slice(1));
}

/** What happens to a status, as the audit log names it. */
function statusAction(before: string, after: string) {
  if (after === 'suspended') return 'member.suspended' as const;
  return before === 'pending' ? ('member.approved' as const) : ('member.reinstated' as const);
}

export function createMembersAdminService(
  deps: AppDeps,
  minors: MinorsService,
  leaders: Pick<LeadersService, 'standings'>,
  payments: Pick<PaymentPort, 'settledAmong'>,
) {
  // A place freed by an erasure goes to the waitlist by the same rules as any other.
  const holds = { approvals: createSlipHolds(deps), payments: createPaymentHolds(deps.config, payments) };
  const { prisma } = deps;

  async function list(query: MembersQuery): Promise<MembersPage & { members: AdminMemberWithChecks[] }> {
    const rows = await listMembers(prisma, {
      status: query.status,
      role: query.role,
      q: query.q || undefined,
      before: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    // Admins keep minors in the list, marked, to look after their consent and details.
    const minorIds = await minors.minorsAmong(page.map((row) => row.id));
    // Each member's checks against the required ones: the list shows who has lapsed.
    const checks = await leaders.standings(page.map((row) => row.id));
    const members = page.map((row) => ({ ...toMember(row, minorIds.has(row.id)), checks: checks.get(row.id) ?? null }));
    return { members, nextCursor: rows.length > query.limit ? encodeCursor(members.at(-1)!.id) : null };
  }

  /** Refuses what would leave the organisation without an active admin, or an admin acting on themselves. */
  async function assertAdminKept(tx: AuditDb, actorId: number, target: MemberListRow, losesAdmin: boolean) {
    if (!losesAdmin) return;
    if (target.id === actorId) throw conflict(MSG.selfDemotion);
    if (target.role === 'admin' && (await countOtherActiveAdmins(tx, target.id)) === 0) throw conflict(MSG.lastAdmin);
  }

  /**
   * An admin's correction of a member's birth date (the member sets it only once): audited as changed, without
   * either date (the entry is kept for the whole retention period; a birth date is the member's to keep).
   */
  async function correctBirthDate(tx: AuditDb, actorId: number, id: number, birthDate: string): Promise<void> {
    minors.assertPlausibleBirthDate(birthDate);
    const previous = birthDateText(await findBirthDate(tx, id));
    if (previous === birthDate) return;
    await saveBirthDate(tx, id, birthDate);
    await recordAudit(tx, {
      actorId,
      action: 'member.birth_date_changed',
      subject: { type: 'member', id },
      details: { birthDate: 'changed' },
    });
  }

  async function update(actorId: number, id: number, input: MemberUpdateInput): Promise<AdminMember> {
    return prisma.$transaction(async (tx) => {
      await lockAdmins(tx);
      const before = await findMemberRow(tx, id);
      if (!before) throw notFound(MSG.memberNotFound);
      if (input.birthDate !== undefined) await correctBirthDate(tx, actorId, id, input.birthDate);
      const status = input.status !== undefined && input.status !== before.status ? input.status : undefined;
      const role = input.role !== undefined && input.role !== before.role ? input.role : undefined;
      if (id === actorId && (status !== undefined || role !== undefined)) throw conflict(MSG.selfDemotion);
      const losesAdmin =
        before.role === 'admin' && before.status === 'active' && (status === 'suspended' || role !== undefined);
      await assertAdminKept(tx, actorId, before, losesAdmin);
      const shown = async (row: MemberListRow) => toMember(row, (await minors.minorsAmong([row.id], tx)).has(row.id));
      if (status === undefined && role === undefined) return shown(before);

      await setMemberStatusAndRole(tx, id, { status, role });
      // The admin's own words, when given, stay with the entry they explain.
      const withReason: { reason?: string } = input.reason === undefined ? {} : { reason: input.reason };
      const subject = { type: 'member', id };
      if (status !== undefined) {
        if (status === 'suspended') {
          // Its sessions end now (also those read by the hot path), and nothing queued for it goes out.
          await deleteSessionsOfUser(tx, id);
          await dropQueuedMessages(tx, id);
        }
        await recordAudit(tx, {
          actorId,
          action: statusAction(before.status, status),
          subject,
          details: { before: before.status, after: status, ...withReason },
        });
      }
      if (role !== undefined) {
        await recordAudit(tx, {
          actorId,
          action: 'member.role_changed',
          subject,
          details: { before: before.role, after: role, ...withReason },
        });
      }
      return shown((await findMemberRow(tx, id))!);
    });
  }

  /** Deletes (erases) a member; rejecting an applicant is this too. */
  async function remove(actorId: number, id: number, reason?: string): Promise<void> {
    await prisma.$transaction(async (tx) => {
      await lockAdmins(tx);
      const target = await findMemberRow(tx, id);
      if (!target) throw notFound(MSG.memberNotFound);
      if (id === actorId) throw conflict(MSG.selfDemotion);
      await assertAdminKept(tx, actorId, target, target.role === 'admin' && target.status === 'active');
      await eraseMember(tx, id, holds);
      // Who it was stays out of the log: erasure must leave no trace of their data. The admin's reason is the
      // admin's text, not the member's data.
      await recordAudit(tx, {
        actorId,
        action: 'member.deleted',
        subject: { type: 'member', id },
        details: { status: target.status, role: target.role, ...(reason === undefined ? {} : { reason }) },
      });
    });
  }

  return { list, update, remove };
}

export type MembersAdminService = ReturnType<typeof createMembersAdminService>;
