// Inside Telegram, the page's primary action also sits on Telegram's MainButton (at the bottom, where the
// thumb is). Outside Telegram this does nothing.
import { useEffect, useEffectEvent } from 'react';
import { showMainButton } from './telegram-actions';

export function useMainButton(
  action: { text: string; onClick: () => void; disabled?: boolean; busy?: boolean } | null,
) {
  const click = useEffectEvent(() => action?.onClick());
  const text = action?.text;
  const disabled = action?.disabled ?? false;
  const busy = action?.busy ?? false;
  useEffect(() => {
    if (!text) return;
    return showMainButton({ text, disabled, busy, onClick: () => click() });
  }, [text, disabled, busy]);
}
