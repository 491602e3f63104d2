// Every use-case service, built once from the app's dependencies and handed to whatever needs it: the HTTP
// routes, the hot reads, the first screen, the bot, the worker and housekeeping. Nothing else builds a service.
import type { AppDeps } from '../deps';
import { createTemplatesService } from '../modules/admin/templates-service';
import { createAccountLinkingService } from '../modules/auth/account-linking-service';
import { createAuthService } from '../modules/auth/auth-service';
import { createAuthStates } from '../modules/auth/auth-states';
import { createCalendarService } from '../modules/calendar/calendar-service';
import { createCareService } from '../modules/care/care-service';
import { createTripSheetService } from '../modules/care/trip-sheet-service';
import { createFamilyService } from '../modules/care/family-service';
import { createAuditService } from '../modules/audit/audit-service';
import { createEventAccess } from '../modules/events/event-access';
import { createCommentsService } from '../modules/events/comments-service';
import { createEventsService } from '../modules/events/events-service';
import { createGuardiansService } from '../modules/guardians/guardians-service';
import { createSlipsService } from '../modules/guardians/slips-service';
import { createOrganiserService } from '../modules/events/organiser-service';
import { createNudgeService } from '../modules/events/nudge-service';
import { createRegisterService } from '../modules/events/register-service';
import { createAttendanceService } from '../modules/sections/attendance-service';
import { createRsvpService } from '../modules/events/rsvp-service';
import { createSeriesService } from '../modules/events/series-service';
import { createMinorsService } from '../modules/minors/minors-service';
import { createSectionsService } from '../modules/sections/sections-service';
import { createLeadersService } from '../modules/leaders/leaders-service';
import { createModerationService } from '../modules/moderation/moderation-service';
import { createNeedsService } from '../modules/needs/needs-service';
import { createImagesService } from '../modules/images/images-service';
import { createAccountService } from '../modules/members/account-service';
import { createMembersService } from '../modules/members/members-service';
import { createPhoneVerificationService } from '../modules/members/phone-verification-service';
import { createOrganisationService } from '../modules/organisation/organisation-service';
import { createInvitesService } from '../modules/membership/invites-service';
import { createMembersAdminService } from '../modules/membership/members-admin-service';
import { createNotificationsService } from '../modules/notifications/notifications-service';
import { createLoginCodesService } from '../modules/telegram/login-codes-service';
import { createReachabilityService } from '../modules/telegram/reachability-service';
import { createSharedCardsService } from '../modules/telegram/shared-cards-service';
import { createQuestionsService, createRegistrationAnswers } from '../modules/questions/questions-service';
import { NO_ONLINE_REFUNDS } from '../modules/payments/online-refunds';
import { createMemberPayments } from '../modules/payments/member-payments';
import { createPaymentPort } from '../modules/payments/payment-port';
import { createPaymentsLedger } from '../modules/payments/payments-ledger';
import { createPaymentReminders } from '../modules/payments/payment-reminders';
import { createPaymentsService } from '../modules/payments/payments-service';
import { createRefunds } from '../modules/payments/refunds';
import { createCheckoutService } from '../modules/payments/stripe/checkout-service';
import { createStripeGateway } from '../modules/payments/stripe/gateway';
import { stripeOnlineRefunds } from '../modules/payments/stripe/stripe-online-refunds';
import { createStripeWebhooks } from '../modules/payments/stripe/stripe-webhooks';

export function createServices(deps: AppDeps) {
  const minors = createMinorsService(deps);
  const sections = createSectionsService(deps, minors);
  const access = createEventAccess(deps.prisma, sections);
  const images = createImagesService(deps);
  // Registration questions' answers, judged and written with each reply and exported with the attendee CSV.
  const registrationAnswers = createRegistrationAnswers(deps);
  // Fees: refunds (through Stripe for money paid online, when it is configured) and the events module's port.
  const gateway = deps.config.stripe
    ? createStripeGateway({ ...deps.config.stripe, holdMinutes: deps.config.paymentHoldMs / 60_000, now: deps.now })
    : null;
  const refunds = createRefunds(deps, gateway ? stripeOnlineRefunds(gateway, deps.logger) : NO_ONLINE_REFUNDS);
  const payments = createPaymentPort(deps, refunds);
  const rsvp = createRsvpService(deps, access, minors, registrationAnswers, payments.port);
  const series = createSeriesService(deps);
  const auth = createAuthService(deps);
  const guardians = createGuardiansService(deps, minors, payments.port, createMemberPayments(deps));
  const leaders = createLeadersService(deps, { access });
  const questions = createQuestionsService(deps, { access, minors, rsvp, registrationAnswers });
  const events = createEventsService(deps, {
    access,
    images,
    rsvp,
    series,
    minors,
    comments: createCommentsService(deps, { access, minors }),
    sections,
    payments: payments.port,
    leaders,
  });
  return {
    access,
    minors,
    sections,
    leaders,
    images,
    rsvp,
    series,
    slips: createSlipsService(deps, rsvp),
    events,
    organiser: createOrganiserService(deps, access, minors, registrationAnswers, payments.port),
    payments: createPaymentsService(deps, access, rsvp, refunds),
    paymentsLedger: createPaymentsLedger(deps),
    checkout: createCheckoutService(deps, gateway, access, rsvp),
    stripe: gateway ? { gateway, webhooks: createStripeWebhooks(deps, gateway, rsvp, refunds) } : null,
    paymentReminders: createPaymentReminders(deps),
    refunds,
    register: createRegisterService(deps, access, leaders),
    nudges: createNudgeService(deps, access),
    attendance: createAttendanceService(deps),
    questions,
    calendar: createCalendarService(deps),
    auth,
    linking: createAccountLinkingService(deps, auth),
    authStates: createAuthStates(deps),
    loginCodes: createLoginCodesService(deps),
    reachability: createReachabilityService(deps),
    sharing: createSharedCardsService(deps, access),
    members: createMembersService(deps, minors),
    account: createAccountService(deps, payments.port),
    phone: createPhoneVerificationService(deps, minors),
    templates: createTemplatesService(deps),
    organisation: createOrganisationService(deps),
    invites: createInvitesService(deps, minors),
    membersAdmin: createMembersAdminService(deps, minors, leaders, payments.port),
    notifications: createNotificationsService(deps),
    audit: createAuditService(deps),
    moderation: createModerationService(deps),
    needs: createNeedsService(deps, leaders.shortOfLeaders),
    guardians,
    care: createCareService(deps, { minors, guardians }),
    tripSheets: createTripSheetService(deps, access, questions.sensitiveAnswerTexts),
    family: createFamilyService(deps, { guardians, events, minors }),
  };
}

export type Services = ReturnType<typeof createServices>;
