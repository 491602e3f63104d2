// A form's validation message in the page's language. The shared schemas (the server's own rules) say their
// messages in English, and most of them are MSG texts: those are shown from the catalog, any other as written.
import { msgKeyOf } from '../../../shared/i18n/message-keys';
import { MSG } from '../../../shared/messages';
import { msg, translate } from '../i18n';

export function validationText(text: string): string;
export function validationText(text: string | undefined | null): string | undefined;
export function validationText(text: string | undefined | null): string | undefined {
  if (!text) return text ?? undefined;
  const key = msgKeyOf(text);
  if (!key) return text;
  const entry = MSG[key];
  return typeof entry === 'string' ? translate(msg(key as Parameters<typeof msg>[0])) : text;
}
