// The language picker (Settings, and the footer when signed out): each language named in itself. The choice
// applies at once and is kept: on this device (for the pages the server writes too) and, signed in, on the
// member's account, which every device, the bot and the emails follow.
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../../shared/i18n/languages';
import type { CurrentUser } from '../../../../shared/types';
import { defineMessages, useLanguage, useT } from '../../i18n';
import { chooseLanguage } from '../../i18n/choose';
import { api } from '../../lib/api-client';
import { authKeys, useCurrentUser } from '../../lib/auth';
import { toastError } from '../toast-store';
import styles from './language-picker.module.css';

const messages = defineMessages({
  label: { id: 'web.shell.language.label', defaultMessage: 'Language' },
  saveFailed: { id: 'web.shell.language.saveFailed', defaultMessage: 'Your language could not be saved' },
});

export function LanguagePicker({ compact = false }: { compact?: boolean }) {
  const t = useT();
  const id = useId();
  const current = useLanguage();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();

  const choose = async (language: Language) => {
    await chooseLanguage(language);
    if (!user) return;
    try {
      const updated = await api.patch<CurrentUser>('/api/users/me/language', { language });
      queryClient.setQueryData(authKeys.me(), updated);
    } catch (error) {
      toastError(t(messages.saveFailed), error instanceof Error ? error.message : undefined);
    }
  };

  return (
    <div className={compact ? styles.compact : styles.picker}>
      <label htmlFor={id}>{t(messages.label)}</label>
      <select id={id} value={current} onChange={(event) => void choose(event.target.value as Language)}>
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
