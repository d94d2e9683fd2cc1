import type { RoundView, Strategy } from '../../src/games/liars-dice/strategy.js';

/** A scripted player: bids from a list; calls the listed bid indices when its turn to call comes. */
export class Scripted implements Strategy {
  readonly name = 'scripted';
  private next = 0;
  constructor(private readonly bids: [number, number][], private readonly callAt: { afterBids: number; inTurn: boolean; targets: number[] } | null, private readonly dir = 1) {}
  challenge(view: RoundView, _me: number, inTurn: boolean): number {
    const c = this.callAt;
    if (!c || c.afterBids !== view.numBids || c.inTurn !== inTurn) return 0;
    for (const t of c.targets) view.marks[t] = 1;
    return c.targets.length;
  }
  bid(view: RoundView): number {
    const [count, face] = this.bids[this.next++];
    return view.rankOf(count, face);
  }
  direction(): number {
    return this.dir;
  }
}
