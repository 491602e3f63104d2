// Every website screen on a phone (390×844), light and dark (see layout-kit.ts for what is checked).
import { describe, it } from 'vitest';
import { SCHEMES, useLayoutApp, websiteScreens } from './layout-kit';

describe('the website on a phone, light and dark', () => {
  const state = useLayoutApp();
  for (const scheme of SCHEMES) {
    it(
      `When a visitor, a member and an admin use the website at phone size in ${scheme} mode, then every screen fits and reads well`,
      () => websiteScreens(state, 'phone', scheme),
      180_000,
    );
  }
});
