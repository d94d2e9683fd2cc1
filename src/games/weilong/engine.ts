/**
 * The Weilong rules engine: a whole game (deal, rounds of turns, abilities, scoring, card passing,
 * tie break) on preallocated typed arrays, so that a game allocates nothing.
 *
 * State is kept per Son CARD (index 0..4 = First..Fifth Son, element = index + 1): a card's dice
 * (Collected counts by face; the rest are its Supply) travel with the card, which is exactly what the
 * Fifth Son's trade ("card and all dice") does. `holder[c]` is the player holding card c (-1: not
 * dealt this round). Turns go by card order, so after a trade each player moves in the order of the
 * card they hold.
 *
 * Dice come from one stream per (game, round, card), re-seeded at the start of each round, or from a
 * script (tests, the rules page's worked example). Per-card streams keep the dice of the other Sons
 * identical when one Son's ability is switched off: common random numbers for ability worth.
 *
 * Strategies never see this object: they get `view` (strategy.ts), whose typed arrays are this
 * engine's state, and answer through its slots.
 */
import { Rng } from '../../core/rng.js';
import { PASS_ACTIONS, SON_SHORT, type WeilongRules } from './rules.js';
import { FIFTH_SON, FIRST_SON, FIVE_OF_ELEMENT, FOURTH_SON, SECOND_SON, THIRD_SON, WeilongView, type WeilongStrategy } from './strategy.js';

export type { WeilongStrategy } from './strategy.js';

/** How a round ended. */
export const END_ELEMENT = 0, END_DRAGON = 1, END_STALL = 2;
/** resolveRoll results */
export const TURN_OVER = 0, ROLL_AGAIN = 1, ROUND_OVER = 2;
/**
 * The questions the engine stops at (its `question`), and GAME_OVER: collect (answered in the
 * view's slots), First Son re-roll, Second Son change, Fourth Son return, Fifth Son trade, keep rolling.
 */
export const QUESTION_COLLECT = 0, QUESTION_REROLL = 1, QUESTION_CHANGE = 2, QUESTION_RETURN = 3, QUESTION_TRADE = 4, QUESTION_KEEP = 5, GAME_OVER = -1;
/** where `advance` goes on from */
const PHASE_OVER = 0, PHASE_ASKED = 1, PHASE_ROUND = 2, PHASE_NEXT_TURN = 3, PHASE_ROLL = 4, PHASE_TURN_OVER = 5, PHASE_ROUND_OVER = 6;
/** card passing between rounds, as small ints (the order of PASS_ACTIONS) */
const PASS_LEFT = 0, TRADE = 1, DRAW_NEW = 2;
/** all abilities allowed (mask bit k = Son k+1) */
export const ALL_ABILITIES = 31;

/**
 * Overwrite a generator's state from two seed words and a stream number (splitmix32 expansion),
 * allocation-free. The seed words are passed in a typed array: int32 values outside the small-integer
 * range would be boxed when passed as arguments to a call that is not inlined.
 */
export function reseed(r: Rng, seeds: Int32Array, c: number): void {
  const a = seeds[0], b = seeds[1];
  let x = (a ^ Math.imul(b, 0x9e3779b9) ^ Math.imul(c + 0x7f4a7c15, 0x85ebca6b)) | 0;
  let any = 0;
  for (let i = 0; i < 4; i++) {
    x = (x + 0x9e3779b9) | 0;
    let z = x ^ Math.imul(b + i, 0x27d4eb2f) ^ Math.imul(c, 0x165667b1);
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    z ^= z >>> 16;
    r.s[i] = z;
    any |= z;
  }
  if (any === 0) r.s[0] = 1;
}

const POW6 = [1, 6, 36, 216, 1296, 7776, 46656];

/** Zero an 8-slot array (a roll, a take): on every roll, where a call of `fill` costs more than the stores. */
function clear8(a: Int8Array): void {
  a[0] = 0; a[1] = 0; a[2] = 0; a[3] = 0; a[4] = 0; a[5] = 0; a[6] = 0; a[7] = 0;
}

/** pass actions as small ints, [players][round] → 0 pass-left, 1 trade, 2 draw-new, 3 shuffle-all (one table per rules: clones share it) */
const passTables = new WeakMap<WeilongRules, Int8Array>();
function passActionsOf(rules: WeilongRules): Int8Array {
  let t = passTables.get(rules);
  if (t === undefined) {
    const table = new Int8Array(6 * 64);
    for (let p = 2; p <= 5; p++) rules.passing[String(p)].forEach((a, i) => (table[p * 64 + i] = PASS_ACTIONS.indexOf(a)));
    passTables.set(rules, (t = table));
  }
  return t;
}

export class WeilongGame {
  readonly rules: WeilongRules;
  /** players in the game (1 = a solo turn, used by the exact solver) */
  players = 0;
  readonly strategies: WeilongStrategy[] = [];
  /** what strategies see; its typed arrays are the engine's state (shared, not copied) */
  readonly view = new WeilongView();
  /** Collected counts: card c, face f at c*8+f (f = 1..6) */
  readonly col = this.view.col;
  /** number of Collected dice of card c */
  readonly ncol = this.view.ncol;
  /** player holding card c, -1 if the card is out of this round */
  readonly holder = this.view.holder;
  /** player holding card c when the round started (-1: out of the round) */
  readonly startHolder = new Int8Array(5);
  /** card held by player p */
  readonly cardOf = new Int8Array(5);
  /** the current roll, counts by face 1..6 */
  readonly roll = this.view.roll;
  /** the strategy's answer to collect() (the view's slot) */
  readonly take = this.view.take;
  /** Third Son: 6s he may convert after this roll; Fifth Son: a trade is allowed (the engine's own copies, the view's may be changed by a strategy) */
  maxConvert = 0;
  canTrade = false;
  /** game totals and the last round's points, by player */
  readonly score = this.view.score;
  readonly roundPoints = new Int32Array(5);
  /** card held by each player at the start of round 1 */
  readonly firstCard = new Int8Array(5);
  /** win share of each player in the last game (ties split when the tie break cannot separate them) */
  readonly winShare = new Float64Array(5);
  /** clock stamp of the last moment each player held the First Son card (tie break) */
  readonly lastFirst = new Float64Array(5);
  clock = 0;
  /** ability switch by card, after the rules' own switches */
  readonly abilityOn = new Uint8Array(5);
  /** times each Son used its ability (rolls on which it acted) since the counters were zeroed */
  readonly abilityUses = new Float64Array(5);
  /** last round: finishing card (-1 if stalled), how it ended, turns taken */
  winnerCard = -1;
  endKind = END_STALL;
  roundTurns = 0;
  round = 0;
  /** dice streams, one per card, and the deal stream */
  readonly streams: Rng[] = [new Rng(1), new Rng(2), new Rng(3), new Rng(4), new Rng(5)];
  deal = new Rng(6);
  /** the game's two seed words (kept in a typed array: int32 values in object fields would be boxed) */
  readonly seeds = new Int32Array(2);
  /** scripted dice (tests): when set, dice are read from here in order */
  script: Int8Array | null = null;
  scriptPos = 0;
  /** human-readable trace (tests and `weilong play`); null in simulations */
  trace: string[] | null = null;
  private readonly deck = new Int8Array(5);
  private readonly tmp = new Int8Array(5);
  private readonly passActions: Int8Array;

  constructor(rules: WeilongRules) {
    this.rules = rules;
    for (let k = 0; k < 5; k++) this.abilityOn[k] = rules.abilities[k] ? 1 : 0;
    this.passActions = passActionsOf(rules);
  }

  /** Seat strategies (one per player, 2..5) for the following games. */
  setPlayers(strategies: readonly WeilongStrategy[]): void {
    this.players = strategies.length;
    this.view.players = strategies.length;
    this.strategies.length = 0;
    for (const s of strategies) this.strategies.push(s);
  }

  /** A table of \`players\` seats whose questions are answered from outside (the game interface). */
  setTable(players: number): void {
    this.players = players;
    this.view.players = players;
    this.strategies.length = 0;
  }

  /** Become a copy of \`o\` (same rules, same table): the whole game as it stands, its dice streams included. */
  copyFrom(o: WeilongGame): void {
    const v = this.view, ov = o.view;
    this.players = o.players;
    v.players = ov.players;
    v.round = ov.round;
    v.col.set(ov.col);
    v.ncol.set(ov.ncol);
    v.holder.set(ov.holder);
    v.score.set(ov.score);
    v.roll.set(ov.roll);
    v.take.set(ov.take);
    v.memo.set(ov.memo);
    v.sixes = ov.sixes;
    v.maxConvert = ov.maxConvert;
    v.canTrade = ov.canTrade;
    v.tradeKeepsSixes = ov.tradeKeepsSixes;
    v.convert = ov.convert;
    this.startHolder.set(o.startHolder);
    this.cardOf.set(o.cardOf);
    this.roundPoints.set(o.roundPoints);
    this.firstCard.set(o.firstCard);
    this.winShare.set(o.winShare);
    this.lastFirst.set(o.lastFirst);
    this.abilityOn.set(o.abilityOn);
    this.abilityUses.set(o.abilityUses);
    this.deck.set(o.deck);
    this.seeds.set(o.seeds);
    for (let k = 0; k < 5; k++) this.streams[k].s.set(o.streams[k].s);
    this.deal.s.set(o.deal.s);
    this.maxConvert = o.maxConvert;
    this.canTrade = o.canTrade;
    this.clock = o.clock;
    this.winnerCard = o.winnerCard;
    this.endKind = o.endKind;
    this.roundTurns = o.roundTurns;
    this.round = o.round;
    this.turnCard = o.turnCard;
    this.question = o.question;
    this.phase = o.phase;
    this.turns = o.turns;
    this.rescue = o.rescue;
    this.sixes = o.sixes;
    this.conv = o.conv;
    this.asked = o.asked;
    this.askMax = o.askMax;
    this.used = o.used;
  }

  /** Switch abilities (on top of the rules' switches): mask bit k = Son k+1's ability allowed. */
  setAbilityMask(mask: number): void {
    for (let k = 0; k < 5; k++) this.abilityOn[k] = this.rules.abilities[k] && (mask >> k) & 1 ? 1 : 0;
  }

  // ---------- queries (the view's; strategies ask the view) ----------

  supply(c: number): number {
    return this.view.supply(c);
  }
  collectedPips(c: number): number {
    return this.view.collectedPips(c);
  }
  progress(c: number): number {
    return this.view.progress(c);
  }
  complete(c: number): number {
    return this.view.complete(c);
  }

  // ---------- dice ----------

  /** Add n dice rolled for card c to `roll`. */
  private draw(c: number, n: number): void {
    const roll = this.roll;
    if (this.script !== null) {
      for (let i = 0; i < n; i++) {
        if (this.scriptPos >= this.script.length) throw new Error('scripted dice ran out');
        roll[this.script[this.scriptPos++]]++;
      }
      return;
    }
    if (n === 0) return;
    let v = this.streams[c].below(POW6[n]);
    for (let i = 0; i < n; i++) {
      const d = v % 6;
      roll[d + 1]++;
      v = (v - d) / 6;
    }
  }

  private note(line: string): void {
    this.trace!.push(line);
  }

  private rollText(): string {
    const out: number[] = [];
    for (let f = 1; f <= 6; f++) for (let i = 0; i < this.roll[f]; i++) out.push(f);
    return out.join(',');
  }

  collectedText(c: number): string {
    const out: number[] = [];
    for (let f = 1; f <= 6; f++) for (let i = 0; i < this.col[c * 8 + f]; i++) out.push(f);
    return out.length ? out.join(',') : 'none';
  }

  // ---------- the game as a state machine ----------
  //
  // The engine stops at every question a player answers (QUESTION_*): `advance` runs the rules up
  // to the next question (or the end), an `answer*` method applies the answer and leaves the engine
  // ready to advance again. The kernel's loop (playSeededGame) asks the seated strategies; the game
  // interface (state.ts) answers with its actions — the same steps either way. Every step lives in
  // numeric fields, so stepping allocates nothing.

  /** the card whose turn it is (the question's card) */
  turnCard = 0;
  /** the question waiting for an answer (QUESTION_*), or GAME_OVER when the game has ended */
  question = GAME_OVER;
  private phase = PHASE_OVER;
  private turns = 0;
  private rescue = false;
  /** 6s of the roll being resolved, Third Son's conversions of it */
  private sixes = 0;
  private conv = 0;
  /** an ability's repeated question: asked so far, at most, used at all */
  private asked = 0;
  private askMax = 0;
  private used = 0;

  /** The seat that answers the waiting question. */
  questionSeat(): number {
    return this.holder[this.turnCard];
  }

  private ask(q: number): void {
    this.question = q;
    this.phase = PHASE_ASKED;
  }

  private answerer(): string {
    const s = this.strategies[this.holder[this.turnCard]];
    return s === undefined ? `player ${this.holder[this.turnCard] + 1}` : s.name;
  }

  /** Deal a new game from the seed words in `seeds`; the engine then advances to its first question. */
  dealGame(): void {
    reseed(this.deal, this.seeds, 0);
    this.clock = 0;
    for (let p = 0; p < 5; p++) {
      this.score[p] = 0;
      this.lastFirst[p] = 0;
    }
    this.shuffleAll();
    for (let p = 0; p < this.players; p++) this.firstCard[p] = this.cardOf[p];
    this.round = 0;
    this.question = -1;
    this.phase = PHASE_ROUND;
  }

  /**
   * Run the rules to the next question and return it (QUESTION_*), or GAME_OVER. At a question the
   * view is as the player asked sees it.
   */
  advance(): number {
    for (;;) {
      switch (this.phase) {
        case PHASE_ASKED:
          return this.question;
        case PHASE_ROUND:
          if (this.round > 0) this.passCards(this.round - 1);
          this.onRoundStart(this.round);
          this.beginRound(this.round);
          break;
        case PHASE_NEXT_TURN: {
          const c = this.turnCard;
          if (this.holder[c] >= 0) {
            if (!this.rescue && this.deadlocked()) {
              this.phase = PHASE_ROUND_OVER;
              break;
            }
            this.turns++;
            this.phase = PHASE_ROLL;
          } else this.turnCard = c === 4 ? 0 : c + 1;
          break;
        }
        case PHASE_ROLL:
          this.startRoll();
          break;
        case PHASE_TURN_OVER:
          if (this.turns >= this.rules.maxTurnsPerRound) this.phase = PHASE_ROUND_OVER;
          else {
            this.turnCard = this.turnCard === 4 ? 0 : this.turnCard + 1;
            this.phase = PHASE_NEXT_TURN;
          }
          break;
        case PHASE_ROUND_OVER:
          this.roundTurns = this.turns;
          this.scoreRound();
          this.onRoundEnd();
          if (this.round + 1 < this.rules.rounds) {
            this.round++;
            this.phase = PHASE_ROUND;
          } else {
            this.decideWinner();
            this.phase = PHASE_OVER;
            this.question = GAME_OVER;
          }
          break;
        default:
          return GAME_OVER;
      }
    }
  }

  /** Start round `round` at the First Son's turn. */
  private beginRound(round: number): void {
    this.startRound(round);
    this.winnerCard = -1;
    this.endKind = END_STALL;
    this.turns = 0;
    this.turnCard = 0;
    // the Second and Fourth Son can reopen a closed goal: with either in play a round is never dead
    this.rescue = (this.holder[SECOND_SON] >= 0 && this.abilityOn[SECOND_SON] === 1) || (this.holder[FOURTH_SON] >= 0 && this.abilityOn[FOURTH_SON] === 1);
    this.phase = PHASE_NEXT_TURN;
  }

  /** A roll of the turn's card: its Supply, then the First Son's re-roll question or the collect question. */
  private startRoll(): void {
    const c = this.turnCard;
    if (this.ncol[c] === 5) {
      if (this.trace !== null) this.note(`${SON_SHORT[c]} Son has no dice in the Supply`);
      this.phase = PHASE_TURN_OVER;
      return;
    }
    clear8(this.roll);
    this.draw(c, this.supply(c));
    if (c === FIRST_SON && this.abilityOn[FIRST_SON] && this.roll[6] > 0) {
      this.used = 0;
      this.ask(QUESTION_REROLL);
    } else this.askCollect();
  }

  /** First Son: re-roll the 6s showing (asked again for re-rolled 6s when the rules allow). */
  answerReroll(yes: boolean): void {
    const c = this.turnCard;
    if (yes) {
      const k = this.roll[6];
      if (this.trace !== null) this.note(`First Son rolls ${this.rollText()} and re-rolls ${k} six${k > 1 ? 'es' : ''}`);
      this.roll[6] = 0;
      this.draw(c, k);
      this.used = 1;
      if (this.rules.firstSonRerollAgain && this.roll[6] > 0) return;
    }
    this.abilityUses[FIRST_SON] += this.used;
    this.askCollect();
  }

  /** The collect question: the view's answer slots cleared, what the roll allows set. */
  private askCollect(): void {
    const rules = this.rules, v = this.view, c = this.turnCard;
    const sixes = this.roll[6];
    this.sixes = sixes;
    this.maxConvert = c === THIRD_SON && this.abilityOn[THIRD_SON] ? Math.floor(sixes / rules.thirdSonSixesPerThree) : 0;
    this.canTrade = c === FIFTH_SON && this.abilityOn[FIFTH_SON] === 1 && sixes >= rules.fifthSonSixesToTrade && this.players > 1;
    clear8(this.take);
    v.sixes = sixes;
    v.convert = 0;
    v.maxConvert = this.maxConvert;
    v.canTrade = this.canTrade;
    v.tradeKeepsSixes = this.canTrade && !rules.fifthSonCollectsTradeSixes ? rules.fifthSonSixesToTrade : 0;
    this.ask(QUESTION_COLLECT);
  }

  /**
   * The collect answer, read from the view's slots (`take`, `convert`): checked and applied; then,
   * in the rules' order, a finished set ends the round, the Second Son changes, the Fourth Son
   * returns, the Fifth Son trades, and the turn rolls again or ends.
   */
  answerCollect(): void {
    const roll = this.roll, take = this.take, col = this.col, c = this.turnCard, b = c * 8, sixes = this.sixes;
    let n = this.ncol[c];
    for (let f = 1; f <= 6; f++) {
      if (take[f] < 0 || take[f] > roll[f]) throw new Error(`${this.answerer()}: takes ${take[f]} of face ${f} from a roll with ${roll[f]}`);
      n += take[f];
    }
    const conv = this.view.convert;
    if (conv < 0 || conv > this.maxConvert || take[6] + conv > sixes) throw new Error(`${this.answerer()}: converts ${conv} 6s (allowed ${this.maxConvert})`);
    n += conv;
    if (n > 5) throw new Error(`${this.answerer()}: collects past five dice`);
    for (let f = 1; f <= 6; f++) col[b + f] += take[f];
    col[b + 3] += conv;
    this.ncol[c] = n;
    this.conv = conv;
    if (conv > 0) this.abilityUses[THIRD_SON]++;
    if (this.trace !== null) this.traceCollect(c, conv);
    const done = this.complete(c);
    if (done) return this.finish(c, done);
    if (c === SECOND_SON && this.abilityOn[SECOND_SON] && sixes > 0) {
      this.asked = 0;
      this.askMax = this.rules.secondSonChanges === 'per-six' ? sixes : 1;
      this.used = 0;
      this.ask(QUESTION_CHANGE);
    } else this.afterChanges();
  }

  private afterChanges(): void {
    if (this.turnCard === FOURTH_SON && this.abilityOn[FOURTH_SON] && this.sixes > 0) {
      this.asked = 0;
      this.askMax = this.sixes * this.rules.fourthSonReturnsPerSix;
      this.used = 0;
      if (this.askMax > 0) return this.ask(QUESTION_RETURN);
    }
    this.afterReturns();
  }

  private afterReturns(): void {
    if (this.canTrade) this.ask(QUESTION_TRADE);
    else this.rollAgainOrNot();
  }

  /** Rolling the element (or, as an option, converting a 3) earns another roll, unless the Supply is empty or the player stops. */
  private rollAgainOrNot(): void {
    const c = this.turnCard;
    const again = this.roll[c + 1] > 0 || (this.conv > 0 && this.rules.thirdSonConvertedThreeContinues);
    if (!again || this.ncol[c] === 5) this.phase = PHASE_TURN_OVER;
    else if (this.rules.voluntaryStop) this.ask(QUESTION_KEEP);
    else this.phase = PHASE_ROLL;
  }

  /** Second Son, one change of a Collected 2 per 6 (or per roll): -1, or target card × 8 + new value; a change may finish a set. */
  answerChange(d: number): void {
    const col = this.col;
    if (d >= 0) {
      const t = d >> 3, v = d & 7;
      if (t < 0 || t > 4 || this.holder[t] < 0 || col[t * 8 + 2] === 0 || v < 1 || v > 6 || v === 2) throw new Error(`${this.answerer()}: illegal Second Son change ${d}`);
      col[t * 8 + 2]--;
      col[t * 8 + v]++;
      this.used = 1;
      if (this.trace !== null) this.note(`Second Son changes a Collected 2 of the ${SON_SHORT[t]} Son into a ${v}`);
      const done = this.complete(t);
      if (done) {
        this.abilityUses[SECOND_SON]++;
        return this.finish(t, done);
      }
      if (++this.asked < this.askMax) return;
    }
    this.abilityUses[SECOND_SON] += this.used;
    this.afterChanges();
  }

  /** Fourth Son, per 6: -1, or target card × 8 + face (that Collected die goes back to its Supply). */
  answerReturn(d: number): void {
    const col = this.col;
    if (d >= 0) {
      const t = d >> 3, f = d & 7;
      if (t < 0 || t > 4 || this.holder[t] < 0 || f < 1 || f > 6 || col[t * 8 + f] === 0) throw new Error(`${this.answerer()}: illegal Fourth Son return ${d}`);
      col[t * 8 + f]--;
      this.ncol[t]--;
      this.used = 1;
      if (this.trace !== null) this.note(`Fourth Son returns a Collected ${f} of the ${SON_SHORT[t]} Son to its Supply`);
      if (++this.asked < this.askMax) return;
    }
    this.abilityUses[FOURTH_SON] += this.used;
    this.afterReturns();
  }

  /**
   * Fifth Son: -1, or the card to trade card and dice with; a trade ends his turn. With
   * `fifthSonCollectsTradeSixes` false the triggering 6s must be among the 6s he did not set aside
   * (they are spent on the trade, not handed over).
   */
  answerTrade(t: number): void {
    if (t < 0) return this.rollAgainOrNot();
    if (t > 3 || this.holder[t] < 0) throw new Error(`${this.answerer()}: illegal Fifth Son trade with card ${t}`);
    if (!this.rules.fifthSonCollectsTradeSixes && this.sixes - this.take[6] < this.rules.fifthSonSixesToTrade) throw new Error(`${this.answerer()}: trades after setting aside the 6s that triggered the trade (fifthSonCollectsTradeSixes is false)`);
    this.abilityUses[FIFTH_SON]++;
    const pa = this.holder[FIFTH_SON], pb = this.holder[t];
    this.holder[FIFTH_SON] = pb;
    this.holder[t] = pa;
    this.cardOf[pa] = t;
    this.cardOf[pb] = FIFTH_SON;
    if (t === FIRST_SON) {
      // both players have now held the First Son card: the tie break counts the later one
      this.lastFirst[pb] = ++this.clock;
      this.lastFirst[pa] = ++this.clock;
    }
    if (this.trace !== null) this.note(`Fifth Son trades card and dice with the ${SON_SHORT[t]} Son; turn over`);
    this.phase = PHASE_TURN_OVER;
  }

  /** Asked when the rules allow a voluntary stop: roll again? */
  answerKeep(yes: boolean): void {
    this.phase = yes ? PHASE_ROLL : PHASE_TURN_OVER;
  }

  private finish(c: number, kind: number): void {
    this.winnerCard = c;
    this.endKind = kind === FIVE_OF_ELEMENT ? END_ELEMENT : END_DRAGON;
    if (this.trace !== null) this.note(`${SON_SHORT[c]} Son has ${kind === FIVE_OF_ELEMENT ? 'five of the element' : 'a Dragon'}: round over`);
    this.phase = PHASE_ROUND_OVER;
  }

  private traceCollect(c: number, conv: number): void {
    const t: number[] = [];
    for (let f = 1; f <= 6; f++) for (let i = 0; i < this.take[f]; i++) t.push(f);
    this.note(`${SON_SHORT[c]} Son rolls ${this.rollText()}; collects ${t.length ? t.join(',') : 'nothing'}${conv ? `; turns ${conv} 6${conv > 1 ? 's' : ''} into collected 3${conv > 1 ? 's' : ''}` : ''}`);
  }

  /** The seated strategy of the question's seat answers it. */
  askStrategy(q: number): void {
    const c = this.turnCard, v = this.view, s = this.strategies[this.holder[c]];
    switch (q) {
      case QUESTION_COLLECT:
        s.collect(v, c);
        this.answerCollect();
        break;
      case QUESTION_REROLL:
        this.answerReroll(s.firstSonReroll(v, c));
        break;
      case QUESTION_CHANGE:
        this.answerChange(s.secondSonChange(v, c));
        break;
      case QUESTION_RETURN:
        this.answerReturn(s.fourthSonReturn(v, c));
        break;
      case QUESTION_TRADE:
        this.answerTrade(s.fifthSonTrade(v, c));
        break;
      default:
        this.answerKeep(s.keepRolling(v, c));
    }
  }

  // ---------- one roll, one turn, one round (the steps above, answered by the seated strategies) ----------

  /** Roll for card c: the Supply, then (First Son) re-rolls of 6s while the strategy wants them. */
  rollFor(c: number): void {
    this.turnCard = c;
    this.roll.fill(0);
    this.draw(c, this.supply(c));
    if (c === FIRST_SON && this.abilityOn[FIRST_SON] && this.roll[6] > 0) {
      this.used = 0;
      this.ask(QUESTION_REROLL);
      while (this.question === QUESTION_REROLL) this.askStrategy(QUESTION_REROLL);
    }
  }

  /**
   * Everything after the dice of one roll are known (including First Son re-rolls): the strategy
   * collects, abilities act, and the turn goes on (ROLL_AGAIN), ends (TURN_OVER), or the round ends
   * (ROUND_OVER; winnerCard and endKind set).
   */
  resolveRoll(c: number): number {
    this.turnCard = c;
    this.askCollect();
    while (this.phase === PHASE_ASKED) this.askStrategy(this.question);
    return this.phase === PHASE_ROUND_OVER ? ROUND_OVER : this.phase === PHASE_ROLL ? ROLL_AGAIN : TURN_OVER;
  }

  /** One turn of card c. Returns true if the round ended during it. */
  playTurn(c: number): boolean {
    this.turnCard = c;
    this.phase = PHASE_ROLL;
    for (;;) {
      if (this.phase === PHASE_ROLL) this.startRoll();
      else if (this.phase === PHASE_ASKED) this.askStrategy(this.question);
      else return this.phase === PHASE_ROUND_OVER;
    }
  }

  /** Start a round: empty Collected sets, fresh dice streams (not in script mode). */
  startRound(round: number): void {
    this.round = round;
    this.view.round = round;
    this.col.fill(0);
    this.ncol.fill(0);
    this.startHolder.set(this.holder);
    if (this.script === null) for (let k = 0; k < 5; k++) reseed(this.streams[k], this.seeds, 1 + round * 8 + k);
    if (this.holder[FIRST_SON] >= 0) this.lastFirst[this.holder[FIRST_SON]] = ++this.clock;
  }

  /** No card in play can still finish (and no Second or Fourth Son ability can reopen a goal). */
  private deadlocked(): boolean {
    for (let k = 0; k < 5; k++) if (this.holder[k] >= 0 && this.progress(k) >= 0) return false;
    return true;
  }

  /** Non-finishers score their Collected pips plus their card's penalty number. */
  scoreRound(): void {
    for (let p = 0; p < this.players; p++) this.roundPoints[p] = 0;
    for (let k = 0; k < 5; k++) {
      const p = this.holder[k];
      if (p < 0 || k === this.winnerCard) continue;
      const pts = this.collectedPips(k) + this.rules.penalty[k];
      this.roundPoints[p] = pts;
      this.score[p] += pts;
    }
  }

  /** Shuffle the deck's first n cards into the deck (Fisher–Yates on the deal stream). */
  private shuffle(n: number): void {
    const d = this.deck;
    for (let i = n - 1; i > 0; i--) {
      const j = this.deal.below(i + 1);
      const t = d[i];
      d[i] = d[j];
      d[j] = t;
    }
  }

  private dealFromDeck(): void {
    this.holder.fill(-1);
    for (let p = 0; p < this.players; p++) {
      this.cardOf[p] = this.deck[p];
      this.holder[this.deck[p]] = p;
    }
  }

  private shuffleAll(): void {
    for (let k = 0; k < 5; k++) this.deck[k] = k;
    this.shuffle(5);
    this.dealFromDeck();
  }

  /** Pass the Son cards after round `round` (0-based) as the rules' table says. */
  passCards(round: number): void {
    const P = this.players;
    const a = this.passActions[P * 64 + round];
    // with two players a trade is passing left
    if (a === PASS_LEFT || a === TRADE) {
      for (let p = 0; p < P; p++) this.tmp[(p + 1) % P] = this.cardOf[p];
      this.holder.fill(-1);
      for (let p = 0; p < P; p++) {
        this.cardOf[p] = this.tmp[p];
        this.holder[this.tmp[p]] = p;
      }
    } else if (a === DRAW_NEW && this.rules.drawNewFrom === 'undealt' && 5 - P >= P) {
      let n = 0;
      for (let k = 0; k < 5; k++) if (this.holder[k] < 0) this.deck[n++] = k;
      this.shuffle(n);
      this.dealFromDeck();
    } else {
      this.shuffleAll();
    }
  }

  /**
   * Play a whole game. `seedA, seedB` name the game's randomness (deal stream and every round's
   * per-card dice streams), so the same pair replays the same game, also with an ability switched off.
   */
  playGame(seedA: number, seedB: number): void {
    this.seeds[0] = seedA;
    this.seeds[1] = seedB;
    this.playSeededGame();
  }

  /** Play a whole game from the seed words already in `seeds` (the allocation-free entry). */
  playSeededGame(): void {
    this.dealGame();
    for (let q = this.advance(); q !== GAME_OVER; q = this.advance()) this.askStrategy(q);
  }

  /** Hook before each round's first turn, after the cards have passed (`weilong play` heads its rounds here). */
  onRoundStart(_round: number): void {}

  /** Hook for accumulating per-round statistics (the kernel overrides it). */
  onRoundEnd(): void {}

  /** Lowest total wins; ties go to the tied player who held the First Son card last. */
  decideWinner(): void {
    const P = this.players;
    let best = Infinity;
    for (let p = 0; p < P; p++) if (this.score[p] < best) best = this.score[p];
    let nTied = 0, lastP = -1, lastT = -1;
    for (let p = 0; p < P; p++) {
      this.winShare[p] = 0;
      if (this.score[p] !== best) continue;
      nTied++;
      if (this.lastFirst[p] > lastT) {
        lastT = this.lastFirst[p];
        lastP = p;
      }
    }
    if (nTied > 1 && (this.rules.tieBreak === 'shared' || lastT <= 0)) {
      for (let p = 0; p < P; p++) if (this.score[p] === best) this.winShare[p] = 1 / nTied;
    } else {
      this.winShare[lastP] = 1;
    }
  }

  /** Deal specific cards (tests, scripted play): cards[p] = card index of player p. */
  dealCards(cards: readonly number[]): void {
    this.holder.fill(-1);
    for (let p = 0; p < this.players; p++) {
      this.cardOf[p] = cards[p];
      this.holder[cards[p]] = p;
    }
  }

  /** A solo position for the exact solver: only card c is in play, held by player 0. */
  setupSolo(c: number, strategy: WeilongStrategy): void {
    this.setPlayers([strategy]);
    this.holder.fill(-1);
    this.holder[c] = 0;
    this.cardOf[0] = c;
  }

  /** Collected dice of card c from a face-count array (index 1..6). */
  setCollected(c: number, counts: ArrayLike<number>): void {
    let n = 0;
    for (let f = 1; f <= 6; f++) {
      this.col[c * 8 + f] = counts[f];
      n += counts[f];
    }
    this.ncol[c] = n;
  }
}
