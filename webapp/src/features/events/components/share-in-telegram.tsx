// The Mini App's Share action: posts the event card, with its live RSVP buttons, into any chat. Hidden outside
// Telegram (the website has no share sheet for it) and for private events (a card is read by everyone in the
// chat, invited or not, so only public events are shared).
import { Send } from 'lucide-react';
import type { EventDetail } from '../../../../../shared/types';
import { Button } from '../../../components/button/button';
import { toastError } from '../../../components/toast-store';
import { canShareInTelegram } from '../../../lib/telegram-mini-app';
import { useShareEvent } from '../api/share-event';

export const SHARE_FAILED = 'Telegram could not open the share sheet. Type @ and the bot’s name in any chat instead.';

export function ShareInTelegram({ event }: { event: EventDetail }) {
  const share = useShareEvent();
  if (!canShareInTelegram() || !event.isPublic) return null;
  const onClick = () =>
    share.mutate(
      { id: event.id, name: event.name },
      { onSuccess: (opened) => void (opened || toastError('Could not share', SHARE_FAILED)) },
    );
  return (
    <Button variant="secondary" size="small" onClick={onClick} disabled={share.isPending}>
      <Send size={16} aria-hidden="true" />
      Share
    </Button>
  );
}
