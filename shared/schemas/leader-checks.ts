// Requests about leaders' checks (background check, safeguarding training, first aid), the organisation's rules
// for them, and the leaders an event names.
import { z } from 'zod';
import { isCalendarDate } from '../age';
import { MSG } from '../messages';
import { optionalLine } from './fields';
import { oneOf, said, wholeNumber } from './said';

export const LEADER_CHECK_KINDS = ['background_check', 'safeguarding_training', 'first_aid'] as const;
export type LeaderCheckKind = (typeof LEADER_CHECK_KINDS)[number];

export const LEADER_CHECK_LIMITS = {
  reference: 100,
  /** GET /api/admin/checks/expiring?days= */
  expiringDays: { min: 1, max: 366, fallback: 60 },
  minLeadersPerEvent: { min: 0, max: 20 },
  youthPerLeader: { min: 1, max: 100 },
  /** The leaders one event may name. */
  eventLeaders: 50,
} as const;

const kindField = z.enum(LEADER_CHECK_KINDS, { error: oneOf('kind', LEADER_CHECK_KINDS) });

const dayField = (field: 'completedOn' | 'expiresOn') => {
  const message = said(MSG.leaderCheckDateInvalid({ field }));
  return z.string({ error: message }).refine(isCalendarDate, { error: message });
};

/** POST /api/admin/members/{id}/checks: what was checked, its reference, when it was done and until when it holds. */
export const leaderCheckCreateSchema = z
  .object({
    kind: kindField,
    reference: optionalLine('reference', LEADER_CHECK_LIMITS.reference),
    completedOn: dayField('completedOn'),
    expiresOn: dayField('expiresOn'),
  })
  .refine((input) => input.expiresOn > input.completedOn, {
    error: MSG.leaderCheckExpiresBeforeCompleted,
    path: ['expiresOn'],
  });
export type LeaderCheckInput = z.output<typeof leaderCheckCreateSchema>;

/** GET /api/admin/checks/expiring?days=60: checks that run out within that many days (1–366, default 60). */
export const expiringQuerySchema = z.object({
  days: z
    .string({ error: wholeNumber('days', LEADER_CHECK_LIMITS.expiringDays.min, LEADER_CHECK_LIMITS.expiringDays.max) })
    .regex(/^\d{1,3}$/, {
      error: wholeNumber('days', LEADER_CHECK_LIMITS.expiringDays.min, LEADER_CHECK_LIMITS.expiringDays.max),
    })
    .transform(Number)
    .refine((days) => days >= LEADER_CHECK_LIMITS.expiringDays.min && days <= LEADER_CHECK_LIMITS.expiringDays.max, {
      error: wholeNumber('days', LEADER_CHECK_LIMITS.expiringDays.min, LEADER_CHECK_LIMITS.expiringDays.max),
    })
    .optional()
    .transform((days) => days ?? LEADER_CHECK_LIMITS.expiringDays.fallback),
});

const wholeNumberField = (name: string, { min, max }: { min: number; max: number }) => {
  const message = wholeNumber(name, min, max);
  return z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });
};

/**
 * The organisation settings' leader rules, as PATCH /api/admin/organisation takes them (each optional): the
 * checks a leader needs (none: nobody needs any), the fewest leaders per event, and minors per leader.
 */
export const leaderSettingsFields = {
  requiredLeaderChecks: z
    .array(kindField, { error: oneOf('requiredLeaderChecks', LEADER_CHECK_KINDS) })
    .max(LEADER_CHECK_KINDS.length, { error: oneOf('requiredLeaderChecks', LEADER_CHECK_KINDS) })
    .transform((kinds) => LEADER_CHECK_KINDS.filter((kind) => kinds.includes(kind)))
    .optional(),
  minLeadersPerEvent: wholeNumberField('minLeadersPerEvent', LEADER_CHECK_LIMITS.minLeadersPerEvent).optional(),
  youthPerLeader: wholeNumberField('youthPerLeader', LEADER_CHECK_LIMITS.youthPerLeader).optional(),
};

const leaderId = z
  .number({ error: MSG.sectionUserIdsInvalid })
  .int({ error: MSG.sectionUserIdsInvalid })
  .positive({ error: MSG.sectionUserIdsInvalid })
  .max(2_147_483_647, { error: MSG.sectionUserIdsInvalid });

/** PUT /api/events/{id}/leaders: the event's leaders, all of them (an empty list names none). */
export const eventLeadersSchema = z.object({
  userIds: z
    .array(leaderId, { error: MSG.sectionUserIdsInvalid })
    .max(LEADER_CHECK_LIMITS.eventLeaders, { error: MSG.sectionUserIdsInvalid })
    .transform((ids) => [...new Set(ids)]),
});
