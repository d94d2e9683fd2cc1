import type { WeilongStrategy, WeilongView } from '../strategy.js';
import { prepareTrade, tradeTarget, fourthSonChoice, secondSonChoice, takeDragon, takeElement } from './common.js';

/**
 * dragon — the Dragon chaser: sets aside one die of each face 1..5 it still lacks (the Third Son
 * turns two 6s into its missing 3) and keeps rolling while its element shows; only when the Dragon
 * is closed (a doubled face or a 6, after a trade or an opponent's ability) does it collect its element. The Second Son fixes a
 * doubled 2 into a missing face; abilities on others hit the most threatening opponent; the Fifth
 * Son trades into a clearly better position, setting aside the whole roll first.
 */
export const dragon: WeilongStrategy = {
  name: 'dragon',
  description: 'chases the Dragon 1-2-3-4-5; abilities against the most threatening opponent',
  collect(v: WeilongView, c: number) {
    if (prepareTrade(v, c)) return;
    if (v.dragonOpen(c) || !v.elementOpen(c)) takeDragon(v, c);
    else takeElement(v, c);
  },
  firstSonReroll: () => true,
  secondSonChange: (v, c) => secondSonChoice(v, c, true),
  fourthSonReturn: (v, c) => fourthSonChoice(v, c),
  fifthSonTrade: (v) => tradeTarget(v),
  keepRolling: () => true,
};
