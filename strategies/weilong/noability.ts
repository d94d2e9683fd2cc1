import type { WeilongGame, WeilongStrategy } from '../../src/games/weilong/engine.js';
import { adaptiveCollect } from './adaptive.js';

/**
 * noability — the control: collects exactly like `adaptive` but never uses a Son's ability (no
 * re-rolls, no changes, no conversions, no returns, no trades).
 */
export const noability: WeilongStrategy = {
  name: 'noability',
  description: 'adaptive collection, never uses an ability (control)',
  collect(g: WeilongGame, c: number) {
    g.maxConvert = 0; // plan without the Third Son's conversions
    adaptiveCollect(g, c);
    g.convert = 0;
  },
  firstSonReroll: () => false,
  secondSonChange: () => -1,
  fourthSonReturn: () => -1,
  fifthSonTrade: () => -1,
  keepRolling: () => true,
};
