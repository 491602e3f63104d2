// Requests about sections (Beavers, Cubs, Scouts): creating and editing one, its members and its leaders, and
// the events list's section filter.
import { z } from 'zod';
import { MSG } from '../messages';
import { optionalLine, requiredLine } from './fields';

export const SECTION_LIMITS = { name: 60, description: 500, members: 500 } as const;

const colourSchema = z
  .string({ error: MSG.sectionColourInvalid })
  .trim()
  .toLowerCase()
  .regex(/^#[0-9a-f]{6}$/, { error: MSG.sectionColourInvalid });

/** POST /api/sections: a name (1–60, unique whatever its case), and optionally words about it and a colour. */
export const sectionCreateSchema = z.object({
  name: requiredLine(MSG.sectionNameRequired, SECTION_LIMITS.name, 'name'),
  description: optionalLine('description', SECTION_LIMITS.description),
  colour: colourSchema.nullable().optional(),
});

/** PATCH /api/sections/{id}: any of the fields; a left-out one keeps its value, null clears an optional one. */
export const sectionUpdateSchema = sectionCreateSchema.partial();

const memberId = z
  .number({ error: MSG.sectionUserIdsInvalid })
  .int({ error: MSG.sectionUserIdsInvalid })
  .positive({ error: MSG.sectionUserIdsInvalid })
  .max(2_147_483_647, { error: MSG.sectionUserIdsInvalid });
const memberIds = z
  .array(memberId, { error: MSG.sectionUserIdsInvalid })
  .max(SECTION_LIMITS.members, { error: MSG.sectionUserIdsInvalid })
  .transform((ids) => [...new Set(ids)]);

/** PUT /api/sections/{id}/members: members to add and to remove (either may be left out). */
export const sectionMembersSchema = z.object({ add: memberIds.optional(), remove: memberIds.optional() });

/** PUT /api/sections/{id}/leaders: the section's leaders, all of them. */
export const sectionLeadersSchema = z.object({ userIds: memberIds });

/** ?sectionId= of GET /api/events: only that section's events. */
export const sectionFilterSchema = z.object({
  sectionId: z
    .string({ error: MSG.sectionInvalid })
    .regex(/^[1-9]\d{0,9}$/, { error: MSG.sectionInvalid })
    .transform(Number)
    .refine((id) => id <= 2_147_483_647, { error: MSG.sectionInvalid })
    .optional(),
});
