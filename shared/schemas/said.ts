// The message machinery of the request schemas: zod holds an issue's message as English text, so a message with
// values is remembered here by its English, for the API to answer it in the request's language (validationMessage).
import { asWritten, inEnglish, type ErrorMessage } from '../errors';
import { type FieldName } from '../field-names';
import { MSG, type MessageWithValues } from '../messages';

/**
 * Zod carries an issue's message as text, so a message with values is given to it in English and remembered
 * here: the API finds the message again (validationMessage) and answers it in the request's language.
 */
const schemaMessages = new Map<string, MessageWithValues>();
/** Messages made while parsing (naming what the request sent): bounded, as any input can make one. */
const parseMessages = new Map<string, MessageWithValues>();

/**
 * A message with values for a schema, in English (as zod holds it); exported for the feature schemas kept in
 * files of their own (shared/care.ts).
 */
export function said(message: MessageWithValues): string {
  const text = inEnglish(message);
  schemaMessages.set(text, message);
  return text;
}

/** A message with values made while parsing a request, in English. */
export function saidNow(message: MessageWithValues): string {
  const text = inEnglish(message);
  if (parseMessages.size >= 200) parseMessages.clear();
  parseMessages.set(text, message);
  return text;
}

/** The message behind an issue's text: a message with values said by a schema, else the text itself. */
export const validationMessage = (text: string): ErrorMessage =>
  schemaMessages.get(text) ?? parseMessages.get(text) ?? asWritten(text);

/**
 * A request field that messages name as the client sends it, in every language: no form shows it under a name.
 * Any other text field is named in FIELD_NAMES (shared/field-names.ts).
 */
type AsWrittenField = 'consentText' | 'q' | 'note' | CareField;
/** The care card's fields (shared/care.ts), named by their place in the request: emergencyContacts[1].phone. */
export type CareField =
  | 'allergies'
  | 'medications'
  | 'medicalNotes'
  | 'dietary.notes'
  | `emergencyContacts[${number}].${'name' | 'relation' | 'phone'}`;

const fieldLimits = new Map<string, Set<number>>();
/**
 * Every text limit a schema names its field for, by field (a field may have one per request that takes it):
 * filled as the schemas below are made. docs/features/security.md lists them (tests/ops/docs-match-code.test.ts).
 */
export const FIELD_LIMITS: ReadonlyMap<string, ReadonlySet<number>> = fieldLimits;

/** The message for text over its limit, naming the field: 'Name must be at most 200 characters'. */
export function tooLongMessage(field: FieldName | AsWrittenField, max: number): string {
  // A list's entries share their limits: one row for emergencyContacts[].name, not one per place.
  const listed = field.replace(/\[\d+\]/g, '[]');
  fieldLimits.set(listed, (fieldLimits.get(listed) ?? new Set()).add(max));
  return said(MSG.fieldTooLong({ field, max }));
}
export const boolean = (field: string) => said(MSG.fieldBoolean({ field }));
export const wholeNumber = (field: string, min: number, max: number) => said(MSG.fieldWholeNumber({ field, min, max }));
export const eitherOr = (field: string, first: string, second: string) =>
  said(MSG.fieldEitherOr({ field, first, second }));
export const oneOfThree = (field: string, first: string, second: string, third: string) =>
  said(MSG.fieldOneOfThree({ field, first, second, third }));
export const oneOf = (field: string, options: readonly string[]) =>
  said(MSG.fieldOneOf({ field, options: options.join(', ') }));
export const mustBeText = (field: FieldName | AsWrittenField) => said(MSG.fieldText({ field }));
