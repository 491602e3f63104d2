// Puts an open menu (position: fixed) next to its trigger: below it, or above when only there it fits, and kept
// inside the viewport. A few lines instead of a positioning library on the first page.
const GAP = 4;
const MARGIN = 8;

export function placeMenu(menu: HTMLElement, trigger: HTMLElement, align: 'start' | 'end') {
  const anchor = trigger.getBoundingClientRect();
  const { width, height } = menu.getBoundingClientRect();
  const below = anchor.bottom + GAP;
  const above = anchor.top - GAP - height;
  const fitsBelow = below + height <= window.innerHeight - MARGIN;
  const top = fitsBelow || above < MARGIN ? below : above;
  // 'start' and 'end' follow the line: in a right-to-left language the menu's end is its left edge.
  const rtl = getComputedStyle(trigger).direction === 'rtl';
  const preferred = (align === 'end') !== rtl ? anchor.right - width : anchor.left;
  const left = Math.max(MARGIN, Math.min(preferred, window.innerWidth - MARGIN - width));
  menu.style.top = `${Math.round(top)}px`;
  menu.style.left = `${Math.round(left)}px`;
}
