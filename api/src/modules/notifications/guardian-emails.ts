// The email that asks a parent or guardian for consent. One message to one address, written straight into the
// outbox in the transaction that stores the request, so the request and its email commit together or not at all.
import { dateFormat } from '../../../../shared/date-format';
import { translator } from '../../../../shared/i18n/all-catalogs';
import { defineMessages, type MessageDescriptor } from '../../../../shared/i18n/define';
import { SOURCE_LANGUAGE, type Language } from '../../../../shared/i18n/languages';
import type { MessageValues } from '../../../../shared/i18n/translate';
import { oneLine } from '../../lib/display-text';
import { cleanPersonName } from '../../../../shared/text';
import * as outbox from './outbox-repository';
import type { Db } from './outbox-repository';
import escapeHtml from 'escape-html';

const TEXTS = defineMessages({
  subject: { id: 'email.guardianConsent.subject', defaultMessage: '{organisation}: consent for {child}' },
  asked: {
    id: 'email.guardianConsent.asked',
    defaultMessage: '{child} asked you, as their parent or guardian, to consent to them taking part in {organisation}.',
  },
  meaning: {
    id: 'email.guardianConsent.meaning',
    defaultMessage:
      '{child} is under the age at which they may take part on their own. With your consent they can reply to events and write comments; you will get a guardian account that shows their upcoming events, lets you choose whether photos of them may be shared, and lets you withdraw consent at any time. The link opens the full consent text before you decide.',
  },
  openLink: {
    id: 'email.guardianConsent.openLink',
    description: 'until: the last day the link works, e.g. "November 28, 2026"; the link follows on the next line',
    defaultMessage: 'To read the consent text and decide, open this link (it works once, until {until}):',
  },
  linkLabel: { id: 'email.guardianConsent.linkLabel', defaultMessage: 'Read the consent text and decide' },
  linkWorks: {
    id: 'email.guardianConsent.linkWorks',
    description: 'After the link "Read the consent text and decide"',
    defaultMessage: '(the link works once, until {until})',
  },
  ignore: {
    id: 'email.guardianConsent.ignore',
    defaultMessage: 'If you do not know {child} or do not agree, ignore this email: nothing changes without the link.',
  },
});

export interface GuardianConsentEmail {
  requestId: number;
  childId: number;
  childName: string;
  organisationName: string;
  email: string;
  consentUrl: string;
  expiresAt: Date;
  /** The address has no account to say its language: the child's is the likely one. */
  language: Language;
  /** Where the link's last day is counted (the organisation's notifications zone). */
  timeZone: string;
}

/**
 * Names the child and the organisation, says what consenting means and that nothing happens without the link,
 * and carries the single-use link. The child's name is cleaned (cleanPersonName: it is theirs to choose).
 */
export async function queueGuardianConsentEmail(tx: Db, mail: GuardianConsentEmail, now: Date): Promise<void> {
  const { language } = mail;
  const say = (message: MessageDescriptor, values?: MessageValues) => translator.t(language, message.id, values);
  const child = cleanPersonName(mail.childName);
  const organisation = oneLine(mail.organisationName);
  const until = dateFormat(language === SOURCE_LANGUAGE ? 'en-US' : language, {
    timeZone: mail.timeZone,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(mail.expiresAt);
  const asked = say(TEXTS.asked, { child, organisation });
  const meaning = say(TEXTS.meaning, { child });
  const ignore = say(TEXTS.ignore, { child });
  const text = `${asked}\n\n${meaning}\n\n${say(TEXTS.openLink, { until })}\n${mail.consentUrl}\n\n${ignore}\n`;
  const html =
    `<p>${escapeHtml(asked)}</p><p>${escapeHtml(meaning)}</p>` +
    `<p><a href="${escapeHtml(mail.consentUrl)}">${escapeHtml(say(TEXTS.linkLabel))}</a> ` +
    `${escapeHtml(say(TEXTS.linkWorks, { until }))}</p><p>${escapeHtml(ignore)}</p>`;
  await outbox.enqueue(
    tx,
    [
      {
        idempotencyKey: `guardian_consent:${mail.requestId}`,
        kind: 'guardian_consent',
        channel: 'email',
        // Erasing the child drops the email that names them.
        userId: mail.childId,
        recipient: mail.email,
        subject: say(TEXTS.subject, { organisation, child }),
        body: text,
        html,
        subjectUserIds: [mail.childId],
      },
    ],
    now,
  );
}
