// The event page's Share button. Inside Telegram it posts the event card into a chat (share-in-telegram.tsx);
// on the website it opens the device's share sheet (Web Share API) where there is one, and otherwise copies the
// event's link, so a member can paste it into any group chat.
import { Share2 } from 'lucide-react';
import type { EventDetail } from '../../../../../../shared/types';
import { Button } from '../../../../components/button/button';
import { toast, toastError } from '../../../../components/toast-store';
import { paths } from '../../../../config/paths';
import { defineMessages, translate, useT } from '../../../../i18n';
import { isMiniApp } from '../../../../lib/telegram-mini-app';
import { ShareInTelegram } from './share-in-telegram';

const messages = defineMessages({
  share: { id: 'web.events.details.share', defaultMessage: 'Share' },
  copied: { id: 'web.events.details.linkCopied', defaultMessage: 'Link copied' },
  copiedHint: {
    id: 'web.events.details.linkCopiedHint',
    defaultMessage: 'Paste it into a chat to invite your friends.',
  },
  copyFailed: { id: 'web.events.details.linkCopyFailed', defaultMessage: 'Could not copy the link' },
});

async function copyLink(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: translate(messages.copied), description: translate(messages.copiedHint) });
  } catch {
    // No clipboard (an old browser, a denied permission): the link itself, to copy by hand.
    toastError(translate(messages.copyFailed), url);
  }
}

export async function shareEvent(event: Pick<EventDetail, 'id' | 'name'>) {
  const url = new URL(paths.event(event.id), window.location.origin).href;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: event.name, url });
      return;
    } catch (error) {
      // Closing the share sheet is a choice, not a failure; anything else falls back to copying.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  await copyLink(url);
}

export function ShareEvent({ event }: { event: EventDetail }) {
  const t = useT();
  if (isMiniApp()) return <ShareInTelegram event={event} />;
  return (
    <Button variant="secondary" size="small" onClick={() => void shareEvent(event)}>
      <Share2 size={16} aria-hidden="true" />
      {t(messages.share)}
    </Button>
  );
}
