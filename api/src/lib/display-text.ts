// Text chosen by someone else (a member's name) shown where a reader decides whom to trust: on one line and in
// the order it was typed, so it cannot fake a second line ("Support team\nYour bank") or reverse part of itself
// ("gnp.exe" shown as "exe.png") with bidirectional controls.

/** Bidi embeddings, overrides, isolates and marks (U+061C, U+200E–U+200F, U+202A–U+202E, U+2066–U+2069). */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/** Line breaks, tabs and every other control character. */
const CONTROLS = /[\p{Cc}\u2028\u2029]/gu;

/** `text` without bidi controls, its line breaks turned into spaces, at most `max` characters. */
export function oneLine(text: string, max = 80): string {
  const line = text.replace(BIDI_CONTROLS, '').replace(CONTROLS, ' ').replace(/\s+/g, ' ').trim();
  const characters = Array.from(line);
  return characters.length > max ? `${characters.slice(0, max - 1).join('')}…` : line;
}
