// The Mini App's Share action: posts the event card, with its live RSVP buttons, into any chat. Hidden outside
// Telegram (the website has no share sheet for it) and for private events (a card is read by everyone in the
// chat, invited or not, so only public events are shared).
import { Send } from 'lucide-react';
import type { EventDetail } from '../../../../../../shared/types';
import { Button } from '../../../../components/button/button';
import { toastError } from '../../../../components/toast-store';
import { defineMessages, translate, useT } from '../../../../i18n';
import { canShareInTelegram } from '../../../../lib/telegram-actions';
import { useShareEvent } from '../../api/share-event';

const messages = defineMessages({
  failed: { id: 'web.events.share.failed', defaultMessage: 'Could not share' },
  failedText: {
    id: 'web.events.share.failedText',
    defaultMessage: 'Telegram could not open the share sheet. Type @ and the bot’s name in any chat instead.',
  },
  share: { id: 'web.events.share.share', defaultMessage: 'Share' },
});

export function ShareInTelegram({ event }: { event: EventDetail }) {
  const t = useT();
  const share = useShareEvent();
  if (!canShareInTelegram() || !event.isPublic) return null;
  const onClick = () =>
    share.mutate(
      { id: event.id, name: event.name },
      {
        onSuccess: (opened) => void (opened || toastError(translate(messages.failed), translate(messages.failedText))),
      },
    );
  return (
    <Button variant="secondary" size="small" onClick={onClick} disabled={share.isPending}>
      <Send size={16} aria-hidden="true" />
      {t(messages.share)}
    </Button>
  );
}
