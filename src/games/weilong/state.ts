/**
 * Weilong through the one game interface (src/games/state.ts): a whole game, stepped by the rules
 * engine itself (engine.ts), which stops at every question a player answers. The kernels step the
 * same engine, answering with their seated strategies; here each question is a decision of the
 * interface and each answer an action. So the interface cannot drift from the engine.
 *
 * Chance: the game's two seed words, drawn from the caller's generator as the kernel draws them
 * (kernels.ts `playOne`); deal and dice then come from the engine's streams. Everything on the table
 * is public, so a seat's information is the table as it stands; a determinization keeps it and
 * draws the unseen future from new seed words: the dice streams of the round and the deal stream
 * are re-seeded from them and moved on past the draws already made, so the future is what the
 * engine would draw had the game been dealt from the new words.
 *
 * Decisions and their actions:
 * - collect: Σ take[f]·6^(f−1) + convert·6^6 (dice set aside by face, Third Son's 6s turned into 3s);
 * - First Son re-roll, keep rolling: 0 = no, 1 = yes;
 * - Second Son change, Fourth Son return: 0 = none, else 1 + target card × 8 + value (or face);
 * - Fifth Son trade: 0 = none, else 1 + the card traded with.
 */
import { UserError } from '../../core/errors.js';
import { Rng } from '../../core/rng.js';
import { CHANCE, TERMINAL, type GameState, type StateGame } from '../state.js';
import { GAME_OVER, reseed, WeilongGame } from './engine.js';
import { SON_SHORT, type WeilongRules } from './rules.js';
import { FIFTH_SON, type WeilongStrategy, type WeilongView } from './strategy.js';
import { REGISTRY, getStrategy } from './strategies/index.js';
import { StrategyPlayer } from '../../play/strategy-player.js';

export const COLLECT = 0, REROLL = 1, CHANGE = 2, RETURN = 3, TRADE = 4, KEEP = 5;
const KIND_NAMES = ['collect', 'First Son re-roll', 'Second Son change', 'Fourth Son return', 'Fifth Son trade', 'keep rolling'];
const POW6 = [1, 6, 36, 216, 1296, 7776, 46656];

/**
 * A dice or deal stream that keeps the bounds of its draws since it was last seeded: a
 * determinization re-seeds it from new words and makes the same draws, which puts it where the
 * new words' stream would be at this point of the game.
 */
class CountedRng extends Rng {
  bounds: number[] = [];
  override below(n: number): number {
    this.bounds.push(n);
    return super.below(n);
  }
  /** Re-seed from `seeds` as stream `c` and draw again what was drawn since the last seeding. */
  redraw(seeds: Int32Array, c: number): void {
    reseed(this, seeds, c);
    for (const n of this.bounds) super.below(n);
  }
}

export class WeilongState implements GameState {
  readonly players: number;
  /** the engine that is the game; at a decision its view is as it stands for the seat asked */
  readonly engine: WeilongGame;
  private dealt = false;
  private decisions = 0;
  private readonly dice: CountedRng[];
  private readonly dealStream: CountedRng;

  constructor(readonly rules: WeilongRules, players: number) {
    this.players = players;
    const e = (this.engine = new WeilongGame(rules));
    e.setTable(players);
    this.dice = Array.from({ length: 5 }, () => new CountedRng());
    for (let k = 0; k < 5; k++) e.streams[k] = this.dice[k];
    e.deal = this.dealStream = new CountedRng();
    // a round re-seeds the dice streams right after this hook: their draws start anew
    e.onRoundStart = () => {
      for (const d of this.dice) d.bounds.length = 0;
    };
  }

  /** Keep the engine's own account of the game from here on (tests compare it with the engine playing alone). */
  recordTrace(): void {
    this.engine.trace ??= [];
  }

  /** The engine's account of the game (after recordTrace; empty without it). */
  traceLines(): string[] {
    return this.engine.trace ?? [];
  }

  currentPlayer(): number {
    if (!this.dealt) return CHANCE;
    const e = this.engine;
    return e.question === GAME_OVER ? TERMINAL : e.questionSeat();
  }

  /** what is asked now: COLLECT, REROLL, CHANGE, RETURN, TRADE or KEEP (−1 at chance or the end) */
  questionKind(): number {
    return this.dealt ? this.engine.question : -1;
  }

  /** the Son card (0..4) whose turn asks the question */
  questionCard(): number {
    return this.dealt && this.engine.question !== GAME_OVER ? this.engine.turnCard : -1;
  }

  legalActions(out: Int32Array): number {
    const e = this.engine, kind = this.questionKind();
    if (kind < 0) throw new Error('weilong: no legal actions at chance or the end');
    const c = e.turnCard, col = e.col, holder = e.holder;
    let n = 0;
    switch (kind) {
      case COLLECT: {
        // every sub-multiset of the roll that fits the card's Supply, with the allowed conversions;
        // the code's base-6 digits are (convert, take 6, …, take 1), so these loops list it ascending
        const room = 5 - e.ncol[c], r = e.roll;
        for (let cv = 0; cv <= e.maxConvert && cv <= r[6] && cv <= room; cv++) {
          for (let t6 = 0; t6 <= r[6] - cv && cv + t6 <= room; t6++) {
            const u6 = cv + t6;
            for (let t5 = 0; t5 <= r[5] && u6 + t5 <= room; t5++) {
              const u5 = u6 + t5;
              for (let t4 = 0; t4 <= r[4] && u5 + t4 <= room; t4++) {
                const u4 = u5 + t4;
                for (let t3 = 0; t3 <= r[3] && u4 + t3 <= room; t3++) {
                  const u3 = u4 + t3;
                  for (let t2 = 0; t2 <= r[2] && u3 + t2 <= room; t2++) {
                    const u2 = u3 + t2, base = cv * 46656 + t6 * 7776 + t5 * 1296 + t4 * 216 + t3 * 36 + t2 * 6;
                    for (let t1 = 0; t1 <= r[1] && u2 + t1 <= room; t1++) out[n++] = base + t1;
                  }
                }
              }
            }
          }
        }
        return n;
      }
      case REROLL: case KEEP:
        out[0] = 0;
        out[1] = 1;
        return 2;
      case CHANGE:
        out[n++] = 0;
        for (let t = 0; t < 5; t++) {
          if (holder[t] < 0 || col[t * 8 + 2] === 0) continue;
          for (let v = 1; v <= 6; v++) if (v !== 2) out[n++] = 1 + t * 8 + v;
        }
        return n;
      case RETURN:
        out[n++] = 0;
        for (let t = 0; t < 5; t++) {
          if (holder[t] < 0) continue;
          for (let f = 1; f <= 6; f++) if (col[t * 8 + f] > 0) out[n++] = 1 + t * 8 + f;
        }
        return n;
      case TRADE:
        out[n++] = 0;
        if (this.rules.fifthSonCollectsTradeSixes || e.view.sixes - e.take[6] >= this.rules.fifthSonSixesToTrade) {
          for (let t = 0; t < FIFTH_SON; t++) if (holder[t] >= 0) out[n++] = 1 + t;
        }
        return n;
      default:
        throw new Error(`weilong: unknown question ${kind}`);
    }
  }

  applyAction(action: number): void {
    const e = this.engine;
    switch (this.questionKind()) {
      case COLLECT:
        for (let f = 1; f <= 6; f++) e.take[f] = Math.floor(action / POW6[f - 1]) % 6;
        e.view.convert = Math.floor(action / POW6[6]);
        e.answerCollect();
        break;
      case REROLL: e.answerReroll(action === 1); break;
      case CHANGE: e.answerChange(action - 1); break;
      case RETURN: e.answerReturn(action - 1); break;
      case TRADE: e.answerTrade(action - 1); break;
      case KEEP: e.answerKeep(action === 1); break;
      default: throw new Error('weilong: applyAction at chance or the end');
    }
    this.decisions++;
    e.advance();
  }

  applyChance(rng: Rng): void {
    if (this.dealt) throw new Error('weilong: the only chance event is the game\'s seed words');
    // as the kernel draws a game's seed words (an Int32Array keeps them as int32, like the engine's)
    const e = this.engine;
    e.seeds[0] = rng.nextU32();
    e.seeds[1] = rng.nextU32();
    this.dealt = true;
    e.dealGame();
    e.advance();
  }

  isTerminal(): boolean {
    return this.dealt && this.engine.question === GAME_OVER;
  }

  returns(out: Float64Array): void {
    for (let p = 0; p < this.players; p++) out[p] = this.engine.winShare[p];
  }

  /** each player's total (lower is better in Weilong) */
  scores(out: Float64Array): void {
    for (let p = 0; p < this.players; p++) out[p] = this.engine.score[p];
  }

  /** minus the totals so far (higher is better), for lead changes */
  runningScores(out: Float64Array): void {
    for (let p = 0; p < this.players; p++) out[p] = -this.engine.score[p];
  }

  informationKey(seat: number): string {
    void seat; // everything on the table is public
    if (!this.dealt) return 'before the deal';
    const e = this.engine, v = e.view;
    return [
      this.decisions, e.round, e.turnCard, e.question, v.sixes, e.clock,
      v.holder.join('.'), e.cardOf.join('.'), v.col.join('.'), v.roll.join('.'), v.take.join('.'), v.score.join('.'), e.lastFirst.join('.'),
    ].join('|');
  }

  determinize(_seat: number, rng: Rng): WeilongState {
    const d = this.clone();
    if (this.dealt && !this.isTerminal()) {
      const seeds = d.engine.seeds, round = d.engine.round;
      seeds[0] = rng.nextU32();
      seeds[1] = rng.nextU32();
      d.dealStream.redraw(seeds, 0);
      for (let k = 0; k < 5; k++) d.dice[k].redraw(seeds, 1 + round * 8 + k);
    }
    return d;
  }

  clone(): WeilongState {
    const c = new WeilongState(this.rules, this.players);
    c.engine.copyFrom(this.engine);
    c.dealt = this.dealt;
    c.decisions = this.decisions;
    for (let k = 0; k < 5; k++) c.dice[k].bounds = this.dice[k].bounds.slice();
    c.dealStream.bounds = this.dealStream.bounds.slice();
    if (this.engine.trace !== null) c.engine.trace = this.engine.trace.slice();
    return c;
  }

  actionText(action: number): string {
    switch (this.questionKind()) {
      case COLLECT: {
        const dice: number[] = [];
        for (let f = 1; f <= 6; f++) for (let i = 0; i < Math.floor(action / POW6[f - 1]) % 6; i++) dice.push(f);
        const conv = Math.floor(action / POW6[6]);
        return `collect ${dice.join(',') || 'nothing'}${conv ? `, turn ${conv} 6s into 3s` : ''}`;
      }
      case REROLL: return action ? 're-roll the 6s' : 'keep the 6s';
      case KEEP: return action ? 'roll again' : 'stop';
      case CHANGE: return action ? `change a Collected 2 of the ${SON_SHORT[(action - 1) >> 3]} Son into a ${(action - 1) & 7}` : 'no change';
      case RETURN: return action ? `return a Collected ${(action - 1) & 7} of the ${SON_SHORT[(action - 1) >> 3]} Son` : 'no return';
      case TRADE: return action ? `trade with the ${SON_SHORT[action - 1]} Son` : 'no trade';
      default: return `action ${action}`;
    }
  }

  toString(): string {
    if (!this.dealt) return `weilong ${this.players} players, before the deal`;
    const e = this.engine;
    const totals = Array.from(e.score.subarray(0, this.players)).join(',');
    if (this.isTerminal()) return `weilong over, totals ${totals}, win shares ${Array.from(e.winShare.subarray(0, this.players)).join(',')}`;
    return `weilong round ${e.round + 1} decision ${this.decisions}: seat ${e.questionSeat()} (${SON_SHORT[e.turnCard]} Son) ${KIND_NAMES[e.question]}, roll ${Array.from(e.roll.subarray(1, 7)).join('')}, totals ${totals}`;
  }
}

/** A Weilong strategy at a seat of the interface, with its scratch between questions. */
export interface WeilongSeat {
  strategy: WeilongStrategy;
  memo: Int32Array;
}

/**
 * How a Weilong strategy answers the state's question (for src/play/strategy-player.ts): asked
 * the engine's question on the engine's own view, as the engine left it. A strategy's scratch
 * (view.memo) is its own between the questions of one roll (collect plans a trade, the trade
 * question reads it), so it is kept with the seat and put back before each question.
 */
export function askWeilong(p: WeilongSeat, s: WeilongState): number {
  const v: WeilongView = s.engine.view, kind = s.questionKind(), strategy = p.strategy;
  const c = s.questionCard();
  v.memo.set(p.memo);
  let a: number;
  switch (kind) {
    case COLLECT: {
      // as the engine hands the view over (a player asked twice starts clean again)
      v.take.fill(0);
      v.convert = 0;
      strategy.collect(v, c);
      a = v.convert * POW6[6];
      for (let f = 1; f <= 6; f++) a += v.take[f] * POW6[f - 1];
      break;
    }
    case REROLL: a = strategy.firstSonReroll(v, c) ? 1 : 0; break;
    case CHANGE: a = strategy.secondSonChange(v, c) + 1; break;
    case RETURN: a = strategy.fourthSonReturn(v, c) + 1; break;
    case TRADE: a = strategy.fifthSonTrade(v, c) + 1; break;
    case KEEP: a = strategy.keepRolling(v, c) ? 1 : 0; break;
    default: throw new Error('weilong: a player asked at chance or the end');
  }
  p.memo.set(v.memo);
  return a;
}

export const stateGame: StateGame<WeilongRules> = {
  id: 'weilong',
  seats: () => ({ min: 2, max: 5, default: 4 }),
  newGame: (rules, players) => {
    if (!Number.isInteger(players) || players < 2 || players > 5) throw new UserError(`weilong: 2..5 players (got ${players})`);
    return new WeilongState(rules, players);
  },
  playerNames: REGISTRY.names,
  player: (_rules, spec) => new StrategyPlayer({ strategy: getStrategy(spec), memo: new Int32Array(8) }, askWeilong),
};
