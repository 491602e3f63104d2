// An event's registration questions and the answers to them.
import { z } from 'zod';
import { QUESTION_KINDS, QUESTION_LIMITS } from '../constants';
import { MSG } from '../messages';
import { forUserIdSchema } from './fields';
import { boolean } from './said';

const answerValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);
export const answersSchema = z.record(z.string().regex(/^\d{1,10}$/), answerValueSchema, { error: MSG.answersInvalid });
export type AnswersInput = z.infer<typeof answersSchema>;

/** PUT /api/events/{id}/questions: the whole list, in order; a question with an id keeps it (and its answers). */
const questionSchema = z
  .object({
    id: z.number().int().positive().max(2_147_483_647).optional(),
    label: z
      .string({ error: MSG.questionLabelInvalid })
      .trim()
      .min(1, { error: MSG.questionLabelInvalid })
      .max(QUESTION_LIMITS.labelMax, { error: MSG.questionLabelInvalid }),
    kind: z.enum(QUESTION_KINDS, { error: MSG.questionsInvalid }),
    options: z
      .array(
        z.string({ error: MSG.questionOptionsInvalid }).trim().min(1).max(QUESTION_LIMITS.optionMax, {
          error: MSG.questionOptionsInvalid,
        }),
        { error: MSG.questionOptionsInvalid },
      )
      .min(1, { error: MSG.questionOptionsInvalid })
      .max(QUESTION_LIMITS.optionsMax, { error: MSG.questionOptionsInvalid })
      .refine((options) => new Set(options).size === options.length, { error: MSG.questionOptionsInvalid })
      .optional(),
    required: z.boolean({ error: boolean('required') }),
    sensitive: z.boolean({ error: boolean('sensitive') }),
  })
  .refine((q) => (q.kind === 'single' || q.kind === 'multi') === (q.options !== undefined), {
    error: MSG.questionOptionsInvalid,
  });
export const questionsSchema = z
  .array(questionSchema, { error: MSG.questionsInvalid })
  .max(QUESTION_LIMITS.questionsMax, { error: MSG.questionsInvalid });
export type QuestionInput = z.infer<typeof questionSchema>;

/** PUT /api/events/{id}/answers: the member's (or, forUserId, their child's) answers, changed until RSVPs close. */
export const answersUpdateSchema = z.object({
  answers: answersSchema,
  forUserId: forUserIdSchema,
});
export type AnswersUpdateInput = z.infer<typeof answersUpdateSchema>;

/** GET /api/events/{id}/answers?forUserId=: a guardian reads their child's answers (what the PUT changes). */
export const answersQuerySchema = z.object({
  forUserId: z
    .string({ error: MSG.forUserIdInvalid })
    .regex(/^\d{1,10}$/, { error: MSG.forUserIdInvalid })
    .transform(Number)
    .pipe(forUserIdSchema.unwrap())
    .optional(),
});

/** GET /api/events/{id}/attendees.csv?sensitive=true: with the answers to sensitive questions (audited). */
export const csvQuerySchema = z.object({
  sensitive: z
    .enum(['true', 'false'], { error: boolean('sensitive') })
    .optional()
    .transform((value) => value === 'true'),
});
