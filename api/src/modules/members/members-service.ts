// Use cases of a user's own profile, notification preferences and the member directory.
import type { NotificationChannel, OrganisationLanguage } from '../../../../shared/constants';
import { MSG } from '../../../../shared/messages';
import type { UpdateMeInput } from '../../../../shared/schemas/users';
import type { CurrentUser, DirectoryUser, PublicUser } from '../../../../shared/types';
import type { AppDeps } from '../../deps';
import type { MinorsService } from '../minors/minors-service';
import { forbidden, invalid, type ErrorMessage } from '../../../../shared/errors';
import { byShownName } from '../../../../shared/minor-names';
import { mayCreateEvents } from '../../../../shared/permissions';
import {
  listActiveMembers,
  signInEmail,
  toDirectoryUser,
  toPublicUser,
  updatePhoneNumber,
  updateUser,
  type UserRow,
} from '../users/users-repository';

/** Why a channel cannot be turned on for this user yet, or null when it can. */
function missingContact(user: UserRow, channel: NotificationChannel): ErrorMessage | null {
  switch (channel) {
    case 'sms':
      return user.phoneNumber ? null : MSG.smsNeedsPhone;
    // A signed-in Telegram account (telegramId) is enough to reach the user even without a public username.
    case 'telegram':
      return user.telegramUsername || user.telegramId ? null : MSG.telegramNeedsUsername;
    case 'email':
      return signInEmail(user) ? null : MSG.emailNeedsAddress;
  }
}

export function createMembersService(deps: Pick<AppDeps, 'prisma'>, minors: MinorsService) {
  const { prisma } = deps;
  const toCurrentUser = minors.currentUser;

  async function updateContact(user: UserRow, input: UpdateMeInput): Promise<CurrentUser> {
    if ('phoneNumber' in input) return await toCurrentUser(await updatePhoneNumber(prisma, user.id, input.phoneNumber));
    if ('hideFromAttendees' in input) {
      return await toCurrentUser(await updateUser(prisma, user.id, { hideFromAttendees: input.hideFromAttendees }));
    }
    return await toCurrentUser(await updateUser(prisma, user.id, { telegramUsername: input.telegramUsername }));
  }

  /**
   * Replaces the channel list. Only channels being turned on are checked: a channel the user already has
   * stays switchable off (and kept) even if its contact detail later went away.
   */
  async function chooseLanguage(user: UserRow, language: OrganisationLanguage | null): Promise<CurrentUser> {
    return toCurrentUser(await updateUser(prisma, user.id, { language }));
  }

  async function updatePreferences(user: UserRow, preferences: NotificationChannel[]): Promise<CurrentUser> {
    for (const channel of preferences) {
      if (user.notificationPrefs.includes(channel)) continue;
      const problem = missingContact(user, channel);
      if (problem) throw invalid(problem);
    }
    return await toCurrentUser(await updateUser(prisma, user.id, { notificationPrefs: preferences }));
  }

  /**
   * The invitation dialog's list, for those who run events: organisers see names, admins also emails (to tell
   * invitees apart). Members do not get a list of everyone (children included). An organiser may invite a
   * minor to a private event but sees them as other members do, "Maria S." (minors-service: shownTo); once
   * invited and replying, the organiser sees the full name in their event's attendee list. Only active members
   * are listed (no account waiting for approval, suspended or made for a guardian: none of them can be
   * invited), in the order of the names as this viewer sees them.
   */
  async function directory(viewer: UserRow): Promise<PublicUser[] | DirectoryUser[]> {
    if (!mayCreateEvents(viewer)) throw forbidden(MSG.directoryOrganisersOnly);
    const users = await listActiveMembers(prisma);
    const shown = viewer.isAdmin
      ? users.map(toDirectoryUser)
      : await minors.shownTo(viewer, users.map(toPublicUser), false);
    return shown.sort(byShownName);
  }

  return { updateContact, chooseLanguage, updatePreferences, directory };
}

export type MembersService = ReturnType<typeof createMembersService>;
