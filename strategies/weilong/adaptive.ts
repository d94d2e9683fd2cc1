import type { WeilongGame, WeilongStrategy } from '../../src/games/weilong/engine.js';
import { prepareTrade, tradeTarget, dragonNeed, elementNeed, fourthSonChoice, maxOpponentProgress, secondSonChoice, takeDragon, takeElement } from './common.js';

/**
 * Adaptive collection (shared with the no-ability control): on every roll, pick the goal — five of
 * the element or the Dragon — that would need fewer dice after this roll; on a tie, the one whose
 * Collected dice carry fewer points. When an opponent is one die from finishing and we still need 3
 * or more, it only sets aside dice worth 1 or 2 pips (damage control: Collected dice are points).
 */
export function adaptiveCollect(g: WeilongGame, c: number): void {
  const en = elementNeed(g, c), dn = dragonNeed(g, c);
  if (en === 99 && dn === 99) return;
  let useElement: boolean;
  if (en !== dn) useElement = en < dn;
  else {
    // tie: fewer points held if the round ends now
    const e = c + 1;
    const ePts = (5 - en) * e;
    let dPts = 0;
    for (let f = 1; f <= 5; f++) if (g.col[c * 8 + f] > 0 || g.roll[f] > 0) dPts += f;
    useElement = ePts <= dPts;
  }
  if (useElement) takeElement(g, c);
  else takeDragon(g, c);
  if (Math.min(en, dn) >= 3 && maxOpponentProgress(g, c) >= 4) {
    for (let f = 3; f <= 6; f++) g.take[f] = 0;
    g.convert = 0;
  }
}

/**
 * adaptive — switches goal by what it rolled and what the others have collected (see
 * adaptiveCollect); the Second Son fixes a doubled 2 into a missing Dragon face; abilities on others
 * hit the most threatening opponent; the Fifth Son trades into a clearly better position, setting
 * aside the whole roll first.
 */
export const adaptive: WeilongStrategy = {
  name: 'adaptive',
  description: 'picks element or Dragon each roll by dice still needed, ducks when an opponent is about to finish',
  collect(g: WeilongGame, c: number) {
    if (!prepareTrade(g, c)) adaptiveCollect(g, c);
  },
  firstSonReroll: () => true,
  secondSonChange: (g, c) => secondSonChoice(g, c, g.col[c * 8 + 2] === 2),
  fourthSonReturn: (g, c) => fourthSonChoice(g, c),
  fifthSonTrade: (g) => tradeTarget(g),
  keepRolling: () => true,
};
