// Permission slips as the RSVP use cases meet them: on an event that needs a guardian's approval, a minor moving
// into a spot (by their own reply or from the waitlist) holds it as 'awaiting_guardian', and their guardians are
// asked in the same transaction. The caller holds the event's row lock.
import type { AppDeps } from '../../deps';
import { ageCutoff } from '../minors/minors-service';
import * as slipsRepo from '../minors/permission-slips-repository';
import { queueSlipRequests } from '../notifications/slip-messages';
import type { Tx } from './events-repository';

export interface SlipHolds {
  /** Of `userIds` moving into a spot of this event, those who must wait for a guardian's approval. */
  awaitingAmong(tx: Tx, eventId: number, userIds: number[]): Promise<number[]>;
  /** Asks (again) for these minors' slips, with a fresh deadline, and asks their guardians. */
  ask(tx: Tx, eventId: number, childIds: number[]): Promise<void>;
}

export function createSlipHolds(deps: Pick<AppDeps, 'config' | 'prisma' | 'now'>): SlipHolds {
  return {
    async awaitingAmong(tx, eventId, userIds) {
      if (!userIds.length || !(await slipsRepo.needsApproval(tx, eventId))) return [];
      const { bornAfter } = await ageCutoff(deps, tx);
      return slipsRepo.awaitingApprovalAmong(tx, eventId, userIds, bornAfter);
    },
    async ask(tx, eventId, childIds) {
      if (!childIds.length) return;
      const now = deps.now();
      const expiresAt = new Date(now.getTime() + deps.config.guardianApprovalMs);
      const requested = await slipsRepo.requestSlips(tx, eventId, childIds, now, expiresAt);
      await queueSlipRequests(tx, deps, eventId, requested, now);
    },
  };
}
