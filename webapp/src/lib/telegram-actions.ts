// What the Mini App does on request: the start parameter, Telegram's buttons, links, sharing, the QR scanner and
// asking to write. Apart from the runtime (telegram-mini-app.ts), which the website's first page needs for its
// requests: these only on the screens that use them. Outside Telegram each is a no-op, as there.
import { miniApp } from './telegram-mini-app';

const startParam = () =>
  miniApp()?.initDataUnsafe?.start_param ?? new URLSearchParams(miniApp()?.initData).get('start_param');

/** The deep-link target: start parameter `event_<id>` opens that event. */
export function miniAppStartEventId(): number | null {
  const match = /^event_(\d+)$/.exec(startParam() ?? '');
  return match ? Number(match[1]) : null;
}

/** An invite link opened in Telegram (`startapp=join_<code>`): the code to join with. */
export function miniAppStartJoinCode(): string | null {
  return /^join_([A-Za-z0-9_-]{16,60})$/.exec(startParam() ?? '')?.[1] ?? null;
}

export function hapticWarning() {
  miniApp()?.HapticFeedback.notificationOccurred('warning');
}

/** The start parameter `create` (a startapp link from the bot or a chat) opens the create form for admins. */
export const miniAppStartsCreate = () => startParam() === 'create';

/** Opens a web page in the phone's browser from inside Telegram; false outside Telegram. */
export function openExternalLink(url: string): boolean {
  const app = miniApp();
  if (!app?.openLink) return false;
  app.openLink(url);
  return true;
}

/** Opens a t.me link inside Telegram (the Mini App stays open behind it); false outside Telegram. */
export function openTelegramLink(url: string): boolean {
  const app = miniApp();
  if (!app?.openTelegramLink) return false;
  app.openTelegramLink(url);
  return true;
}

/**
 * Asks Telegram to let the bot write to this member (Telegram shows its own prompt); resolves whether they
 * allowed it. Telegram also tells the bot (write_access_allowed), which records it on the server. Outside
 * Telegram, or in a Telegram too old to ask, resolves false.
 */
export function requestWriteAccess(): Promise<boolean> {
  const app = miniApp();
  if (!app?.requestWriteAccess || !app.isVersionAtLeast('6.9')) return Promise.resolve(false);
  return new Promise((resolve) => {
    try {
      app.requestWriteAccess((allowed) => resolve(allowed));
    } catch {
      // Already asked and not yet answered: that request's answer will come on its own.
      resolve(false);
    }
  });
}

/**
 * Who answers Telegram's BackButton: only the newest holder. An open sheet is above the page (back closes the sheet,
 * not the page); the page's own back (mini-app-bridge.tsx) is below every sheet, even when it is set again while a
 * sheet is open. The button shows while anyone holds it.
 */
const backHolders: Array<() => void> = [];
let backListening = false;
const backPressed = () => backHolders.at(-1)?.();

/** Shows Telegram's BackButton while `onBack` is given; returns the cleanup. `layer` 'sheet' goes above the page. */
export function showBackButton(onBack: () => void, layer: 'page' | 'sheet' = 'page'): () => void {
  const button = miniApp()?.BackButton;
  if (!button) return () => {};
  // A holder of its own, so the same function given twice is two holders.
  const holder = () => onBack();
  if (layer === 'sheet') backHolders.push(holder);
  else backHolders.unshift(holder);
  if (!backListening) {
    button.onClick(backPressed);
    backListening = true;
  }
  button.show();
  return () => {
    const index = backHolders.indexOf(holder);
    if (index >= 0) backHolders.splice(index, 1);
    if (backHolders.length === 0) button.hide();
  };
}

export interface MainButtonState {
  text: string;
  onClick: () => void;
  disabled?: boolean;
  busy?: boolean;
}

/** Puts the page's primary action on Telegram's MainButton; returns the cleanup that hides it again. */
export function showMainButton({ text, onClick, disabled = false, busy = false }: MainButtonState): () => void {
  const button = miniApp()?.MainButton;
  if (!button) return () => {};
  button.setParams({ text, is_visible: true, is_active: !disabled && !busy });
  if (busy) button.showProgress(false);
  else button.hideProgress();
  button.onClick(onClick);
  return () => {
    button.offClick(onClick);
    button.hideProgress();
    button.hide();
  };
}

/** Whether Telegram's own QR scanner is there: inside Telegram 6.4 or later. */
export const canScanInTelegram = () => {
  const app = miniApp();
  return Boolean(app?.showScanQrPopup && app.isVersionAtLeast('6.4'));
};

/**
 * Opens Telegram's QR scanner. Telegram reports every code it sees while the scanner is open; `onText` decides
 * whether it was the one wanted: true closes the scanner (Telegram's SDK calls closeScanQrPopup), false keeps it
 * open so the camera can be aimed at the right code. Returns false where Telegram has no scanner (the caller
 * offers the browser's camera or typing the code instead), or when one is already open.
 */
export function scanQrCode(prompt: string, onText: (text: string) => boolean): boolean {
  const app = miniApp();
  if (!app || !canScanInTelegram()) return false;
  try {
    // Telegram refuses a prompt longer than 64 characters.
    app.showScanQrPopup({ text: prompt.slice(0, 64) }, (text) => (onText(text ?? '') ? true : undefined));
    return true;
  } catch {
    return false;
  }
}

/** Whether the Share action can work here: inside Telegram, with shareMessage (8.0) or inline mode (6.6). */
export const canShareInTelegram = () => Boolean(miniApp()?.isVersionAtLeast('6.6'));

/**
 * Telegram's share sheet for a message the bot prepared (savePreparedInlineMessage); resolves whether it was
 * sent. Resolves null where shareMessage is missing (Telegram before 8.0): the caller falls back.
 */
export function shareMessage(preparedMessageId: string): Promise<boolean | null> {
  const app = miniApp();
  if (!app?.shareMessage || !app.isVersionAtLeast('8.0')) return Promise.resolve(null);
  return new Promise((resolve) => {
    try {
      app.shareMessage(preparedMessageId, (sent) => resolve(sent));
    } catch {
      // A share sheet already open, or refused by this client: the fallback still works.
      resolve(null);
    }
  });
}

/** Opens the chat picker with `@bot query` typed in (inline mode); false where Telegram cannot. */
export function switchInlineQuery(query: string): boolean {
  const app = miniApp();
  if (!app?.switchInlineQuery || !app.isVersionAtLeast('6.6')) return false;
  try {
    app.switchInlineQuery(query.slice(0, 256), ['users', 'groups', 'channels']);
    return true;
  } catch {
    // Inline mode is off for the bot (BotFather): nothing to fall back to.
    return false;
  }
}
