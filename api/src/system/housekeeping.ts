// Forgetting what nobody can use any more: expired sessions, rate-limit windows, sign-in states,
// login codes and email links; cover photos uploaded a day ago that no event took up; calendar cancellations
// past their 30 days; sent and failed messages and finished notification jobs past OUTBOX_RETENTION_DAYS (they
// copy names and addresses); audit entries past AUDIT_RETENTION_DAYS (the job records how many it removed); the
// ids of Stripe's webhook events after a month (STRIPE_EVENTS_RETENTION_MS, long past Stripe's retries). The
// composition root (system/create-system.ts) schedules it once start() runs (every few minutes is plenty); any
// instance may run it at any time.
import type { AppDeps } from '../deps';
import { pruneRateLimits } from '../http/rate-limit';
import { deleteEmailLinkRequestsExpiredBefore } from '../modules/auth/email-link-requests-repository';
import { pruneExpiredSessions } from '../modules/auth/sessions';
import { pruneFinished } from '../modules/notifications/outbox-repository';
import {
  createStripeEventsRepository,
  STRIPE_EVENTS_RETENTION_MS,
} from '../modules/payments/stripe/stripe-events-repository';
import type { Services } from './services';

export const HOUSEKEEPING_INTERVAL_MS = 10 * 60 * 1000;

export async function pruneExpired(
  deps: AppDeps,
  services: Pick<Services, 'loginCodes' | 'authStates' | 'images' | 'calendar' | 'audit'>,
): Promise<void> {
  await pruneExpiredSessions(deps);
  await pruneRateLimits(deps.prisma);
  await services.loginCodes.prune();
  await services.authStates.prune();
  const dayAgo = new Date(deps.now().getTime() - 24 * 60 * 60 * 1000);
  await deleteEmailLinkRequestsExpiredBefore(deps.prisma, dayAgo);
  await services.images.pruneUnattached();
  await services.calendar.pruneCancellations();
  await pruneFinished(deps.prisma, new Date(deps.now().getTime() - deps.config.outboxRetentionMs));
  await services.audit.pruneExpired();
  const stripeEventsBefore = new Date(deps.now().getTime() - STRIPE_EVENTS_RETENTION_MS);
  await createStripeEventsRepository(deps.prisma).pruneBefore(stripeEventsBefore);
}
