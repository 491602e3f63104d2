// Where a refused card goes wrong. The API names a care field as the request spells it, in every language
// ("emergencyContacts[1].phone must be …"), so the form finds the field in the refusal's words and shows the
// message beside it, in the member's language, by the refusal's code.
import { CARE_LIMITS } from '../../../../shared/care';
import { ApiError } from '../../lib/api-client';
import { defineMessages, translate } from '../../i18n';
import type { FieldPath } from 'react-hook-form';

export interface CareValues {
  allergies: string;
  medications: string;
  medicalNotes: string;
  needs: string[];
  dietaryNotes: string;
  contacts: Array<{ name: string; relation: string; phone: string }>;
}

const messages = defineMessages({
  phone: {
    id: 'web.care.refusal.phone',
    defaultMessage: 'Write the number with + and the country code, such as +44 7700 900123.',
  },
  required: { id: 'web.care.refusal.required', defaultMessage: 'Please fill this in.' },
  tooLong: {
    id: 'web.care.refusal.tooLong',
    defaultMessage: 'This is too long: at most {max, number} characters.',
  },
});

/** The form's field a refusal names, or null when it names none the form shows. */
export function refusedField(text: string): FieldPath<CareValues> | null {
  const contact = /emergencyContacts\[(\d)\]\.(name|relation|phone)/.exec(text);
  if (contact) return `contacts.${Number(contact[1])}.${contact[2] as 'name' | 'relation' | 'phone'}`;
  if (/dietary\.notes/.test(text)) return 'dietaryNotes';
  if (/dietary/.test(text)) return 'needs';
  const plain = /\b(allergies|medications|medicalNotes)\b/.exec(text);
  return plain ? (plain[1] as 'allergies' | 'medications' | 'medicalNotes') : null;
}

/** A field's limit in characters (the schema's, shared/care.ts). */
const limitOf = (field: FieldPath<CareValues>) =>
  field.endsWith('.name')
    ? CARE_LIMITS.contactName
    : field.endsWith('.relation')
      ? CARE_LIMITS.contactRelation
      : CARE_LIMITS.text;

/** What to say beside the field: plain words for the refusals a person can make, else the server's own. */
export function refusalText(error: ApiError, field: FieldPath<CareValues>): string {
  switch (error.code) {
    case 'field_phone':
      return translate(messages.phone);
    case 'field_required':
      return translate(messages.required);
    case 'field_too_long':
      return translate(messages.tooLong, { max: limitOf(field) });
    default:
      return error.serverMessage ?? error.message;
  }
}

export const isRefusal = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 400;
