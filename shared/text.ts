// Small text helpers shared by the server, the bot and the web app.

/** Cuts `text` to at most `max` UTF-16 units with an ellipsis, never through a surrogate pair. */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end).trimEnd()}…`;
}
