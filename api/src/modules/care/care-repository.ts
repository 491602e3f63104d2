// The care_cards table (one sealed JSON document per member) and what the trip sheet reads with it: the replies
// whose cards an event's leaders may see, each member's age and photo consent, and their guardians' contacts.
import { CARE_VISIBLE_STATUSES, type CareVisibleStatus } from '../../../../shared/care';
import type { AuditDb } from '../audit/audit-repository';

export interface StoredCard {
  sealed: string;
  updatedAt: Date;
}

export function findCard(db: AuditDb, userId: number): Promise<StoredCard | null> {
  return db.careCard.findUnique({ where: { userId }, select: { sealed: true, updatedAt: true } });
}

export async function saveCard(db: AuditDb, userId: number, sealed: string, now: Date): Promise<StoredCard> {
  return db.careCard.upsert({
    where: { userId },
    create: { userId, sealed, updatedAt: now },
    update: { sealed, updatedAt: now },
    select: { sealed: true, updatedAt: true },
  });
}

/** Erasing the account: the card goes with it (the users row stays as a tombstone, so no cascade does it). */
export async function eraseCard(db: AuditDb, userId: number): Promise<void> {
  await db.careCard.deleteMany({ where: { userId } });
}

/** Whether the account exists and was not erased. */
export async function isMember(db: AuditDb, userId: number): Promise<boolean> {
  return (await db.user.count({ where: { id: userId, deletedAt: null } })) > 0;
}

/** Whether an active guardian account is linked to the member (then the guardian keeps a minor's card). */
export async function hasLinkedGuardian(db: AuditDb, childId: number): Promise<boolean> {
  const count = await db.guardianship.count({
    where: { childId, guardian: { deletedAt: null, status: 'active' } },
  });
  return count > 0;
}

export interface TripRow {
  status: CareVisibleStatus;
  checkedInAt: Date | null;
  waitlistedAt: Date | null;
  user: {
    id: number;
    name: string;
    birthDate: Date | null;
    photoConsent: string;
    careCard: StoredCard | null;
    guardians: Array<{
      guardian: {
        name: string;
        phoneNumber: string | null;
        googleEmail: string | null;
        linkedEmail: string | null;
        linkedEmailConfirmed: boolean;
      };
    }>;
  };
}

/** The event's replies that open a member's card to its leaders (attending, waitlisted, awaiting a guardian). */
export async function tripRows(db: AuditDb, eventId: number): Promise<TripRow[]> {
  const rows = await db.attendance.findMany({
    where: { eventId, status: { in: [...CARE_VISIBLE_STATUSES] }, user: { deletedAt: null } },
    orderBy: { id: 'asc' },
    select: {
      status: true,
      checkedInAt: true,
      waitlistedAt: true,
      user: {
        select: {
          id: true,
          name: true,
          birthDate: true,
          photoConsent: true,
          careCard: { select: { sealed: true, updatedAt: true } },
          guardians: {
            where: { guardian: { deletedAt: null, status: 'active' } },
            orderBy: [{ createdAt: 'asc' }, { guardianId: 'asc' }],
            select: {
              guardian: {
                select: {
                  name: true,
                  phoneNumber: true,
                  googleEmail: true,
                  linkedEmail: true,
                  linkedEmailConfirmed: true,
                },
              },
            },
          },
        },
      },
    },
  });
  // The where clause keeps the statuses to CARE_VISIBLE_STATUSES.
  return rows as TripRow[];
}
