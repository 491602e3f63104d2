// The look on every screen, as a member's phone or laptop shows it: at 390×844 and 1366×900, light and dark,
// on the website and inside Telegram. Nothing scrolls sideways (not even a 500-character name without spaces),
// axe finds no serious or critical problem, content starts near the top of a phone, RSVP is above the fold,
// and a screenshot of each is kept under test-artifacts/web/layout. The walks are in layout-kit.ts; this file
// takes the website on a phone, layout-desktop.test.ts the website on a desktop and the Mini App.
import { describe, it } from 'vitest';
import { SCHEMES, layoutAppForFile, walkWebsite } from './layout-kit';

describe('the website on a phone (390×844), light and dark', () => {
  const setup = layoutAppForFile();

  for (const scheme of SCHEMES) {
    it(
      `When a visitor, a member and an admin use the website at phone size in ${scheme} mode, then every screen fits and reads well`,
      () => walkWebsite(setup(), 'phone', scheme),
      180_000,
    );
  }
});
