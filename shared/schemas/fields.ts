// The fields many requests share: stored text (one line or several), an email address, a page cursor and the
// child a guardian acts for.
import { z } from 'zod';
import { LIMITS } from '../constants';
import { type FieldName } from '../field-names';
import { MSG } from '../messages';
import { mustBeText, tooLongMessage } from './said';

/** PostgreSQL text cannot hold NUL, and an unpaired UTF-16 surrogate is not valid UTF-8: refuse both up front. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const isStorableText = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text);
export const UNSTORABLE_TEXT = MSG.textNotAllowed;

export const requiredText = (message: string, max: number, field: FieldName) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: tooLongMessage(field, max) })
    .refine(isStorableText, { error: UNSTORABLE_TEXT });

/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) make text read in another order
 * than it is written ("Flat 3B" shown as something else, "gpj.exe" as "exe.jpg").
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
/** Line breaks of every kind, with the spaces around them. */
const LINE_BREAKS = /[^\S\r\n\u2028\u2029\u0085]*[\r\n\u2028\u2029\u0085]+\s*/g;

/** One line of plain text: without bidi controls, each line break (and the spaces around it) one space. */
export const singleLine = (text: string) => text.replace(BIDI_CONTROLS, '').replace(LINE_BREAKS, ' ');

/**
 * A required one-line text (an event's name or place): cleaned by singleLine, then judged like requiredText. It
 * shows in headings, chat cards, calendar entries and email subjects, where a line break or reordering has no
 * place.
 */
export const requiredLine = (message: string, max: number, field: FieldName) =>
  z
    .string({ error: message })
    .transform(singleLine)
    .pipe(requiredText(message, max, field));

/**
 * An optional one-line text (an event's public summary): cleaned like requiredLine and trimmed; '' or null is
 * none. Left out, it is undefined: on create the field's default, on edit the stored value (events-service).
 */
export const optionalLine = (field: FieldName, max: number) =>
  z
    .preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
      z
        .string({ error: mustBeText(field) })
        .transform(singleLine)
        .pipe(
          z
            .string()
            .trim()
            .max(max, { error: tooLongMessage(field, max) })
            .refine(isStorableText, { error: UNSTORABLE_TEXT }),
        )
        .nullable(),
    )
    .optional();

export const emailSchema = z
  .string({ error: MSG.emailInvalid })
  .trim()
  .max(LIMITS.email, { error: MSG.emailInvalid })
  .pipe(z.email({ error: MSG.emailInvalid }))
  .transform((email) => email.toLowerCase());

export const pageCursor = z
  .string({ error: MSG.cursorInvalid })
  .regex(/^[1-9]\d{0,17}$/, { error: MSG.cursorInvalid })
  .optional();

/** A guardian acting for their child: the child's account id. */
export const forUserIdSchema = z
  .number({ error: MSG.forUserIdInvalid })
  .int({ error: MSG.forUserIdInvalid })
  .positive({ error: MSG.forUserIdInvalid })
  .max(2_147_483_647, { error: MSG.forUserIdInvalid })
  .optional();
