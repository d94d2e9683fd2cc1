import type { WeilongGame, WeilongStrategy } from '../../src/games/weilong/engine.js';
import { prepareTrade, tradeTarget, fourthSonChoice, secondSonChoice, takeElement } from './common.js';

/**
 * element — the element-only collector: sets aside every die showing its Son's element number
 * (the Third Son also turns pairs of 6s into 3s) and never goes for a Dragon. Abilities: the First
 * Son re-rolls every 6; abilities on others hit the most threatening opponent (Second: their 2 → 6;
 * Fourth: return a die of a close opponent); the Fifth Son trades into a clearly better position,
 * setting aside the whole roll first.
 */
export const element: WeilongStrategy = {
  name: 'element',
  description: 'collects only its element number; abilities against the most threatening opponent',
  collect(g: WeilongGame, c: number) {
    if (!prepareTrade(g, c)) takeElement(g, c);
  },
  firstSonReroll: () => true,
  secondSonChange: (g, c) => secondSonChoice(g, c, false),
  fourthSonReturn: (g, c) => fourthSonChoice(g, c),
  fifthSonTrade: (g) => tradeTarget(g),
  keepRolling: () => true,
};
