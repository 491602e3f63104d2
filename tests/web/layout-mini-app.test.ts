// The Mini App on a phone in Telegram's light and dark themes (see layout-kit.ts for what is checked).
import { describe, it } from 'vitest';
import { miniAppScreens, SCHEMES, useLayoutApp } from './layout-kit';

describe('the Mini App on a phone, in light and dark themes', () => {
  const state = useLayoutApp();
  for (const scheme of SCHEMES) {
    it(
      `When a member opens the Mini App on a phone in Telegram's ${scheme} theme, then it uses Telegram's layout and every screen fits`,
      () => miniAppScreens(state, scheme),
      120_000,
    );
  }
});
