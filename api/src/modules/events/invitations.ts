// Who is invited to an event: its managers read and replace the invited set. Part of the events service.
import { invalid, notFound, type ErrorMessage } from '../../../../shared/errors';
import { MSG } from '../../../../shared/messages';
import type { InvitationItem } from '../../../../shared/types';
import type { AppDeps } from '../../deps';
import { idList } from '../../lib/id-list';
import type { Viewer } from '../users/viewer';
import type { EventAccess } from './event-access';
import * as invitationsRepo from './invitations-repository';

function unknownUsersMessage(userIds: number[]): ErrorMessage {
  if (userIds.length === 0) return MSG.unknownInvitees;
  return MSG.unknownInviteesNamed({ ids: idList(userIds) });
}

export function createInvitations(deps: Pick<AppDeps, 'prisma' | 'notifications'>, access: EventAccess) {
  const { prisma, notifications } = deps;

  async function invitations(viewer: Viewer, id: number): Promise<InvitationItem[]> {
    await access.managedRecord(viewer, id, MSG.onlyCreatorInvites);
    return invitationsRepo.listInvitations(prisma, id);
  }

  /**
   * Replaces the invited set. Invitations on a public event are accepted and stored: they change nothing
   * while it is public, and they keep their meaning if the creator later makes it private (the web app
   * only offers them on private events). Only users not invited before are notified, and only active members
   * may be newly invited (400 naming the others).
   */
  async function replaceInvitations(viewer: Viewer, id: number, userIds: number[]): Promise<InvitationItem[]> {
    await access.managedRecord(viewer, id, MSG.onlyCreatorInvites);
    const result = await invitationsRepo.replaceInvitations(prisma, id, userIds, (tx, added) =>
      notifications.invited(id, added, tx),
    );
    if (result.kind === 'event-gone') throw notFound(MSG.eventNotFound);
    if (result.kind === 'unknown-users') throw invalid(unknownUsersMessage(result.userIds));
    if (result.kind === 'not-members') throw invalid(MSG.inviteesNotMembers({ ids: idList(result.userIds) }));
    return result.invitations;
  }

  return { invitations, replaceInvitations };
}
