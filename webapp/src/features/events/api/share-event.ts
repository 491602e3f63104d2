import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { shareMessage, switchInlineQuery } from '../../../lib/telegram-actions';

/** POST /api/events/{id}/share: the event card prepared for this member's Telegram account. */
export const prepareShare = (id: number) => api.post<{ preparedMessageId: string }>(`/api/events/${id}/share`, {});

/**
 * Telegram's share sheet with the prepared card; where that is missing (Telegram before 8.0) or the card
 * could not be prepared, the chat picker with `@bot <event name>` typed in. Resolves false if neither works.
 */
async function shareInTelegram({ id, name }: { id: number; name: string }): Promise<boolean> {
  const prepared = await prepareShare(id).catch(() => null);
  const sent = prepared ? await shareMessage(prepared.preparedMessageId) : null;
  if (sent !== null) return true;
  return switchInlineQuery(name);
}

export function useShareEvent() {
  return useMutation({ mutationFn: shareInTelegram });
}
