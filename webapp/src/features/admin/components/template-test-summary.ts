// What the admin is told after 'Test Templates': success only when nothing failed, one line per channel
// otherwise, and never doubled punctuation from the server's own sentences.
import type { TemplateTestResponse } from '../api/test-templates';

const CHANNEL_LABELS = { email: 'Email', sms: 'SMS' } as const;
const sentence = (text: string) => text.trim().replace(/[.!]+$/, '');

export function summariseTemplateTest(response: TemplateTestResponse | null | undefined): {
  ok: boolean;
  description: string;
} {
  const results = response?.results;
  // An older server without per-channel results: trust its message.
  if (!results?.length) return { ok: true, description: response?.message ?? 'Test notifications were sent.' };
  const lines: string[] = [];
  for (const channel of ['email', 'sms'] as const) {
    const mine = results.filter((result) => result.channel === channel);
    const sent = mine.filter((result) => result.status === 'sent');
    const problem = mine.find((result) => result.status !== 'sent');
    if (sent.length) lines.push(`${CHANNEL_LABELS[channel]}: sent to ${sent[0]!.to}`);
    if (problem) {
      const reason = problem.error ? ` (${sentence(problem.error)})` : '';
      lines.push(`${CHANNEL_LABELS[channel]}: ${problem.status === 'skipped' ? 'skipped' : 'failed'}${reason}`);
    }
  }
  const ok = !results.some((result) => result.status === 'failed');
  const where = [
    results.some((r) => r.channel === 'email' && r.status === 'sent') && 'Check your email inbox',
    results.some((r) => r.channel === 'sms' && r.status === 'sent') && 'check your phone for SMS',
  ].filter(Boolean);
  const closing = ok && where.length ? `\n${where.join(', and ')}.` : '';
  return { ok, description: `${lines.join('.\n')}.${closing}` };
}
