import type { WeilongGame, WeilongStrategy } from '../../src/games/weilong/engine.js';
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
  collect(g: WeilongGame, c: number) {
    if (prepareTrade(g, c)) return;
    if (g.dragonOpen(c) || !g.elementOpen(c)) takeDragon(g, c);
    else takeElement(g, c);
  },
  firstSonReroll: () => true,
  secondSonChange: (g, c) => secondSonChoice(g, c, true),
  fourthSonReturn: (g, c) => fourthSonChoice(g, c),
  fifthSonTrade: (g) => tradeTarget(g),
  keepRolling: () => true,
};
