// Language: the member's choice, applied at once and kept on their account.
import { Card } from '../../../components/card/card';
import { LanguagePicker } from '../../../components/language-picker/language-picker';
import { defineMessages, useT } from '../../../i18n';

const messages = defineMessages({
  title: { id: 'web.settings.language.title', defaultMessage: 'Language' },
  hint: {
    id: 'web.settings.language.hint',
    defaultMessage: 'The app, the bot, emails and notifications speak the language you choose.',
  },
});

export function LanguageSettings() {
  const t = useT();
  return (
    <Card title={t(messages.title)} labelledBy="language-title">
      <p className="hint">{t(messages.hint)}</p>
      <LanguagePicker />
    </Card>
  );
}
