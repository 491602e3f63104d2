// The names of the form fields that messages name, as people read them: one catalog message each (`field.<key>`).
import { EVENT_TEXTS, eachText } from './event-texts';

/**
 * The form fields that messages name ("Name must be at most 200 characters"), by their key in the request schema,
 * as people read them. Each is its own catalog message (`field.<key>`), worded as the subject of such a sentence
 * ("Der Name" in German). The schemas' text helpers take only these keys (shared/schemas/said.ts), so a new text field
 * without a name here does not compile; `npm run i18n:extract` then adds it to en.json and the catalog test names
 * the languages still missing it.
 */
export const FIELD_NAMES = {
  name: 'Name',
  description: 'Description',
  date: 'Date',
  location: 'Location',
  imageUrl: 'Image',
  ...eachText((key) => EVENT_TEXTS[key].name),
  message: 'Message',
  comment: 'Comment',
  reason: 'Reason',
  template: 'Template',
  smtpHost: 'SMTP host',
  username: 'Username',
  password: 'Password',
  fromName: 'From name',
  reference: 'Reference',
} as const;
export type FieldName = keyof typeof FIELD_NAMES;

const isFieldName = (value: unknown): value is FieldName =>
  typeof value === 'string' && Object.hasOwn(FIELD_NAMES, value);

/**
 * A message's values with its `field`, when that is a form field's key, given as `nameOf` says the field's name;
 * any other `field` (a request field such as `isPublic`) stays as written, in every language.
 */
export function withFieldName(
  values: Readonly<Record<string, string | number>>,
  nameOf: (field: FieldName) => string,
): Readonly<Record<string, string | number>> {
  return isFieldName(values.field) ? { ...values, field: nameOf(values.field) } : values;
}
