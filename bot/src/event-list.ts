// One entry of the bot's event lists (/events, /my): the same lines and the same 'Open' button in both.
import { InlineKeyboard } from 'grammy';
import type { Language } from '../../shared/i18n/languages';
import { shorten } from '../../shared/text';
import type { EventSummary } from '../../shared/types';
import { formatEventShort } from './format';

/** Telegram opens a Mini App only from an https URL; elsewhere (development) a list carries plain page links. */
export const opensInMiniApp = (publicUrl: string | undefined) => Boolean(publicUrl?.startsWith('https://'));

/** "1. Name\n   Sat 28 Nov, 18:00 GMT+1 · Place · details\n   your reply", and the page's link without the Mini App. */
export function listEntry(
  event: EventSummary,
  index: number,
  publicUrl: string | undefined,
  { details, reply, language }: { details?: string; reply?: string; language: Language },
): string {
  const when = formatEventShort(new Date(event.date), event.timeZone, language);
  const link = !opensInMiniApp(publicUrl) && publicUrl ? `\n   ${publicUrl}/events/${event.id}` : '';
  return (
    `${index + 1}. ${event.name}\n   ${when} · ${event.location}${details ? ` · ${details}` : ''}` +
    `${reply ? `\n   ${reply}` : ''}${link}`
  );
}

/** The button opening the event in the Mini App. */
export const openButton = (event: EventSummary, publicUrl: string) =>
  InlineKeyboard.webApp(shorten(event.name, 60), `${publicUrl}/events/${event.id}`);
