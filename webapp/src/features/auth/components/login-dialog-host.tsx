// Always mounted: opens the login dialog on the document event `open-auth-dialog` (the dialog's code loads
// on first use) and refreshes the user when a Telegram popup reports 'telegram-auth-success'.
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { toast } from '../../../components/toast-store';
import { authKeys } from '../../../lib/auth';
import { telegramSuccess } from '../../../lib/telegram-success';

const LoginDialog = lazy(() => import('./login-dialog').then((m) => ({ default: m.LoginDialog })));

export function LoginDialogHost() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const [telegramBusy, setTelegramBusy] = useState(false);

  useEffect(() => {
    const onOpen = () => {
      setRequested(true);
      setOpen(true);
    };
    document.addEventListener('open-auth-dialog', onOpen);
    return () => document.removeEventListener('open-auth-dialog', onOpen);
  }, []);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.data !== 'telegram-auth-success') return;
      const linking = queryClient.getQueryData(authKeys.me()) != null;
      setTelegramBusy(false);
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: authKeys.me() });
      toast(telegramSuccess(linking ? 'link' : 'login'));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [queryClient]);

  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <LoginDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setTelegramBusy(false);
        }}
        telegramBusy={telegramBusy}
        onTelegramStart={() => setTelegramBusy(true)}
        onTelegramEnd={() => setTelegramBusy(false)}
      />
    </Suspense>
  );
}
