// What each recipient of a fan-out gets: their channels (with an address we may use), their language, and the
// job's texts in it.
import { isLanguage, LANGUAGES, type Language } from '../../../../shared/i18n/languages';
import type { RecipientRow } from './recipients-repository';
import type { RenderedMessage } from './templates';

export type Channel = 'email' | 'sms' | 'telegram';
export type RenderedSet = Record<Channel, RenderedMessage>;
/**
 * A job's texts in every language, rendered at its first batch and kept on the job, so that every batch
 * sends the same words. A job kept before texts had languages holds one RenderedSet, used for everyone.
 */
export type RenderedTexts = { byLanguage: Record<Language, RenderedSet> };

/** The texts of each language, rendered by `render`. */
export async function renderAll(render: (language: Language) => Promise<RenderedSet> | RenderedSet) {
  const byLanguage = {} as Record<Language, RenderedSet>;
  for (const language of LANGUAGES) byLanguage[language] = await render(language);
  return { byLanguage } satisfies RenderedTexts;
}

/** The texts for a recipient of `language`, from what a job keeps. */
export function textsIn(stored: RenderedTexts | RenderedSet, language: Language): RenderedSet {
  return 'byLanguage' in stored ? stored.byLanguage[language] : stored;
}

/** A recipient's language: their saved choice, else the organisation's. */
export const languageOf = (user: RecipientRow, organisation: Language): Language =>
  isLanguage(user.language) ? user.language : organisation;

/**
 * A user's channels: those they ticked for which we also have an address we may use. SMS needs a number the
 * member confirmed with a code: ticking SMS beside an unconfirmed number saves the choice but sends nothing.
 * Telegram is skipped while Telegram refuses our messages to the member (until they press Start).
 */
export function channelsOf(user: RecipientRow): Array<{ channel: Channel; recipient: string }> {
  const email = user.googleEmail ?? (user.linkedEmailConfirmed ? user.linkedEmail : null);
  const result: Array<{ channel: Channel; recipient: string }> = [];
  if (user.notificationPrefs.includes('email') && email) result.push({ channel: 'email', recipient: email });
  if (user.notificationPrefs.includes('sms') && user.phoneNumber && user.phoneVerifiedAt)
    result.push({ channel: 'sms', recipient: user.phoneNumber });
  if (user.notificationPrefs.includes('telegram') && user.telegramId && !user.telegramUnreachableAt)
    result.push({ channel: 'telegram', recipient: user.telegramId });
  return result;
}
