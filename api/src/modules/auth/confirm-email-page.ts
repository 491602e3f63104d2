// The page an emailed confirmation link opens. Mail scanners and link previews fetch links on their own, so
// opening the link confirms nothing: its owner presses Confirm, a same-origin form post.

const PRODUCT_NAME = 'Community Events';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** `action` is where the Confirm button posts (the link itself). */
export function confirmEmailPage(action: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Confirm email address · ${PRODUCT_NAME}</title>
<style>
  body { font-family: system-ui, sans-serif; display: grid; place-items: center; min-height: 100vh; margin: 0; }
  main { max-width: 28rem; padding: 2rem; text-align: center; }
  button { font: inherit; padding: 0.6rem 1.4rem; border-radius: 0.4rem; border: 0; background: #2563eb; color: #fff; }
</style>
</head>
<body>
<main>
<h1>Confirm email address</h1>
<p>Link this email address to your ${PRODUCT_NAME} account? If you did not ask for this, close this page.</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">Confirm email address</button></form>
</main>
</body>
</html>
`;
}
