// Where focus goes inside an open menu for a key (WAI-ARIA menu pattern). Pure, so the rules read in one place.

/** The index of the item to focus after `key`, or null when the key does not move focus. */
export function nextIndex(key: string, current: number, labels: readonly string[]): number | null {
  const count = labels.length;
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return (current + 1) % count;
    case 'ArrowUp':
      return current <= 0 ? count - 1 : current - 1;
    case 'Home':
    case 'PageUp':
      return 0;
    case 'End':
    case 'PageDown':
      return count - 1;
    default:
      return typeahead(key, current, labels);
  }
}

/** A printable character moves to the next item (after the current one, wrapping) whose label starts with it. */
function typeahead(key: string, current: number, labels: readonly string[]): number | null {
  if ([...key].length !== 1 || key === ' ') return null;
  const letter = key.toLocaleLowerCase();
  for (let step = 1; step <= labels.length; step += 1) {
    const index = (current + step) % labels.length;
    if (labels[index]!.trim().toLocaleLowerCase().startsWith(letter)) return index;
  }
  return null;
}
