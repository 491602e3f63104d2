// A domain error in a member's language, with its stable code: the API's error middleware and the bot both use
// this, so a refusal reads the same in every client.
import type { DomainError } from '../errors';
import { translator } from './all-catalogs';
import type { Language } from './languages';
import { withFieldName } from '../field-names';
import { fieldCatalogKey, msgCatalogKey, msgKeyOf, snakeCase } from './message-keys';

export interface ErrorText {
  /** snake_case, stable across languages and releases. */
  code: string;
  text: string;
}

/** A message's values in `language`: a form field by its name there (`field.<key>`). */
const valuesIn = (language: Language, values: DomainError['values']) =>
  values && withFieldName(values, (field) => translator.t(language, fieldCatalogKey(field)));

/** An English text in `language` when it is an MSG message (`values` for one with values); any other as it is. */
export function msgText(source: string, language: Language, values?: DomainError['values']): string {
  const key = msgKeyOf(source);
  return key ? translator.t(language, msgCatalogKey(key), valuesIn(language, values)) : source;
}

/** An MSG message's code and text; a message outside MSG keeps its English and gets the error kind as code. */
export function errorText(error: Pick<DomainError, 'kind' | 'message' | 'source' | 'values'>, language: Language) {
  const key = msgKeyOf(error.source);
  if (!key) return { code: error.kind, text: error.message };
  return { code: snakeCase(key), text: translator.t(language, msgCatalogKey(key), valuesIn(language, error.values)) };
}

/** A message declared with defineMessages (ids like `error.malformedJson`): code from the id's last part. */
export function describedText(id: string, language: Language): ErrorText {
  return { code: snakeCase(id.slice(id.lastIndexOf('.') + 1)), text: translator.t(language, id) };
}
