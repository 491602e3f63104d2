// The open menu: placed next to its trigger in a portal (a table or card never clips it), focus on the first or
// last item, arrow keys, Home/End and typeahead; Escape returns to the trigger, Tab or a click elsewhere closes.
// Its own chunk: the first page only loads it when a menu is about to open.
import { useEffect, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { MenuContext } from './menu-context';
import { nextIndex } from './menu-keys';
import styles from './menu.module.css';
import { placeMenu } from './place-menu';

const itemsOf = (menu: HTMLElement | null) => [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

export function MenuPopup({
  id,
  labelledBy,
  triggerRef,
  focusOnOpen,
  align,
  close,
  children,
}: {
  id: string;
  labelledBy: string;
  triggerRef: RefObject<HTMLElement | null>;
  focusOnOpen: 'first' | 'last';
  align: 'start' | 'end';
  close: (refocus: boolean) => void;
  children: ReactNode;
}) {
  const menuRef = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const menu = menuRef.current;
    const anchor = triggerRef.current;
    if (!menu || !anchor) return;
    const place = () => placeMenu(menu, anchor, align);
    place();
    const items = itemsOf(menu);
    items[focusOnOpen === 'first' ? 0 : items.length - 1]?.focus({ preventScroll: true });
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [focusOnOpen, align, triggerRef]);

  useEffect(() => {
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !triggerRef.current?.contains(target)) close(false);
    };
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, [close, triggerRef]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
      return;
    }
    if (event.key === 'Tab') {
      // Focus goes back to the trigger first, so Tab continues from there (not from the portal at the page's end).
      close(true);
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const items = itemsOf(menuRef.current);
    const current = items.indexOf(document.activeElement as HTMLElement);
    const next = nextIndex(
      event.key,
      current,
      items.map((item) => item.textContent ?? ''),
    );
    if (next === null) return;
    event.preventDefault();
    items[next]?.focus();
  };

  return createPortal(
    <MenuContext value={close}>
      <div
        ref={menuRef}
        id={id}
        role="menu"
        aria-labelledby={labelledBy}
        aria-orientation="vertical"
        className={styles.content}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </MenuContext>,
    document.body,
  );
}
