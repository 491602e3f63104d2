// The shared zod schemas (shared/schemas/) speak MSG's English, the API's own words; in a form they are
// shown in the member's language by finding the MSG entry the text came from. A text that is not in MSG
// (a developer-facing rule the form's controls already prevent) stays as it is.
import { msgKeyOf } from '../../../../../../shared/i18n/message-keys';
import { MSG } from '../../../../../../shared/messages';
import { msg, type Translate } from '../../../../i18n';

export function schemaMessage(t: Translate, text: string): string {
  const key = msgKeyOf(text);
  return key && typeof MSG[key] === 'string' ? t(msg(key as Parameters<typeof msg>[0])) : text;
}
