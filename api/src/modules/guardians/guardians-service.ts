// Use cases of a guardian's consent, in three parts: a minor asks and a guardian consents through the emailed
// link (consent-requests.ts); the guardian sees their children, chooses photo consent and may withdraw
// (guardian-children.ts); an admin records consent given on paper or confirms an emailed one
// (consent-decisions.ts). Every consent, change and withdrawal is audited with the change itself.
import type { AppDeps } from '../../deps';
import type { UserRow } from '../users/users-repository';
import type { MinorsService } from '../minors/minors-service';
import type { MemberPayments } from '../payments/member-payments';
import type { PaymentPort } from '../events/payment-port';
import { createConsentDecisions } from './consent-decisions';
import { createConsentRequests } from './consent-requests';
import { createGuardianChildren } from './guardian-children';

export function createGuardiansService(
  deps: AppDeps,
  minors: MinorsService,
  payments: Pick<PaymentPort, 'settledAmong'>,
  paymentsOf: MemberPayments,
) {
  const { childOf, ...children } = createGuardianChildren(deps, minors, payments, paymentsOf);
  return {
    ...createConsentRequests(deps, minors),
    ...children,
    ...createConsentDecisions(deps, minors),
    /** The child when `guardian` is their guardian: 409 while a leader has not confirmed, 403 otherwise. */
    childOf: (guardian: UserRow, childId: number) => childOf(deps.prisma, guardian, childId),
  };
}

export type GuardiansService = ReturnType<typeof createGuardiansService>;
