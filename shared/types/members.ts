// What the API answers about members as admins manage them.
import type { AccountRole, GuardianConsentState, MemberStatus } from '../constants';

/** One row of the members admin list. */
export interface AdminMember {
  id: number;
  name: string;
  email: string | null;
  telegramUsername: string | null;
  /** A member role, or 'guardian' for an account made to consent for a child. */
  role: AccountRole;
  status: MemberStatus;
  createdAt: string;
  /** When the member last signed in or opened the Mini App (their newest session), or null. */
  lastSeenAt: string | null;
  /** Younger than the organisation's consent age today. */
  isMinor: boolean;
}

export interface MembersPage {
  members: AdminMember[];
  nextCursor: string | null;
}

/** A member's age and consent as an admin's consent record answers it. */
export interface MemberStanding {
  id: number;
  birthDate: string | null;
  isMinor: boolean;
  guardianConsent: GuardianConsentState;
}
