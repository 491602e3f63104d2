// Use cases of invite links: admins create, list and revoke them; a pending account that sends a code joins.
import { randomBytes } from 'node:crypto';
import { MSG } from '../../../../shared/messages';
import type { InviteCreateInput } from '../../../../shared/schemas/membership';
import type { CurrentUser, InvitePreview, InviteView } from '../../../../shared/types';
import type { InviteRole } from '../../../../shared/constants';
import { gone, notFound } from '../../../../shared/errors';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../audit/audit-repository';
import { findUserById, type UserRow } from '../users/users-repository';
import type { MinorsService } from '../minors/minors-service';
import {
  admitPendingUser,
  deleteInvite,
  findInvite,
  insertInvite,
  listInvites,
  takeInviteUse,
  type InviteRow,
} from './invites-repository';

const DAY_MS = 24 * 60 * 60 * 1000;

const firstName = (name: string) => name.trim().split(/\s+/u)[0] ?? name;
/** Enough for any organisation; the list is not paged. */
const LIST_LIMIT = 500;

/** 128 random bits, base64url (22 characters): not guessable, and short enough to share in a chat. */
const newCode = () => randomBytes(16).toString('base64url');

export function createInvitesService(deps: AppDeps, minors: MinorsService) {
  const { prisma } = deps;
  const toCurrentUser = minors.currentUser;

  /** The web app's join page, and the Mini App's (its start parameter names the code). */
  const toView = (row: InviteRow, origin: string): InviteView => ({
    code: row.code,
    url: `${deps.config.publicUrl ?? origin}/join/${row.code}`,
    miniAppUrl: deps.config.telegram.botUsername
      ? `https://t.me/${deps.config.telegram.botUsername}?startapp=join_${row.code}`
      : null,
    expiresAt: row.expiresAt.toISOString(),
    maxUses: row.maxUses,
    uses: row.uses,
    role: row.role as InviteRole,
  });

  async function create(actorId: number, input: InviteCreateInput, origin: string): Promise<InviteView> {
    const row = await prisma.$transaction(async (tx) => {
      const invite = await insertInvite(tx, {
        code: newCode(),
        role: input.role,
        maxUses: input.maxUses ?? null,
        expiresAt: new Date(deps.now().getTime() + input.expiresInDays * DAY_MS),
        createdBy: actorId,
      });
      // The code is a key to the organisation: the log names the invite by its first characters only.
      await recordAudit(tx, {
        actorId,
        action: 'invite.created',
        subject: { type: 'invite', id: invite.code.slice(0, 6) },
        details: { role: invite.role, maxUses: invite.maxUses, expiresAt: invite.expiresAt.toISOString() },
      });
      return invite;
    });
    return toView(row, origin);
  }

  async function list(origin: string): Promise<InviteView[]> {
    return (await listInvites(prisma, LIST_LIMIT)).map((row) => toView(row, origin));
  }

  async function revoke(actorId: number, code: string): Promise<void> {
    await prisma.$transaction(async (tx) => {
      const invite = await findInvite(tx, code);
      if (!invite || !(await deleteInvite(tx, code))) throw notFound(MSG.inviteUnknown);
      await recordAudit(tx, {
        actorId,
        action: 'invite.revoked',
        subject: { type: 'invite', id: code.slice(0, 6) },
        details: { role: invite.role, uses: invite.uses },
      });
    });
  }

  /**
   * A pending account joins with a code: active at once, with the invite's role. An account that is already
   * active has nothing to join (answered as it is, whatever the code); the use is taken only by one that joins.
   */
  async function join(user: UserRow, code: string): Promise<CurrentUser> {
    if (user.status !== 'pending') return toCurrentUser(user);
    const joined = await prisma.$transaction(async (tx) => {
      const invite = await findInvite(tx, code);
      if (!invite) throw notFound(MSG.inviteUnknown);
      const admitted = await admitPendingUser(tx, user.id, invite.role);
      // A parallel join of the same account got there first: nothing more to take.
      if (!admitted) return null;
      if (!(await takeInviteUse(tx, code, deps.now()))) throw gone(MSG.inviteUsedUp);
      await recordAudit(tx, {
        actorId: null,
        action: 'member.approved',
        subject: { type: 'member', id: user.id },
        details: { via: 'invite', invite: code.slice(0, 6), role: admitted.role },
      });
      return admitted;
    });
    return toCurrentUser(joined ?? (await findUserById(prisma, user.id)) ?? user);
  }

  /**
   * GET /api/invites/{code}: what the invite page says before anyone signs in — who invited them (a minor by first
   * name only) and to which organisation. The code is the key: 404 unknown, 410 expired or used up.
   */
  async function describe(code: string): Promise<InvitePreview> {
    const invite = await findInvite(prisma, code);
    if (!invite) throw notFound(MSG.inviteUnknown);
    if (invite.expiresAt <= deps.now() || (invite.maxUses !== null && invite.uses >= invite.maxUses))
      throw gone(MSG.inviteUsedUp);
    const creator = invite.createdBy === null ? null : await findUserById(prisma, invite.createdBy);
    const shown =
      creator && creator.status === 'active'
        ? (await minors.standingOf(creator)).isMinor
          ? firstName(creator.name)
          : creator.name
        : null;
    return {
      inviter: shown ? { name: shown } : null,
      organisation: { name: deps.config.brand.name },
      role: invite.role as InviteRole,
    };
  }

  return { create, list, revoke, join, describe };
}

export type InvitesService = ReturnType<typeof createInvitesService>;
