// The link a member under the consent age passes to a parent or guardian herself: "Copy the link for your
// parent" everywhere, and inside Telegram also a share into a chat (Telegram's share sheet). Used after asking
// for consent (whether or not an email left) and on the event page while a reply waits for a parent.
import { Copy, Send } from 'lucide-react';
import { Button } from '../button/button';
import { toast, toastError } from '../toast-store';
import { defineMessages, translate, useT } from '../../i18n';
import { isMiniApp } from '../../lib/telegram-mini-app';
import { openTelegramLink } from '../../lib/telegram-actions';
import styles from './take-part.module.css';

const messages = defineMessages({
  copy: { id: 'web.components.parentLink.copy', defaultMessage: 'Copy the link for your parent' },
  share: { id: 'web.components.parentLink.share', defaultMessage: 'Send it in Telegram' },
  copied: { id: 'web.components.parentLink.copied', defaultMessage: 'Link copied' },
  copiedHint: {
    id: 'web.components.parentLink.copiedHint',
    defaultMessage: 'Paste it into a message to your parent or guardian.',
  },
  copyFailed: { id: 'web.components.parentLink.copyFailed', defaultMessage: 'Could not copy the link' },
});

async function copy(link: string) {
  try {
    await navigator.clipboard.writeText(link);
    toast({ title: translate(messages.copied), description: translate(messages.copiedHint) });
  } catch {
    // No clipboard (an old browser, a denied permission): the link itself, to copy by hand.
    toastError(translate(messages.copyFailed), link);
  }
}

/** `text`: the words that go with the link in a Telegram share, in the member's language. */
export function ParentLink({ link, text }: { link: string; text: string }) {
  const t = useT();
  const share = `https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent(text)}`;
  return (
    <div className={styles.linkActions}>
      <Button variant="secondary" onClick={() => void copy(link)}>
        <Copy size={18} aria-hidden="true" />
        {t(messages.copy)}
      </Button>
      {isMiniApp() && (
        <Button variant="secondary" onClick={() => openTelegramLink(share)}>
          <Send size={18} aria-hidden="true" />
          {t(messages.share)}
        </Button>
      )}
    </div>
  );
}
