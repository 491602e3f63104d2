// The page an emailed confirmation link opens. Mail scanners and link previews fetch links on their own, so
// opening the link confirms nothing: its owner presses Confirm, a same-origin form post. Before that the page
// names the account that asked, so nobody hands their address (and their Google sign-in) to a stranger.
import { oneLine } from '../../lib/display-text';
import type { PendingEmailLink } from './account-linking-service';

const PRODUCT_NAME = 'Community Events';

/**
 * Where the page's requests carry its address (and so the token): to our own origin only. The Confirm post
 * needs an Origin header for the same-origin guard, which Chromium sends as "null" under no-referrer; other
 * sites never see a Referer.
 */
export const CONFIRM_PAGE_REFERRER_POLICY = 'same-origin';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="${CONFIRM_PAGE_REFERRER_POLICY}">
<title>${title} · ${PRODUCT_NAME}</title>
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

/** `action` is where the Confirm button posts (the link itself); `pending` is what it would confirm. */
export function confirmEmailPage(action: string, pending: PendingEmailLink): string {
  const name = escapeHtml(oneLine(pending.requester.name));
  const signIn = escapeHtml(oneLine(pending.requester.signIn));
  const email = escapeHtml(pending.email);
  return page(
    'Confirm email address',
    `<h1>Confirm email address</h1>
<p>“<bdi>${name}</bdi>” (<bdi>${signIn}</bdi>) asked to link ${email} to their account on ${PRODUCT_NAME}.</p>
<p class="warning">If you do not know this account, do not confirm: close this page. Once confirmed, signing in with Google as ${email} opens that account, and whoever holds it can use it too.</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">Confirm email address</button></form>`,
  );
}
