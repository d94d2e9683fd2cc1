/**
 * Weilong through the one game interface (src/games/state.ts): a whole game, played by the rules
 * engine itself (engine.ts). The engine asks its strategies synchronously, deep inside a turn; here
 * every question becomes a decision of the interface by replaying the game from its seed words with
 * the decisions made so far and stopping at the first question not yet answered. So the interface
 * cannot drift from the engine (the same code plays both), at the price of a replay per decision:
 * this is for tools and tests, the kernels keep the engine's own loop (kernels.ts).
 *
 * Chance: the game's two seed words, drawn from the caller's generator as the kernel draws them
 * (kernels.ts `playOne`); deal and dice then come from the engine's streams. Everything on the table
 * is public, so a seat's information is the decisions and the dice and deals seen so far; a
 * determinization keeps those and draws the unseen future from new seed words.
 *
 * Decisions and their actions:
 * - collect: Σ take[f]·6^(f−1) + convert·6^6 (dice set aside by face, Third Son's 6s turned into 3s);
 * - First Son re-roll, keep rolling: 0 = no, 1 = yes;
 * - Second Son change, Fourth Son return: 0 = none, else 1 + target card × 8 + value (or face);
 * - Fifth Son trade: 0 = none, else 1 + the card traded with.
 */
import { UserError } from '../../core/errors.js';
import { Rng } from '../../core/rng.js';
import { CHANCE, TERMINAL, type GameState, type StateGame, type StatePlayer } from '../state.js';
import { WeilongGame } from './engine.js';
import { SON_SHORT, type WeilongRules } from './rules.js';
import { FIFTH_SON, type WeilongStrategy, type WeilongView } from './strategy.js';
import { REGISTRY, getStrategy } from '../../../strategies/weilong/index.js';

export const COLLECT = 0, REROLL = 1, CHANGE = 2, RETURN = 3, TRADE = 4, KEEP = 5;
const KIND_NAMES = ['collect', 'First Son re-roll', 'Second Son change', 'Fourth Son return', 'Fifth Son trade', 'keep rolling'];
const POW6 = [1, 6, 36, 216, 1296, 7776, 46656];

/** Thrown out of the engine at the first question without an answer (one object: nothing to build). */
const UNANSWERED = { unanswered: true };

/**
 * A generator that remembers its draws: a replay is served what the game already showed, and a
 * determinization keeps those and draws anew past them. Live draws go on under the tape, so the
 * stream beyond it is the stream the engine would have drawn.
 */
class TapeRng extends Rng {
  readonly tape: number[] = [];
  pos = 0;
  override below(n: number): number {
    const live = super.below(n);
    if (this.pos < this.tape.length) return this.tape[this.pos++];
    this.tape.push(live);
    this.pos++;
    return live;
  }
}

/**
 * The game as it stands after a round: where a replay can start instead of the deal (a replay per
 * decision from the deal would make a game cost the square of its length).
 */
interface RoundEnd {
  /** decisions answered and draws made up to here */
  pos: number;
  tapePos: number[];
  deal: Int32Array;
  holder: Int8Array;
  cardOf: Int8Array;
  score: Int32Array;
  lastFirst: Float64Array;
  firstCard: Int8Array;
  clock: number;
}

/** The question a replay stopped at, with what the seat saw when asked. */
interface Question {
  kind: number;
  card: number;
  seat: number;
  roll: Int8Array;
  col: Int8Array;
  ncol: Int8Array;
  holder: Int8Array;
  maxConvert: number;
  sixesLeft: number;
}

export class WeilongState implements GameState {
  readonly players: number;
  /** the engine the game is replayed on; at a decision its view is as the engine left it when asking */
  readonly engine: WeilongGame;
  private seeds: Int32Array | null = null;
  private readonly decisions: number[] = [];
  private readonly tapes: TapeRng[];
  private pos = 0;
  private question: Question | null = null;
  private over = false;
  private readonly asker: WeilongStrategy;
  /** roundEnds[r]: the game after round r (0-based), as the replays have seen it */
  private roundEnds: RoundEnd[] = [];

  constructor(readonly rules: WeilongRules, players: number) {
    this.players = players;
    this.engine = new WeilongGame(rules);
    this.tapes = Array.from({ length: 6 }, () => new TapeRng());
    for (let k = 0; k < 5; k++) this.engine.streams[k] = this.tapes[k];
    (this.engine as unknown as { deal: Rng }).deal = this.tapes[5];
    const answer = (kind: number, c: number): number => {
      if (this.pos < this.decisions.length) return this.decisions[this.pos++];
      this.ask(kind, c);
      throw UNANSWERED;
    };
    this.asker = {
      name: 'interface',
      description: 'the decisions of the interface',
      collect: (v, c) => {
        const a = answer(COLLECT, c);
        for (let f = 1; f <= 6; f++) v.take[f] = Math.floor(a / POW6[f - 1]) % 6;
        v.convert = Math.floor(a / POW6[6]);
      },
      firstSonReroll: (_v, c) => answer(REROLL, c) === 1,
      secondSonChange: (_v, c) => answer(CHANGE, c) - 1,
      fourthSonReturn: (_v, c) => answer(RETURN, c) - 1,
      fifthSonTrade: (_v, c) => answer(TRADE, c) - 1,
      keepRolling: (_v, c) => answer(KEEP, c) === 1,
    };
    this.engine.setPlayers(Array.from({ length: players }, () => this.asker));
    // the engine's hook after each round: remember the game there
    this.engine.onRoundEnd = () => this.rememberRound();
  }

  private rememberRound(): void {
    const e = this.engine;
    this.roundEnds[e.round] = {
      pos: this.pos,
      tapePos: this.tapes.map((t) => t.pos),
      deal: e.deal.s.slice(),
      holder: e.holder.slice(),
      cardOf: e.cardOf.slice(),
      score: e.score.slice(),
      lastFirst: e.lastFirst.slice(),
      firstCard: e.firstCard.slice(),
      clock: e.clock,
    };
  }

  /** Play on from the end of round `r`, as the engine's playSeededGame goes on after it. */
  private playFrom(r: number): void {
    const e = this.engine, at = this.roundEnds[r];
    this.pos = at.pos;
    this.tapes.forEach((t, k) => (t.pos = at.tapePos[k]));
    e.deal.s.set(at.deal);
    e.holder.set(at.holder);
    e.cardOf.set(at.cardOf);
    e.score.set(at.score);
    e.lastFirst.set(at.lastFirst);
    e.firstCard.set(at.firstCard);
    e.clock = at.clock;
    for (let round = r + 1; round < this.rules.rounds; round++) {
      e.passCards(round - 1);
      e.playRound(round);
      e.onRoundEnd();
    }
    e.decideWinner();
  }

  private ask(kind: number, c: number): void {
    const e = this.engine, v = e.view;
    this.question = {
      kind, card: c, seat: v.holder[c],
      roll: v.roll.slice(), col: v.col.slice(), ncol: v.ncol.slice(), holder: v.holder.slice(),
      maxConvert: v.maxConvert,
      sixesLeft: v.sixes - v.take[6],
    };
  }

  /**
   * Replay the game with the decisions so far, up to the next question or the end: from the last
   * round end the replays have reached (or, with a trace, from the deal, through the engine's own
   * playSeededGame).
   */
  private replay(trace: string[] | null = null): void {
    this.pos = 0;
    this.question = null;
    for (const t of this.tapes) t.pos = 0;
    const e = this.engine;
    e.seeds.set(this.seeds!);
    e.trace = trace;
    const from = trace === null ? this.roundEnds.length - 1 : -1;
    try {
      if (from >= 0) this.playFrom(from);
      else e.playSeededGame();
      this.over = true;
    } catch (err) {
      if (err !== UNANSWERED) throw err;
    } finally {
      e.trace = null;
    }
  }

  /** The engine's own account of the game so far (tests compare it with the engine playing alone). */
  traceLines(): string[] {
    const lines: string[] = [];
    if (this.seeds) this.replay(lines);
    return lines;
  }

  currentPlayer(): number {
    if (this.seeds === null) return CHANCE;
    if (this.over) return TERMINAL;
    return this.question!.seat;
  }

  /** what is asked now: COLLECT, REROLL, CHANGE, RETURN, TRADE or KEEP (−1 at chance or the end) */
  questionKind(): number {
    return this.question?.kind ?? -1;
  }

  /** the Son card (0..4) whose turn asks the question */
  questionCard(): number {
    return this.question?.card ?? -1;
  }

  legalActions(out: Int32Array): number {
    const q = this.question;
    if (!q || this.over) throw new Error('weilong: no legal actions at chance or the end');
    let n = 0;
    const r = this.rules;
    switch (q.kind) {
      case COLLECT: {
        // every sub-multiset of the roll that fits the card's Supply, with the allowed conversions
        const room = 5 - q.ncol[q.card], roll = q.roll;
        const take = [0, 0, 0, 0, 0, 0, 0];
        const rec = (f: number, used: number): void => {
          if (f > 6) {
            for (let conv = 0; conv <= q.maxConvert; conv++) {
              if (used + conv > room || take[6] + conv > roll[6]) break;
              let code = conv * POW6[6];
              for (let g = 1; g <= 6; g++) code += take[g] * POW6[g - 1];
              out[n++] = code;
            }
            return;
          }
          for (let k = 0; k <= roll[f] && used + k <= room; k++) {
            take[f] = k;
            rec(f + 1, used + k);
          }
          take[f] = 0;
        };
        rec(1, 0);
        out.subarray(0, n).sort();
        return n;
      }
      case REROLL: case KEEP:
        out[0] = 0;
        out[1] = 1;
        return 2;
      case CHANGE:
        out[n++] = 0;
        for (let t = 0; t < 5; t++) {
          if (q.holder[t] < 0 || q.col[t * 8 + 2] === 0) continue;
          for (let v = 1; v <= 6; v++) if (v !== 2) out[n++] = 1 + t * 8 + v;
        }
        return n;
      case RETURN:
        out[n++] = 0;
        for (let t = 0; t < 5; t++) {
          if (q.holder[t] < 0) continue;
          for (let f = 1; f <= 6; f++) if (q.col[t * 8 + f] > 0) out[n++] = 1 + t * 8 + f;
        }
        return n;
      case TRADE:
        out[n++] = 0;
        if (r.fifthSonCollectsTradeSixes || q.sixesLeft >= r.fifthSonSixesToTrade) {
          for (let t = 0; t < FIFTH_SON; t++) if (q.holder[t] >= 0) out[n++] = 1 + t;
        }
        return n;
      default:
        throw new Error(`weilong: unknown question ${q.kind}`);
    }
  }

  applyAction(action: number): void {
    if (!this.question || this.over) throw new Error('weilong: applyAction at chance or the end');
    this.decisions.push(action);
    this.replay();
  }

  applyChance(rng: Rng): void {
    if (this.seeds !== null) throw new Error('weilong: the only chance event is the game\'s seed words');
    // as the kernel draws a game's seed words (an Int32Array keeps them as int32, like the engine's)
    this.seeds = new Int32Array(2);
    this.seeds[0] = rng.nextU32();
    this.seeds[1] = rng.nextU32();
    this.replay();
  }

  isTerminal(): boolean {
    return this.over;
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
    if (this.seeds === null) return 'before the deal';
    return `${this.decisions.join(',')}|${this.tapes.map((t) => t.tape.slice(0, t.pos).join('.')).join('/')}`;
  }

  determinize(_seat: number, rng: Rng): WeilongState {
    const d = this.clone();
    if (d.seeds !== null && !this.over) {
      d.seeds[0] = rng.nextU32();
      d.seeds[1] = rng.nextU32();
      // the round ends hold the old seeds' deal stream: replay from the deal with the new ones
      d.roundEnds = [];
      d.replay();
    }
    return d;
  }

  clone(): WeilongState {
    const c = new WeilongState(this.rules, this.players);
    if (this.seeds) c.seeds = this.seeds.slice();
    c.decisions.push(...this.decisions);
    // the tapes as far as the game has gone: what was seen, not what a replay drew ahead
    for (let k = 0; k < 6; k++) c.tapes[k].tape.push(...this.tapes[k].tape.slice(0, this.tapes[k].pos));
    c.roundEnds = this.roundEnds.slice();
    if (this.seeds) c.replay();
    return c;
  }

  actionText(action: number): string {
    const q = this.question;
    if (!q) return `action ${action}`;
    switch (q.kind) {
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
    if (this.seeds === null) return `weilong ${this.players} players, before the deal`;
    const e = this.engine;
    const totals = Array.from(e.score.subarray(0, this.players)).join(',');
    if (this.over) return `weilong over, totals ${totals}, win shares ${Array.from(e.winShare.subarray(0, this.players)).join(',')}`;
    const q = this.question!;
    return `weilong round ${e.round + 1} decision ${this.decisions.length}: seat ${q.seat} (${SON_SHORT[q.card]} Son) ${KIND_NAMES[q.kind]}, roll ${Array.from(q.roll.subarray(1, 7)).join('')}, totals ${totals}`;
  }
}

/**
 * A strategy of strategies/weilong playing through the interface: asked the engine's question on
 * the engine's own view, as the engine left it. A strategy's scratch (view.memo) is its own between
 * the questions of one roll (collect plans a trade, the trade question reads it), so it is kept
 * with the player and put back before each question.
 */
export class WeilongStrategyPlayer implements StatePlayer {
  private readonly memo = new Int32Array(8);
  constructor(readonly strategy: WeilongStrategy) {}

  act(state: GameState, _rng: Rng): number {
    const s = state as WeilongState, v: WeilongView = s.engine.view, kind = s.questionKind();
    const c = s.questionCard();
    v.memo.set(this.memo);
    let a: number;
    switch (kind) {
      case COLLECT: {
        // as the engine hands the view over (a player asked twice starts clean again)
        v.take.fill(0);
        v.convert = 0;
        this.strategy.collect(v, c);
        a = v.convert * POW6[6];
        for (let f = 1; f <= 6; f++) a += v.take[f] * POW6[f - 1];
        break;
      }
      case REROLL: a = this.strategy.firstSonReroll(v, c) ? 1 : 0; break;
      case CHANGE: a = this.strategy.secondSonChange(v, c) + 1; break;
      case RETURN: a = this.strategy.fourthSonReturn(v, c) + 1; break;
      case TRADE: a = this.strategy.fifthSonTrade(v, c) + 1; break;
      case KEEP: a = this.strategy.keepRolling(v, c) ? 1 : 0; break;
      default: throw new Error('weilong: a player asked at chance or the end');
    }
    this.memo.set(v.memo);
    return a;
  }
}

export const stateGame: StateGame<WeilongRules> = {
  id: 'weilong',
  seats: () => ({ min: 2, max: 5, default: 4 }),
  newGame: (rules, players) => {
    if (!Number.isInteger(players) || players < 2 || players > 5) throw new UserError(`weilong: 2..5 players (got ${players})`);
    return new WeilongState(rules, players);
  },
  playerNames: REGISTRY.names,
  player: (_rules, spec) => new WeilongStrategyPlayer(getStrategy(spec)),
};
