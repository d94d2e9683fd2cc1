/**
 * One deal played with and without seat 0's call, from the same random numbers — the per-deal
 * core of the ladder's call gains. (The call kernel behind `tichu grand` / `tichu call` keeps its
 * own loop: routed through this class it allocated in its hot loop, which tichu-alloc refuses.)
 * Seat 0 should not see its own call (Engine.hideOwnCall), so it plays alike in both and the
 * difference is the call's alone; who else may call is the caller's choice (Engine.forceGrand,
 * forceTichu).
 */
import type { Engine } from './engine.js';

export class PairedCall {
  /** the call seat 0 made in the first play (Engine.calls: 2 Grand Tichu, 1 Tichu, 0 none) */
  call = 0;
  /** round points, seat 0's team − the other, with the call and without it */
  withCall = 0;
  withoutCall = 0;
  /** 1 where seat 0 went out first, with the call and without it */
  firstWithCall = 0;
  firstWithoutCall = 0;
  private readonly start = new Int32Array(4);

  constructor(readonly engine: Engine) {}

  /**
   * The round from the engine's stream with seat 0's Grand Tichu and Tichu as given (1: called,
   * 0: not, −1: as its strategy decides); where it called, again from the same random numbers with
   * neither. Returns whether it called (no second play where it did not).
   */
  play(grand: number, tichu: number): boolean {
    const e = this.engine;
    this.start.set(e.rng.s);
    e.forceGrand[0] = grand;
    e.forceTichu[0] = tichu;
    e.playRound();
    this.call = e.calls[0];
    this.withCall = e.roundPoints[0] - e.roundPoints[1];
    this.firstWithCall = e.outOrder[0] === 0 ? 1 : 0;
    if (this.call === 0) return false;
    e.rng.s.set(this.start);
    e.forceGrand[0] = 0;
    e.forceTichu[0] = 0;
    e.playRound();
    this.withoutCall = e.roundPoints[0] - e.roundPoints[1];
    this.firstWithoutCall = e.outOrder[0] === 0 ? 1 : 0;
    return true;
  }
}
