// MSG's key names are its catalog keys and its error codes: `conflict(MSG.templateExists)` needs nothing more to
// be translated and to carry `code: "template_exists"`.
import { FIELD_NAMES, type FieldName } from '../field-names';
import { MSG } from '../messages';

export type MsgKey = keyof typeof MSG;

export const msgCatalogKey = (key: string) => `msg.${key}`;
/** A form field's name (FIELD_NAMES) in the catalogs. */
export const fieldCatalogKey = (field: FieldName) => `field.${field}`;

/** `templateExists` → `template_exists`. */
export function snakeCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/** Each MSG entry's English (its ICU text for one with values), as the catalog holds it. */
export function msgEnglishSources(): Array<[MsgKey, string, 'text' | 'icu']> {
  return (Object.entries(MSG) as Array<[MsgKey, (typeof MSG)[MsgKey]]>).map(([key, value]) =>
    typeof value === 'string' ? [key, value, 'text'] : [key, value.source, 'icu'],
  );
}

/** Each form field's English name, by its catalog key. */
export const fieldEnglishSources = (): Array<[string, string]> =>
  (Object.entries(FIELD_NAMES) as Array<[FieldName, string]>).map(([field, name]) => [fieldCatalogKey(field), name]);

let keyOfSource: Map<string, MsgKey> | null = null;

/** The MSG key whose English (or ICU text) this is; the first one when two keys share a text. */
export function msgKeyOf(source: string): MsgKey | undefined {
  keyOfSource ??= new Map(
    msgEnglishSources()
      .reverse()
      .map(([key, text]) => [text, key]),
  );
  return keyOfSource.get(source);
}
