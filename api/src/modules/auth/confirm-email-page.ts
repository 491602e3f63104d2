// The page an emailed confirmation link opens. Mail scanners and link previews fetch links on their own, so
// opening the link confirms nothing: its owner presses Confirm, a same-origin form post. Before that the page
// names the account that asked, so nobody hands their address (and their Google sign-in) to a stranger.
import escapeHtml from 'escape-html';
import { translator } from '../../../../shared/i18n/all-catalogs';
import { defineMessages } from '../../../../shared/i18n/define';
import { TEXT_DIRECTION, type Language } from '../../../../shared/i18n/languages';
import { oneLine } from '../../lib/display-text';
import type { PendingEmailLink } from './account-linking-service';
import { describeWays } from './email-link-requester';

const messages = defineMessages({
  title: { id: 'auth.confirmPage.title', defaultMessage: 'Confirm email address' },
  asked: {
    id: 'auth.confirmPage.asked',
    description: '`name`: the asking account’s name, `signIn`: how it signs in (Google as …, Telegram @…)',
    defaultMessage: '“{name}” ({signIn}) asked to link {email} to their account on {product}.',
  },
  warning: {
    id: 'auth.confirmPage.warning',
    defaultMessage:
      'If you do not know this account, do not confirm: close this page. Once confirmed, signing in with Google as {email} opens that account, and whoever holds it can use it too.',
  },
});

/**
 * Where the page's requests carry its address (and so the token): to our own origin only. The Confirm post
 * needs an Origin header for the same-origin guard, which Chromium sends as "null" under no-referrer; other
 * sites never see a Referer.
 */
export const CONFIRM_PAGE_REFERRER_POLICY = 'same-origin';

function page(title: string, body: string, language: Language, product: string): string {
  return `<!doctype html>
<html lang="${language}" dir="${TEXT_DIRECTION[language]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="${CONFIRM_PAGE_REFERRER_POLICY}">
<title>${title} · ${escapeHtml(product)}</title>
<style>
  body { font-family: system-ui, sans-serif; display: grid; place-items: center; min-height: 100vh; margin: 0; }
  main { max-width: 28rem; padding: 2rem; text-align: center; }
  .warning { font-weight: 600; }
  button { font: inherit; padding: 0.6rem 1.4rem; border-radius: 0.4rem; border: 0; background: #2563eb; color: #fff; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/**
 * A message as HTML: its text escaped, and each of `parts` (already HTML) put where its value goes. The values
 * stand in as private-use characters while the translation is formatted, so nothing a member typed is markup.
 */
function html(language: Language, id: string, values: Record<string, string>, parts: Record<string, string>) {
  const marks = Object.keys(parts).map((name, index) => [name, String.fromCharCode(0xe000 + index)] as const);
  let text = escapeHtml(translator.t(language, id, { ...values, ...Object.fromEntries(marks) }));
  for (const [name, mark] of marks) text = text.split(mark).join(parts[name]!);
  return text;
}

/**
 * `action` is where the Confirm button posts (the link itself); `pending` is what it would confirm; `product` is
 * the organisation's name (BRAND_NAME).
 */
export function confirmEmailPage(
  action: string,
  pending: PendingEmailLink,
  language: Language,
  product: string,
): string {
  const title = escapeHtml(translator.t(language, messages.title.id));
  const parts = {
    name: `<bdi>${escapeHtml(oneLine(pending.requester.name))}</bdi>`,
    signIn: `<bdi>${escapeHtml(describeWays(pending.requester.ways, language))}</bdi>`,
    email: `<bdi>${escapeHtml(pending.email)}</bdi>`,
  };
  return page(
    title,
    `<h1>${title}</h1>
<p>${html(language, messages.asked.id, { product }, parts)}</p>
<p class="warning">${html(language, messages.warning.id, {}, { email: parts.email })}</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">${title}</button></form>`,
    language,
    product,
  );
}
