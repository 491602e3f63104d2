// The email that asks a parent or guardian for consent. One message to one address, written straight into the
// outbox in the transaction that stores the request, so the request and its email commit together or not at all.
import { oneLine } from '../../lib/display-text';
import * as outbox from './outbox-repository';
import type { Db } from './outbox-repository';
import { escapeHtml } from './templates';

export interface GuardianConsentEmail {
  requestId: number;
  childId: number;
  childName: string;
  organisationName: string;
  email: string;
  consentUrl: string;
  expiresAt: Date;
}

/**
 * Names the child and the organisation, says what consenting means and that nothing happens without the link,
 * and carries the single-use link. The child's name is shown on one line (it is theirs to choose).
 */
export async function queueGuardianConsentEmail(tx: Db, mail: GuardianConsentEmail, now: Date): Promise<void> {
  const child = oneLine(mail.childName);
  const organisation = oneLine(mail.organisationName);
  const until = mail.expiresAt.toISOString().slice(0, 10);
  const asked = `${child} asked you, as their parent or guardian, to consent to them taking part in ${organisation}.`;
  const meaning =
    `${child} is under the age at which they may take part on their own. With your consent they can reply to ` +
    'events and write comments; you will get a guardian account that shows their upcoming events, lets you ' +
    'choose whether photos of them may be shared, and lets you withdraw consent at any time. The link opens ' +
    'the full consent text before you decide.';
  const ignore = `If you do not know ${child} or do not agree, ignore this email: nothing changes without the link.`;
  const text =
    `${asked}\n\n${meaning}\n\nTo read the consent text and decide, open this link (it works once, until ${until}):\n` +
    `${mail.consentUrl}\n\n${ignore}\n`;
  const html =
    `<p>${escapeHtml(asked)}</p><p>${escapeHtml(meaning)}</p>` +
    `<p><a href="${escapeHtml(mail.consentUrl)}">Read the consent text and decide</a> ` +
    `(the link works once, until ${escapeHtml(until)})</p><p>${escapeHtml(ignore)}</p>`;
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
        subject: `${organisation}: consent for ${child}`,
        body: text,
        html,
      },
    ],
    now,
  );
}
