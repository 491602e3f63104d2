// Forgetting sign-in state nobody can use any more: expired sessions, rate-limit windows, sign-in states,
// login codes and email links; cover photos uploaded a day ago that no event took up; calendar cancellations
// past their 30 days. The composition root (system/create-system.ts) schedules it once start() runs (every
// few minutes is plenty); any instance may run it at any time.
import type { AppDeps } from '../../deps';
import { pruneRateLimits } from '../../http/rate-limit';
import { createCalendarService } from '../calendar/calendar-service';
import { createImagesService } from '../images/images-service';
import { createLoginCodesService } from '../telegram/login-codes-service';
import { createAuthStates } from './auth-states';
import { deleteEmailLinkRequestsExpiredBefore } from './email-link-requests-repository';
import { pruneExpiredSessions } from './sessions';

export const AUTH_HOUSEKEEPING_INTERVAL_MS = 10 * 60 * 1000;

export async function pruneAuthState(deps: AppDeps): Promise<void> {
  await pruneExpiredSessions(deps);
  await pruneRateLimits(deps.prisma);
  await createLoginCodesService(deps).prune();
  await createAuthStates(deps).prune();
  const dayAgo = new Date(deps.now().getTime() - 24 * 60 * 60 * 1000);
  await deleteEmailLinkRequestsExpiredBefore(deps.prisma, dayAgo);
  await createImagesService(deps).pruneUnattached();
  await createCalendarService(deps).pruneCancellations();
}
