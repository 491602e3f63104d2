// Inside Telegram, an open sheet takes Telegram's BackButton: back closes the sheet and leaves the page where it
// is (the page's own back, mini-app-bridge.tsx, answers again once the sheet is gone). Outside Telegram this does
// nothing: the browser's back and Escape are the website's.
import { useEffect, useEffectEvent } from 'react';
import { showBackButton } from './telegram-actions';

/** While `open`, Telegram's BackButton calls `onBack` instead of going back a page. */
export function useSheetBackButton(open: boolean, onBack: () => void) {
  const back = useEffectEvent(() => onBack());
  useEffect(() => {
    if (!open) return;
    return showBackButton(() => back(), 'sheet');
  }, [open]);
}
