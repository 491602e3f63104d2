// The care card (one per member: allergies, medication, medical notes, diet, emergency contacts) and the trip
// sheet its event's leaders read: the request schema the API validates with (and a form can use), the limits
// and the answers' types. Who may read a card, and when, is the API's care module (docs/features/care.md).
import { z } from 'zod';
import type { PhotoConsent } from './constants';
import { MSG } from './messages';
import { said, tooLongMessage, type CareField } from './schemas/said';

export const DIETARY_NEEDS = [
  'vegetarian',
  'vegan',
  'halal',
  'kosher',
  'gluten_free',
  'lactose_free',
  'nut_free',
] as const;
export type DietaryNeed = (typeof DIETARY_NEEDS)[number];

export const CARE_LIMITS = {
  /** allergies, medications, medicalNotes and dietary.notes, in characters after trimming. */
  text: 1000,
  emergencyContacts: 3,
  contactName: 200,
  contactRelation: 100,
} as const;

/** E.164: a plus, a country code that does not start with 0, at most 15 digits in all. */
const E164 = /^\+[1-9]\d{1,14}$/;

/** Optional free text: trimmed, at most CARE_LIMITS.text; left out, null or blank is none (null). */
const careText = (field: CareField) =>
  z
    .string({ error: said(MSG.fieldText({ field })) })
    .trim()
    .max(CARE_LIMITS.text, { error: tooLongMessage(field, CARE_LIMITS.text) })
    .nullish()
    .transform((text) => text || null);

/** Required one-line text of an emergency contact. */
const contactLine = (field: CareField, max: number) =>
  z
    .string({ error: said(MSG.fieldRequired({ field })) })
    .trim()
    .min(1, { error: said(MSG.fieldRequired({ field })) })
    .max(max, { error: tooLongMessage(field, max) });

/** A contact's schema, its fields named with the contact's place in the list: emergencyContacts[1].phone. */
const contactSchema = (at: `emergencyContacts[${number}]`) =>
  z.strictObject(
    {
      name: contactLine(`${at}.name`, CARE_LIMITS.contactName),
      relation: contactLine(`${at}.relation`, CARE_LIMITS.contactRelation),
      phone: z
        .string({ error: said(MSG.fieldRequired({ field: `${at}.phone` })) })
        .trim()
        .regex(E164, { error: said(MSG.fieldPhone({ field: `${at}.phone` })) }),
    },
    { error: said(MSG.fieldObject({ field: at })) },
  );
const CONTACT_SCHEMAS = Array.from({ length: CARE_LIMITS.emergencyContacts }, (_, index) =>
  contactSchema(`emergencyContacts[${index}]`),
);
export type EmergencyContact = z.output<ReturnType<typeof contactSchema>>;

const dietarySchema = z
  .strictObject(
    {
      needs: z
        .array(
          z.enum(DIETARY_NEEDS, {
            error: said(MSG.fieldOneOf({ field: 'dietary.needs', options: DIETARY_NEEDS.join(', ') })),
          }),
          {
            error: said(MSG.fieldList({ field: 'dietary.needs' })),
          },
        )
        .max(DIETARY_NEEDS.length, {
          error: said(MSG.fieldTooMany({ field: 'dietary.needs', max: DIETARY_NEEDS.length })),
        })
        .optional()
        // Each once, in the list's own order, so two saves of the same needs read alike.
        .transform((needs = []) => DIETARY_NEEDS.filter((need) => needs.includes(need))),
      notes: careText('dietary.notes'),
    },
    { error: said(MSG.fieldObject({ field: 'dietary' })) },
  )
  .nullish()
  .transform((dietary) => dietary ?? { needs: [], notes: null });

const contactsSchema = z
  .array(z.unknown(), { error: said(MSG.fieldList({ field: 'emergencyContacts' })) })
  .max(CARE_LIMITS.emergencyContacts, {
    error: said(MSG.fieldTooMany({ field: 'emergencyContacts', max: CARE_LIMITS.emergencyContacts })),
  })
  .nullish()
  .transform((items, ctx) => {
    const contacts: EmergencyContact[] = [];
    for (const [index, item] of (items ?? []).entries()) {
      const result = CONTACT_SCHEMAS[index]!.safeParse(item);
      if (!result.success) {
        ctx.addIssue({ code: 'custom', message: result.error.issues[0]!.message });
        return z.NEVER;
      }
      contacts.push(result.data);
    }
    return contacts;
  });

/**
 * PUT /api/users/me/care and /api/guardian/children/{id}/care: the whole card. A field left out is saved empty,
 * as PUT replaces: a client sends everything it shows.
 */
export const careCardInputSchema = z.strictObject({
  allergies: careText('allergies'),
  medications: careText('medications'),
  medicalNotes: careText('medicalNotes'),
  dietary: dietarySchema,
  emergencyContacts: contactsSchema,
});
export type CareCardContent = z.output<typeof careCardInputSchema>;

/** The card as every care answer carries it. */
export interface CareCard extends CareCardContent {
  /** When it was last saved; null: never (every field empty). */
  updatedAt: string | null;
  /**
   * Present (true) only when the stored card cannot be opened with today's SECRETS_KEY: the fields are empty
   * because they cannot be read, not because nobody filled them in.
   */
  unreadable?: true;
}

export const emptyCareCard = (): CareCardContent => ({
  allergies: null,
  medications: null,
  medicalNotes: null,
  dietary: { needs: [], notes: null },
  emergencyContacts: [],
});

/** The replies whose members' cards an event's leaders may read (and the trip sheet lists). */
export const CARE_VISIBLE_STATUSES = ['attending', 'waitlisted', 'awaiting_guardian'] as const;
export type CareVisibleStatus = (typeof CARE_VISIBLE_STATUSES)[number];

/** An answer to a registration question marked sensitive: the question's label and the answer as text. */
export interface SensitiveAnswer {
  question: string;
  answer: string;
}

export interface TripSheetAttendee {
  user: { id: number; name: string };
  /** Whole years on the event's day, in its zone; absent without a birth date. */
  age?: number;
  status: CareVisibleStatus;
  checkedIn: boolean;
  care: CareCard;
  guardians: Array<{ name: string; phone?: string; email?: string }>;
  photoConsent: PhotoConsent;
  sensitiveAnswers: SensitiveAnswer[];
}

export interface TripSheet {
  event: { id: number; name: string; date: string; location: string; timeZone: string; careVisibleUntil: string };
  attendees: TripSheetAttendee[];
}

/**
 * GET /api/users/me/care/rules and /api/guardian/children/{id}/care/rules: what a form says beside the card —
 * how many days after an event its leaders still read it, and whether a guardian keeps it (then the member
 * reads it only) — and how many days after an event the answers to its sensitive registration questions are
 * deleted, which the event form's warning and the answer forms say (the same kind of health data, kept by the
 * organisation's own choice of days).
 */
export interface CareRules {
  visibleDays: number;
  keptByGuardian: boolean;
  /** SENSITIVE_ANSWERS_DAYS. */
  sensitiveAnswersDays: number;
}
