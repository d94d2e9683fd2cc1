import type { WeilongStrategy, WeilongView } from '../strategy.js';
import { prepareTrade, tradeTarget, dragonNeed, elementNeed, fourthSonChoice, maxOpponentProgress, secondSonChoice, takeDragon, takeElement } from './common.js';

/**
 * Adaptive collection (shared with the no-ability control). Goal: five of the element, unless that
 * goal is closed (a non-element die is Collected) or the Dragon would need at least 4 dice fewer
 * after this roll (in practice: this roll completes it). Then, by what the others have collected:
 * while any opponent is 2+ dice toward a goal and we would still need 2+ dice, it only sets aside
 * dice worth 1 or 2 pips — Collected dice are points when someone else ends the round, so the
 * dearer dice wait until the goal is within reach. (Tuned against the element-only collector:
 * see the README's Weilong section.)
 */
export function adaptiveCollect(v: WeilongView, c: number): void {
  const en = elementNeed(v, c), dn = dragonNeed(v, c);
  if (en === 99 && dn === 99) return;
  const useElement = en !== 99 && (dn === 99 || en < dn + 4);
  if (useElement) takeElement(v, c);
  else takeDragon(v, c);
  if ((useElement ? en : dn) >= 2 && maxOpponentProgress(v, c) >= 2) {
    for (let f = 3; f <= 6; f++) v.take[f] = 0;
    v.convert = 0;
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
  description: 'element first, Dragon when the element is closed or the roll completes it; only 1s and 2s while opponents are ahead',
  collect(v: WeilongView, c: number) {
    if (!prepareTrade(v, c)) adaptiveCollect(v, c);
  },
  firstSonReroll: () => true,
  secondSonChange: (v, c) => secondSonChoice(v, c, v.col[c * 8 + 2] === 2),
  fourthSonReturn: (v, c) => fourthSonChoice(v, c),
  fifthSonTrade: (v) => tradeTarget(v),
  keepRolling: () => true,
};
