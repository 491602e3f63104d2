// What the admin is told after 'Test Templates': success only when nothing failed, one line per channel
// otherwise, and never doubled punctuation from the server's own sentences.
import { defineMessages, translate } from '../../../i18n';
import type { TemplateTestResponse } from '../api/test-templates';

const messages = defineMessages({
  sentFallback: { id: 'web.admin.templateTest.sentFallback', defaultMessage: 'Test notifications were sent.' },
  sent: {
    id: 'web.admin.templateTest.sent',
    defaultMessage: '{channel, select, sms {SMS} other {Email}}: sent to {to}.',
    description: '`to`: the address or phone number the test went to.',
  },
  skipped: {
    id: 'web.admin.templateTest.skipped',
    defaultMessage: '{channel, select, sms {SMS} other {Email}}: skipped.',
  },
  skippedBecause: {
    id: 'web.admin.templateTest.skippedBecause',
    defaultMessage: '{channel, select, sms {SMS} other {Email}}: skipped ({reason}).',
    description: '`reason`: the server’s own explanation, without its final period.',
  },
  failed: {
    id: 'web.admin.templateTest.failed',
    defaultMessage: '{channel, select, sms {SMS} other {Email}}: failed.',
  },
  failedBecause: {
    id: 'web.admin.templateTest.failedBecause',
    defaultMessage: '{channel, select, sms {SMS} other {Email}}: failed ({reason}).',
    description: '`reason`: the server’s own explanation, without its final period.',
  },
  checkEmail: { id: 'web.admin.templateTest.checkEmail', defaultMessage: 'Check your email inbox.' },
  checkPhone: { id: 'web.admin.templateTest.checkPhone', defaultMessage: 'check your phone for SMS.' },
  checkBoth: {
    id: 'web.admin.templateTest.checkBoth',
    defaultMessage: 'Check your email inbox, and check your phone for SMS.',
  },
});

const sentence = (text: string) => text.trim().replace(/[.!]+$/, '');

export function summariseTemplateTest(response: TemplateTestResponse | null | undefined): {
  ok: boolean;
  description: string;
} {
  const results = response?.results;
  // An older server without per-channel results: trust its message.
  if (!results?.length) return { ok: true, description: response?.message ?? translate(messages.sentFallback) };
  const lines: string[] = [];
  for (const channel of ['email', 'sms'] as const) {
    const mine = results.filter((result) => result.channel === channel);
    const sent = mine.filter((result) => result.status === 'sent');
    const problem = mine.find((result) => result.status !== 'sent');
    if (sent.length) lines.push(translate(messages.sent, { channel, to: sent[0]!.to ?? '' }));
    if (problem) {
      const skipped = problem.status === 'skipped';
      lines.push(
        problem.error
          ? translate(skipped ? messages.skippedBecause : messages.failedBecause, {
              channel,
              reason: sentence(problem.error),
            })
          : translate(skipped ? messages.skipped : messages.failed, { channel }),
      );
    }
  }
  const ok = !results.some((result) => result.status === 'failed');
  const email = results.some((r) => r.channel === 'email' && r.status === 'sent');
  const sms = results.some((r) => r.channel === 'sms' && r.status === 'sent');
  const closing = !ok
    ? null
    : email && sms
      ? messages.checkBoth
      : email
        ? messages.checkEmail
        : sms
          ? messages.checkPhone
          : null;
  return { ok, description: [...lines, ...(closing ? [translate(closing)] : [])].join('\n') };
}
