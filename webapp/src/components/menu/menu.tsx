// Menu button (WAI-ARIA menu pattern). The trigger is on the page at once; the open menu (menu-popup) is its own
// chunk, fetched when the pointer or focus reaches the trigger, so the first click opens it without a wait.
import {
  cloneElement,
  lazy,
  Suspense,
  use,
  useCallback,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { MenuContext } from './menu-context';
import styles from './menu.module.css';

const loadPopup = () => import('./menu-popup');
const MenuPopup = lazy(() => loadPopup().then((m) => ({ default: m.MenuPopup })));

type TriggerProps = {
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onPointerEnter?: (event: PointerEvent<HTMLButtonElement>) => void;
  onFocus?: (event: FocusEvent<HTMLButtonElement>) => void;
};

export function Menu({
  trigger,
  children,
  align = 'end',
}: {
  /** The trigger element (a Button); it gets the menu's aria attributes. */
  trigger: ReactElement<TriggerProps>;
  children: ReactNode;
  align?: 'start' | 'end';
}) {
  // null: closed; otherwise the item that gets focus when the menu opens.
  const [openAt, setOpenAt] = useState<'first' | 'last' | null>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const id = useId();

  const close = useCallback((refocus: boolean) => {
    setOpenAt(null);
    if (refocus) triggerRef.current?.focus();
  }, []);

  const { onClick, onKeyDown, onPointerEnter, onFocus } = trigger.props;
  const preload = () => void loadPopup().catch(() => {});
  return (
    <>
      {cloneElement(trigger, {
        ref: triggerRef,
        id: `${id}-trigger`,
        'aria-haspopup': 'menu',
        'aria-expanded': openAt !== null,
        'aria-controls': openAt ? `${id}-menu` : undefined,
        onPointerEnter: (event: PointerEvent<HTMLButtonElement>) => {
          onPointerEnter?.(event);
          preload();
        },
        onFocus: (event: FocusEvent<HTMLButtonElement>) => {
          onFocus?.(event);
          preload();
        },
        onClick: (event: MouseEvent<HTMLButtonElement>) => {
          onClick?.(event);
          if (!event.defaultPrevented) setOpenAt((current) => (current ? null : 'first'));
        },
        onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
          onKeyDown?.(event);
          if (event.defaultPrevented || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
          event.preventDefault();
          setOpenAt(event.key === 'ArrowDown' ? 'first' : 'last');
        },
      } as TriggerProps)}
      {openAt && (
        <Suspense fallback={null}>
          <MenuPopup
            id={`${id}-menu`}
            labelledBy={`${id}-trigger`}
            triggerRef={triggerRef}
            focusOnOpen={openAt}
            align={align}
            close={close}
          >
            {children}
          </MenuPopup>
        </Suspense>
      )}
    </>
  );
}

export function MenuItem({ onSelect, children }: { onSelect?: () => void; children: ReactNode }) {
  const close = use(MenuContext);
  const choose = () => {
    close(true);
    onSelect?.();
  };
  return (
    <div
      role="menuitem"
      tabIndex={-1}
      className={styles.item}
      onClick={choose}
      // Pointer and keyboard share one highlight: the item under the pointer takes focus.
      onPointerMove={(event) => event.currentTarget.focus({ preventScroll: true })}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault();
        if (event.key === 'Enter') choose();
      }}
      // Space chooses on release: on press, focus would return to the trigger and the release would reopen the menu.
      onKeyUp={(event) => {
        if (event.key === ' ') choose();
      }}
    >
      {children}
    </div>
  );
}
