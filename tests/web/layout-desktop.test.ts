// The look on every screen, as a member's phone or laptop shows it: at 390×844 and 1366×900, light and dark,
// on the website and inside Telegram. Nothing scrolls sideways (not even a 500-character name without spaces),
// axe finds no serious or critical problem, content starts near the top of a phone, RSVP is above the fold,
// and a screenshot of each is kept under test-artifacts/web/layout. The walks are in layout-kit.ts; this file
// takes the website on a desktop and the Mini App, layout-phone.test.ts the website on a phone.
import { describe, it } from 'vitest';
import { SCHEMES, layoutAppForFile, walkMiniApp, walkWebsite } from './layout-kit';

describe('the website on a desktop (1366×900) and the Mini App on a phone, light and dark', () => {
  const setup = layoutAppForFile();

  for (const scheme of SCHEMES) {
    it(
      `When a visitor, a member and an admin use the website at desktop size in ${scheme} mode, then every screen fits and reads well`,
      () => walkWebsite(setup(), 'desktop', scheme),
      180_000,
    );
  }
  for (const scheme of SCHEMES) {
    it(
      `When a member opens the Mini App on a phone in Telegram's ${scheme} theme, then it uses Telegram's layout and every screen fits`,
      () => walkMiniApp(setup(), scheme),
      120_000,
    );
  }
});
