import type { WeilongStrategy, WeilongView } from '../strategy.js';
import { prepareTrade, tradeTarget, fourthSonChoice, secondSonChoice, takeElement, takeDragon } from './common.js';

/**
 * element — the element-only collector: sets aside every die showing its Son's element number
 * (the Third Son also turns pairs of 6s into 3s) and does not go for a Dragon. The First Son
 * re-rolls every 6; only when its element goal is closed (after a trade, or an opponent's
 * ability) does it fall back to the Dragon. Abilities: abilities on others hit the most threatening opponent (Second: their 2 → 6;
 * Fourth: return a die of a close opponent); the Fifth Son trades into a clearly better position,
 * setting aside the whole roll first.
 */
export const element: WeilongStrategy = {
  name: 'element',
  description: 'collects only its element number; abilities against the most threatening opponent',
  collect(v: WeilongView, c: number) {
    if (prepareTrade(v, c)) return;
    if (v.elementOpen(c) || !v.dragonOpen(c)) takeElement(v, c);
    else takeDragon(v, c);
  },
  firstSonReroll: () => true,
  secondSonChange: (v, c) => secondSonChoice(v, c, false),
  fourthSonReturn: (v, c) => fourthSonChoice(v, c),
  fifthSonTrade: (v) => tradeTarget(v),
  keepRolling: () => true,
};
