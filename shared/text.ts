// Small text helpers shared by the server, the bot and the web app.

/** Cuts `text` to at most `max` UTF-16 units with an ellipsis, never through a surrogate pair. */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end).trimEnd()}…`;
}

/** Bidi embeddings, overrides, isolates and marks (U+061C, U+200E–U+200F, U+202A–U+202E, U+2066–U+2069). */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/**
 * Invisible characters that only hide or disguise text in a name: zero-width space, word joiner and invisible
 * operators, the deprecated format controls, the byte-order mark and interlinear annotations. The zero-width
 * (non-)joiners stay: emoji sequences and several scripts need them.
 */
const INVISIBLES = /[\u200B\u2060-\u2064\u206A-\u206F\uFEFF\uFFF9-\uFFFB]/g;
/** Line breaks, tabs and every other control character (C0, DEL, C1) and the Unicode line separators. */
const LINE_BREAKS_AND_CONTROLS = /[\p{Cc}\u2028\u2029]/gu;

/** How many characters (code points) of a person's name are kept. */
export const PERSON_NAME_MAX = 64;

/**
 * A person's name as it may be stored and shown to others: without bidi controls and invisible characters
 * (which could reverse part of it or hide text), on one line (a line break could fake a second line, "Support
 * Team"), runs of spaces folded into one, trimmed, at most PERSON_NAME_MAX characters. A name with nothing left
 * becomes `fallback`.
 */
export function cleanPersonName(name: string, fallback = 'Member'): string {
  const line = name
    .replace(BIDI_CONTROLS, '')
    .replace(INVISIBLES, '')
    .replace(LINE_BREAKS_AND_CONTROLS, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
  const kept = Array.from(line).slice(0, PERSON_NAME_MAX).join('').trimEnd();
  return kept || fallback;
}
