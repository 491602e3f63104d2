// The manager's one entry on the event page (creator or admin): a Manage button near the top that opens a sheet
// of everything a manager does with the event (manage-sheet.tsx). The button comes with the page, so nothing
// moves when it appears; the sheet and its dialogs are a chunk of their own, fetched as the pointer or focus
// reaches the button, so a member's page never downloads them.
import { SlidersHorizontal } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { EventDetail } from '../../../../../../shared/types';
import { Button } from '../../../../components/button/button';
import { defineMessages, useT } from '../../../../i18n';

const messages = defineMessages({
  manage: { id: 'web.events.manage.button', defaultMessage: 'Manage' },
});

const loadSheet = () => import('./manage-sheet');
const ManageSheet = lazy(() => loadSheet().then((m) => ({ default: m.ManageSheet })));

export function ManageEvent({ event, userId }: { event: EventDetail; userId: number }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  // The sheet stays mounted once opened: its dialogs (a delete confirmation, the check-in) live on after it closes.
  const [mounted, setMounted] = useState(false);
  const preload = () => void loadSheet().catch(() => {});
  return (
    <>
      <Button
        size="small"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <SlidersHorizontal size={16} aria-hidden="true" />
        {t(messages.manage)}
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <ManageSheet event={event} userId={userId} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
