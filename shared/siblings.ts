// A guardian replying for several of their children in one request (POST /api/events/{id}/attend with
// forUserIds), and "together": all of them get a place or none, waiting as one block until the block fits
// (docs/features/rsvp.md#siblings-together). The single-member reply (attendSchema) is unchanged.
import { z } from 'zod';
import type { StoredRsvpStatus } from './constants';
import { MSG } from './messages';
import { answersSchema } from './schemas/questions';
import { attendSchema } from './schemas/rsvp';
import { said } from './schemas/said';

/** At most this many children in one reply. */
export const SIBLINGS_MAX = 10;

const childIdSchema = z
  .number({ error: MSG.forUserIdsInvalid })
  .int({ error: MSG.forUserIdsInvalid })
  .positive({ error: MSG.forUserIdsInvalid })
  .max(2_147_483_647, { error: MSG.forUserIdsInvalid });

/**
 * The reply with the siblings' fields. `answers` is given to every child named; `answersFor[childId]` (a child of
 * forUserIds) goes over it for that child, question by question. Without forUserIds it is the single reply.
 */
export const replySchema = attendSchema
  .extend({
    forUserIds: z
      .array(childIdSchema, { error: MSG.forUserIdsInvalid })
      .min(1, { error: MSG.forUserIdsInvalid })
      .max(SIBLINGS_MAX, { error: MSG.forUserIdsInvalid })
      .refine((ids) => new Set(ids).size === ids.length, { error: MSG.forUserIdsInvalid })
      .optional(),
    together: z.boolean({ error: said(MSG.fieldBoolean({ field: 'together' })) }).optional(),
    answersFor: z.record(z.string().regex(/^\d{1,10}$/), answersSchema, { error: MSG.answersForInvalid }).optional(),
  })
  .superRefine((input, ctx) => {
    const siblings = input.forUserIds;
    if (siblings === undefined) {
      // together and answersFor speak of siblings: alone they would be silently ignored.
      if (input.together !== undefined) ctx.addIssue({ code: 'custom', message: MSG.forUserIdsInvalid });
      if (input.answersFor !== undefined) ctx.addIssue({ code: 'custom', message: MSG.answersForInvalid });
      return;
    }
    if (input.forUserId !== undefined) ctx.addIssue({ code: 'custom', message: MSG.forUserIdsInvalid });
    const named = new Set(siblings.map(String));
    if (Object.keys(input.answersFor ?? {}).some((id) => !named.has(id))) {
      ctx.addIssue({ code: 'custom', message: MSG.answersForInvalid });
    }
  });
export type ReplyInput = z.infer<typeof replySchema>;
/** A reply naming forUserIds: the siblings' request. */
export type SiblingsReplyInput = ReplyInput & { forUserIds: number[] };

/** One child's reply after a siblings' request. */
export interface ChildReply {
  userId: number;
  status: StoredRsvpStatus;
  guests: number;
  /** Only when waitlisted: 1 for the next to be promoted (a block's children have consecutive places). */
  waitlistPosition?: number;
}

/** The answer to a request with forUserIds: each child's reply, in the order named, and the event's counts. */
export interface SiblingsReplyResponse {
  replies: ChildReply[];
  /** Whether the children were placed all or none (the request's `together`). */
  together: boolean;
  attendingCount: number;
  spotsLeft: number | null;
  waitlistCount: number;
}
