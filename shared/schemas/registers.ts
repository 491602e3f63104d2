// Requests about registers: the marks a leader saves for a meeting, and the range of a section's attendance report.
import { z } from 'zod';
import { isCalendarDate } from '../age';
import { MSG } from '../messages';

export const REGISTER_STATUSES = ['present', 'late', 'excused', 'absent'] as const;
export const REGISTER_LIMITS = { entries: 500, rangeDays: 731 } as const;

const entrySchema = z.object(
  {
    userId: z
      .number({ error: MSG.registerInvalid })
      .int({ error: MSG.registerInvalid })
      .positive({ error: MSG.registerInvalid })
      .max(2_147_483_647, { error: MSG.registerInvalid }),
    status: z.enum(REGISTER_STATUSES, { error: MSG.registerStatusInvalid }),
  },
  { error: MSG.registerInvalid },
);

/** PUT /api/events/{id}/register: marks for some members; those left out keep theirs. */
export const registerSchema = z.object({
  entries: z
    .array(entrySchema, { error: MSG.registerInvalid })
    .min(1, { error: MSG.registerInvalid })
    .max(REGISTER_LIMITS.entries, { error: MSG.registerInvalid })
    .refine((entries) => new Set(entries.map((entry) => entry.userId)).size === entries.length, {
      error: MSG.registerDuplicate,
    }),
});
export type RegisterInput = z.infer<typeof registerSchema>;

const day = z
  .string({ error: MSG.attendanceRangeInvalid })
  .refine(isCalendarDate, { error: MSG.attendanceRangeInvalid });

/** ?from=&to= of a section's attendance: calendar days in the organisation's zone, both included. */
export const attendanceRangeSchema = z.object({ from: day.optional(), to: day.optional() });
