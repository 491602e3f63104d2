// The admins' test sends: they go out at once through the real channels (not through the outbox) so the
// admin sees the SMTP server's or SMS provider's answer while looking at the settings.
import escapeHtml from 'escape-html';
import { TEMPLATE_CHANNELS, TEMPLATE_TYPES, type TemplateChannel } from '../../../../shared/constants';
import type { AppDeps } from '../../deps';
import type { TemplateTestResult } from '../../../../shared/types';
import { upstreamFailed, invalid } from '../../../../shared/errors';
import { randomToken } from '../../lib/secrets';
import { getSmtpForDelivery, type SmtpDeliverySettings } from '../admin/smtp-settings-service';
import { isPhoneVerified, signInEmail, type UserRow } from '../users/users-repository';
import { DeliveryError, type OutgoingMessage } from './delivery';
import { createEmailSender, SMTP_DISABLED, SMTP_NOT_CONFIGURED } from './email-sender';
import { translator } from '../../../../shared/i18n/all-catalogs';
import { msgText } from '../../../../shared/i18n/error-text';
import { MSG } from '../../../../shared/messages';
import { defineMessages } from '../../../../shared/i18n/define';
import { LANGUAGES, type Language } from '../../../../shared/i18n/languages';
import { organisationTimeZone, readDefaultLanguage } from '../organisation/organisation-service';
import { findTemplateTexts } from './recipients-repository';
import { createSmsSender } from './sms-sender';
import { describeUpdate, formatEventDate, renderMessage, type TemplateValues } from './templates';

/** What a test send of a template shows, in the template's language. */
const TEST_MESSAGES = defineMessages({
  subject: { id: 'notify.test.subject', description: 'A test send of a template', defaultMessage: '[Test] {subject}' },
  eventName: {
    id: 'notify.test.eventName',
    description: 'A made-up event in a test send',
    defaultMessage: 'Sample Event',
  },
  eventLocation: {
    id: 'notify.test.eventLocation',
    description: 'The made-up event’s place in a test send',
    defaultMessage: 'Community Hall',
  },
  emailSubject: {
    id: 'notify.test.emailSubject',
    description: 'The SMTP settings’ test email; `product`: the product’s name',
    defaultMessage: 'Test email from {product}',
  },
  emailBody: {
    id: 'notify.test.emailBody',
    description: 'The SMTP settings’ test email; `product`: the product’s name',
    defaultMessage: 'This is a test email from {product}. Your SMTP settings work.',
  },
  emailSent: {
    id: 'notify.test.emailSent',
    description: 'After the SMTP settings’ test email went out; `to`: its address',
    defaultMessage: 'Test email sent to {to}',
  },
  noEmailAddress: {
    id: 'notify.test.noEmailAddress',
    description: 'Why a test send skipped email',
    defaultMessage: 'Your account has no email address',
  },
  noPhoneNumber: {
    id: 'notify.test.noPhoneNumber',
    description: 'Why a test send skipped SMS',
    defaultMessage: 'Your account has no phone number',
  },
  phoneNotVerified: {
    id: 'notify.test.phoneNotVerified',
    description: 'Why a test send skipped SMS',
    defaultMessage: 'Your phone number is not verified (Settings → Communication Settings)',
  },
  sentLine: {
    id: 'notify.test.sentLine',
    description: 'One channel’s line of the test send’s report; `to`: the address or number',
    defaultMessage:
      '{channel, select, sms {SMS} other {Email}}: {count, plural, one {# test message sent to {to}} other {# test messages sent to {to}}}',
  },
  problemLine: {
    id: 'notify.test.problemLine',
    description: 'One channel’s line of the test send’s report; `reason`: why, as a sentence without its period',
    defaultMessage:
      '{channel, select, sms {SMS} other {Email}}: {status, select, skipped {skipped} other {failed}} ({reason})',
  },
  closing: {
    id: 'notify.test.closing',
    description: 'The end of the test send’s report',
    defaultMessage: 'Check your email inbox, and check your phone for SMS.',
  },
});

/** A delivery failure's reason in `language` when it is one of ours; a provider's own answer stays as it came. */
const reasonIn = (error: unknown, language: Language): string =>
  msgText(error instanceof DeliveryError ? error.message : String(error), language);

const badGateway = upstreamFailed;

export function createNotificationsService(deps: AppDeps) {
  const email = createEmailSender(() => getSmtpForDelivery(deps), deps.logger);
  const sms = createSmsSender(deps.config.sms, deps.logger);

  /**
   * One test email through `settings`. An admin chooses the host and port, so the answer must not tell an
   * open port from a closed one, a silent service or a refusing SMTP server (that would make this a port
   * scanner): every failure gives the same message, and no sooner than the timeout that bounds a silent
   * host. The real cause goes to the log.
   */
  async function sendTestMessage(settings: SmtpDeliverySettings, message: OutgoingMessage): Promise<void> {
    const timeoutMs = deps.config.smtpTestTimeoutMs;
    const deadline = Date.now() + timeoutMs;
    try {
      await email.sendDirect(settings, message, timeoutMs);
    } catch (error) {
      deps.logger.warn({ err: error, host: settings.host, port: settings.port }, 'SMTP test send failed');
      const early = deadline - Date.now();
      if (early > 0) await new Promise((resolve) => setTimeout(resolve, early));
      throw new DeliveryError(MSG.smtpTestFailed, true);
    }
  }

  async function enabledSmtp() {
    const settings = await getSmtpForDelivery(deps);
    if (!settings) return { settings: null, problem: SMTP_NOT_CONFIGURED } as const;
    if (!settings.enabled) return { settings: null, problem: SMTP_DISABLED } as const;
    return { settings, problem: null } as const;
  }

  /** POST /api/smtp-settings/test: one email with the saved settings, in the admin's language; any failure is one uniform 502. */
  async function sendTestEmail(
    to: string,
    adminLanguage: Language | null,
  ): Promise<{ success: true; message: string }> {
    const settings = await getSmtpForDelivery(deps);
    if (!settings) throw invalid(MSG.smtpTestNotSaved);
    if (!settings.enabled) throw invalid(MSG.smtpTestNotEnabled);
    const language = adminLanguage ?? (await readDefaultLanguage(deps.config, deps.prisma));
    const say = (message: { id: string }, values: Record<string, string>) => translator.t(language, message.id, values);
    const body = say(TEST_MESSAGES.emailBody, { product: deps.config.brand.name });
    const message: OutgoingMessage = {
      key: `smtp_test:${randomToken(12)}`,
      to,
      subject: say(TEST_MESSAGES.emailSubject, { product: deps.config.brand.name }),
      text: body,
      html: `<p>${escapeHtml(body)}</p>`,
      payload: null,
    };
    try {
      await sendTestMessage(settings, message);
    } catch {
      throw badGateway(MSG.smtpTestFailed);
    }
    return { success: true, message: say(TEST_MESSAGES.emailSent, { to }) };
  }

  /** The sample values a test send fills in, in `language`: a week from now, in the organisation's time zone. */
  function sampleValues(language: Language, zone: string): TemplateValues {
    return {
      eventName: translator.t(language, TEST_MESSAGES.eventName.id),
      eventDate: formatEventDate(new Date(deps.now().getTime() + 7 * 24 * 60 * 60 * 1000), zone, language),
      eventLocation: translator.t(language, TEST_MESSAGES.eventLocation.id),
      updateType: describeUpdate(['date', 'location'], language),
    };
  }

  /**
   * POST /api/test-notification-template: every template with sample values, to the admin, each in the language
   * it is written in; a type and channel without one sends the built-in text in `adminLanguage` (the request's,
   * else the organisation's).
   */
  async function testTemplates(admin: UserRow, adminLanguage: Language | null) {
    const fallback = adminLanguage ?? (await readDefaultLanguage(deps.config, deps.prisma));
    const zone = await organisationTimeZone(deps);
    // Test SMS go only to a number the admin confirmed, like every other SMS.
    const phone = isPhoneVerified(admin) ? admin.phoneNumber : null;
    const addresses: Record<TemplateChannel, string | null> = { email: signInEmail(admin), sms: phone };
    if (!addresses.email && !addresses.sms) {
      throw invalid(admin.phoneNumber ? MSG.testNowhereVerified : MSG.testNowhereToSend);
    }
    const smtp = addresses.email ? await enabledSmtp() : null;
    const results: TemplateTestResult[] = [];
    // After one failed test email the others would fail alike, each after the timeout: they are not tried.
    let emailFailure: DeliveryError | null = null;
    for (const channel of TEMPLATE_CHANNELS) {
      for (const type of TEMPLATE_TYPES) {
        const to = addresses[channel];
        if (!to) {
          const why =
            channel === 'email'
              ? TEST_MESSAGES.noEmailAddress
              : admin.phoneNumber
                ? TEST_MESSAGES.phoneNotVerified
                : TEST_MESSAGES.noPhoneNumber;
          const error = translator.t(fallback, why.id);
          results.push({ type, channel, language: fallback, to, status: 'skipped', error });
          continue;
        }
        const written = await findTemplateTexts(deps.prisma, type, channel);
        const tests: Array<{ language: Language; custom: string | null }> = LANGUAGES.filter(
          (language) => written[language] !== undefined,
        ).map((language) => ({ language, custom: written[language]! }));
        if (!tests.length) tests.push({ language: fallback, custom: null });
        for (const { language, custom } of tests) {
          const rendered = renderMessage(type, channel, sampleValues(language, zone), custom, undefined, language);
          const message: OutgoingMessage = {
            key: `template_test:${type}:${channel}:${language}:${randomToken(12)}`,
            to,
            subject: translator.t(language, TEST_MESSAGES.subject.id, { subject: rendered.subject }),
            text: rendered.text,
            html: rendered.html,
            payload: null,
          };
          try {
            if (channel === 'email') {
              if (!smtp?.settings) throw new DeliveryError(smtp?.problem ?? SMTP_NOT_CONFIGURED, true);
              if (emailFailure) throw emailFailure;
              await sendTestMessage(smtp.settings, message).catch((error: DeliveryError) => {
                emailFailure = error;
                throw error;
              });
            } else {
              await sms(message);
            }
            results.push({ type, channel, language, to, status: 'sent' });
          } catch (error) {
            results.push({ type, channel, language, to, status: 'failed', error: reasonIn(error, fallback) });
          }
        }
      }
    }
    return summarise(results, fallback);
  }

  return { sendTestEmail, testTemplates };
}

/** One line per channel for the admin's toast, in `language`; a 502 when nothing at all could be sent. */
function summarise(results: TemplateTestResult[], language: Language) {
  const lines: string[] = [];
  for (const channel of TEMPLATE_CHANNELS) {
    const mine = results.filter((result) => result.channel === channel);
    const sent = mine.filter((result) => result.status === 'sent');
    const problem = mine.find((result) => result.status !== 'sent');
    if (sent.length) {
      lines.push(translator.t(language, TEST_MESSAGES.sentLine.id, { channel, count: sent.length, to: sent[0]!.to! }));
    }
    if (problem) {
      const reason = (problem.error ?? '').replace(/[.!。]+$/u, '');
      lines.push(translator.t(language, TEST_MESSAGES.problemLine.id, { channel, status: problem.status, reason }));
    }
  }
  const anySent = results.some((result) => result.status === 'sent');
  if (!anySent) throw badGateway(MSG.testNothingSent({ details: lines.join('. ') }));
  return {
    success: true,
    message: `${lines.join('. ')}. ${translator.t(language, TEST_MESSAGES.closing.id)}`,
    results,
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
