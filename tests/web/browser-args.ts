// Chromium flags that work on our machines (DESIGN §7).
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Nothing outside the machine: other hosts do not resolve, so third-party scripts (Google's, Telegram's) fail to
  // load as they would offline. Done here rather than by intercepting requests, which would turn off the HTTP
  // cache and send every request of every page through Playwright.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
];
