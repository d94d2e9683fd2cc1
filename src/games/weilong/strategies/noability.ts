import type { WeilongStrategy, WeilongView } from '../strategy.js';
import { adaptiveCollect } from './adaptive.js';

/**
 * noability — the control: collects exactly like `adaptive` but never uses a Son's ability (no
 * re-rolls, no changes, no conversions, no returns, no trades).
 */
export const noability: WeilongStrategy = {
  name: 'noability',
  description: 'adaptive collection, never uses an ability (control)',
  collect(v: WeilongView, c: number) {
    v.maxConvert = 0; // plan without the Third Son's conversions
    adaptiveCollect(v, c);
    v.convert = 0;
  },
  firstSonReroll: () => false,
  secondSonChange: () => -1,
  fourthSonReturn: () => -1,
  fifthSonTrade: () => -1,
  keepRolling: () => true,
};
