// A member's reply to an event and what organisers do with the replies: message them, check them in.
import { z } from 'zod';
import { MESSAGE_AUDIENCES, PASS_TOKEN, RSVP_LIMITS, RSVP_STATUSES } from '../constants';
import { MSG } from '../messages';
import { forUserIdSchema, requiredText } from './fields';
import { answersSchema } from './questions';

const guestsSchema = z
  .number({ error: MSG.rsvpGuestsInvalid })
  .int({ error: MSG.rsvpGuestsInvalid })
  .min(0, { error: MSG.rsvpGuestsInvalid })
  .max(RSVP_LIMITS.guestsMax, { error: MSG.rsvpGuestsInvalid });

/**
 * POST /api/events/{id}/attend. `guests` (extra people brought) counts only with 'attending'; left out, the
 * member keeps the guests they had.
 */
export const attendSchema = z.object({
  status: z.enum(RSVP_STATUSES, { error: MSG.rsvpStatusInvalid }),
  guests: guestsSchema.optional(),
  /** Answers to the event's registration questions, by question id (checked against each question's kind). */
  answers: z.lazy(() => answersSchema).optional(),
  /** A guardian replying for their child (the child's account id). */
  forUserId: forUserIdSchema,
});
export type AttendInput = z.infer<typeof attendSchema>;

/** POST /api/events/{id}/messages: the organiser writes to everyone attending, waitlisted or maybe. */
export const eventMessageSchema = z.object({
  audience: z.enum(MESSAGE_AUDIENCES, { error: MSG.messageAudienceInvalid }),
  text: requiredText(MSG.messageTextRequired, RSVP_LIMITS.messageMax, 'message'),
});
export type EventMessageInput = z.infer<typeof eventMessageSchema>;

/** POST /api/events/{id}/check-in: the member's id (typed or picked by the organiser) or their scanned pass. */
export const checkInSchema = z.union(
  [
    z.strictObject({
      userId: z
        .number({ error: MSG.checkInTarget })
        .int({ error: MSG.checkInTarget })
        .positive({ error: MSG.checkInTarget })
        .max(2_147_483_647, { error: MSG.checkInTarget }),
    }),
    z.strictObject({ pass: z.string().trim().regex(PASS_TOKEN, { error: MSG.passInvalid }) }),
  ],
  { error: MSG.checkInTarget },
);
export type CheckInInput = z.infer<typeof checkInSchema>;
