// MSG's key names are its catalog keys and its error codes: `conflict(MSG.templateExists)` needs nothing more to
// be translated and to carry `code: "template_exists"`.
import { MSG } from '../messages';

export type MsgKey = keyof typeof MSG;

export const msgCatalogKey = (key: string) => `msg.${key}`;

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
