// Radix Toast with the SPEC §9 options: 5000 ms, swipe right with a 50 px threshold, F8 focuses the area.
import * as Toast from '@radix-ui/react-toast';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from '../../../shared/constants';
import { defineMessages, useT } from '../i18n';
import { commonMessages } from './common-messages';
import { usePageDirection } from '../lib/text-direction';
import { dismissToast, useToasts } from './toast-store';

const messages = defineMessages({
  // Radix puts the shortcut in place of {hotkey}: the message hands the placeholder back to it.
  area: { id: 'web.components.toaster.area', defaultMessage: 'Notifications ({hotkey})' },
});

export function Toaster() {
  const toasts = useToasts();
  const t = useT();
  // Swiped off toward the edge it sits at: the right, or the left in a right-to-left language.
  const swipeDirection = usePageDirection() === 'rtl' ? 'left' : 'right';
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection={swipeDirection}
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => !open && dismissToast(item.id)}
          className={`toast ${item.variant === 'destructive' ? 'toast-destructive' : ''}`}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
        >
          <Toast.Title className="toast-title">{item.title}</Toast.Title>
          {item.description && <Toast.Description className="toast-description">{item.description}</Toast.Description>}
          {item.action && (
            <Toast.Action className="toast-action" altText={item.action.altText} onClick={item.action.onAction}>
              {item.action.label}
            </Toast.Action>
          )}
          <Toast.Close className="toast-close" aria-label={t(commonMessages.close)}>
            ×
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="toast-viewport" label={t(messages.area, { hotkey: '{hotkey}' })} />
    </Toast.Provider>
  );
}
