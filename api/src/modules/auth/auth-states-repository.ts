// The auth_states table: server-issued, single-use states for sign-in and linking, bound to a browser.
import type { Prisma } from '../../db/database';

export interface NewAuthState {
  id: string;
  browserHash: string;
  purpose: 'login' | 'link';
  userId: number | null;
  expiresAt: Date;
}

export async function insertAuthState(prisma: Prisma, state: NewAuthState): Promise<void> {
  await prisma.authState.create({ data: state });
}

export interface SpendableState {
  id: string;
  browserHash: string;
  purpose: 'login' | 'link';
  /** When given, the state must also belong to this user. */
  userId?: number;
}

/**
 * Marks the state used if it matches and is unused and unexpired; answers whether it did. One conditional
 * update, so only one of two parallel calls can spend a state.
 */
export async function spendAuthState(prisma: Prisma, state: SpendableState, now: Date): Promise<boolean> {
  const { count } = await prisma.authState.updateMany({
    where: {
      id: state.id,
      browserHash: state.browserHash,
      purpose: state.purpose,
      usedAt: null,
      expiresAt: { gt: now },
      ...(state.userId !== undefined ? { userId: state.userId } : {}),
    },
    data: { usedAt: now },
  });
  return count === 1;
}

export async function deleteAuthStatesExpiredBefore(prisma: Prisma, before: Date): Promise<number> {
  const { count } = await prisma.authState.deleteMany({ where: { expiresAt: { lt: before } } });
  return count;
}
