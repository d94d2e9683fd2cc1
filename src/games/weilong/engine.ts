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
 */
import { Rng } from '../../core/rng.js';
import type { WeilongRules } from './rules.js';

/** A player's policy. Every method reads the game's public state; none may allocate. */
export interface WeilongStrategy {
  readonly name: string;
  readonly description: string;
  /**
   * After a roll (`g.roll` counts by face 1..6, `g.sixes` 6s): fill `g.take[f]` with how many dice
   * of face f to set aside, and `g.convert` (Third Son: 6s turned into collected 3s, ≤ `g.maxConvert`).
   * `g.canTrade` says whether the Fifth Son may trade after this roll. `g.take` is zeroed before.
   */
  collect(g: WeilongGame, c: number): void;
  /** First Son: re-roll the 6s now showing in `g.roll`? (asked again for re-rolled 6s) */
  firstSonReroll(g: WeilongGame, c: number): boolean;
  /** Second Son, once per allowed change: -1, or target card × 8 + new value (a Collected 2 of that card becomes it) */
  secondSonChange(g: WeilongGame, c: number): number;
  /** Fourth Son, once per allowed return: -1, or target card × 8 + face (that Collected die goes back to its Supply) */
  fourthSonReturn(g: WeilongGame, c: number): number;
  /** Fifth Son after a trading roll: -1, or the card to trade with */
  fifthSonTrade(g: WeilongGame, c: number): number;
  /** Asked only when the rules allow a voluntary stop and the player may roll again. */
  keepRolling(g: WeilongGame, c: number): boolean;
}

/** How a round ended. */
export const END_ELEMENT = 0, END_DRAGON = 1, END_STALL = 2;
/** resolveRoll results */
export const TURN_OVER = 0, ROLL_AGAIN = 1, ROUND_OVER = 2;

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

export class WeilongGame {
  readonly rules: WeilongRules;
  /** players in the game (1 = a solo turn, used by the exact solver) */
  players = 0;
  readonly strategies: WeilongStrategy[] = [];
  /** Collected counts: card c, face f at c*8+f (f = 1..6) */
  readonly col = new Int8Array(40);
  /** number of Collected dice of card c */
  readonly ncol = new Int8Array(5);
  /** player holding card c, -1 if the card is out of this round */
  readonly holder = new Int8Array(5);
  /** player holding card c when the round started (-1: out of the round) */
  readonly startHolder = new Int8Array(5);
  /** card held by player p */
  readonly cardOf = new Int8Array(5);
  /** the current roll, counts by face 1..6 */
  readonly roll = new Int8Array(8);
  sixes = 0;
  /** the strategy's answer to collect() */
  readonly take = new Int8Array(8);
  convert = 0;
  maxConvert = 0;
  canTrade = false;
  /** scratch space a strategy may use between its calls within one roll */
  readonly memo = new Int32Array(8);
  /** game totals and the last round's points, by player */
  readonly score = new Int32Array(5);
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
  readonly deal = new Rng(6);
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
    // pass actions as small ints: [players][round] → 0 pass-left, 1 trade, 2 draw-new, 3 shuffle-all
    this.passActions = new Int8Array(6 * 64);
    for (let p = 2; p <= 5; p++) {
      rules.passing[String(p)].forEach((a, i) => (this.passActions[p * 64 + i] = ['pass-left', 'trade', 'draw-new', 'shuffle-all'].indexOf(a)));
    }
  }

  /** Seat strategies (one per player, 2..5) for the following games. */
  setPlayers(strategies: readonly WeilongStrategy[]): void {
    this.players = strategies.length;
    this.strategies.length = 0;
    for (const s of strategies) this.strategies.push(s);
  }

  /** Switch abilities (on top of the rules' switches): mask bit k = Son k+1's ability allowed. */
  setAbilityMask(mask: number): void {
    for (let k = 0; k < 5; k++) this.abilityOn[k] = this.rules.abilities[k] && (mask >> k) & 1 ? 1 : 0;
  }

  // ---------- small queries strategies use ----------

  element(c: number): number {
    return c + 1;
  }
  supply(c: number): number {
    return 5 - this.ncol[c];
  }
  /** pips on card c's Collected dice */
  collectedPips(c: number): number {
    const b = c * 8;
    const col = this.col;
    return col[b + 1] + 2 * col[b + 2] + 3 * col[b + 3] + 4 * col[b + 4] + 5 * col[b + 5] + 6 * col[b + 6];
  }
  /** card c could still complete five of its element with these Collected dice */
  elementOpen(c: number): boolean {
    return this.col[c * 8 + c + 1] === this.ncol[c];
  }
  /** card c could still complete a Dragon with these Collected dice */
  dragonOpen(c: number): boolean {
    const b = c * 8, col = this.col;
    return col[b + 6] === 0 && col[b + 1] <= 1 && col[b + 2] <= 1 && col[b + 3] <= 1 && col[b + 4] <= 1 && col[b + 5] <= 1;
  }
  /** dice toward the nearer open goal (0..4; -1 if neither goal is open) */
  progress(c: number): number {
    let p = -1;
    if (this.elementOpen(c)) p = this.col[c * 8 + c + 1];
    if (this.dragonOpen(c) && this.ncol[c] > p) p = this.ncol[c];
    return p;
  }
  /** Collected set of card c is finished (five of its element, or a Dragon) */
  complete(c: number): number {
    const b = c * 8, col = this.col;
    if (col[b + c + 1] === 5) return 1;
    if (col[b + 1] === 1 && col[b + 2] === 1 && col[b + 3] === 1 && col[b + 4] === 1 && col[b + 5] === 1) return 2;
    return 0;
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

  // ---------- one roll, one turn ----------

  /**
   * Everything after the dice of one roll are known (including First Son re-rolls): the strategy
   * collects, abilities act, and the turn goes on, ends, or the round ends (winnerCard/endKind set).
   */
  resolveRoll(c: number): number {
    const rules = this.rules, roll = this.roll, take = this.take, col = this.col, b = c * 8;
    const strat = this.strategies[this.holder[c]];
    const sixes = roll[6];
    this.sixes = sixes;
    take.fill(0);
    this.convert = 0;
    this.maxConvert = c === 2 && this.abilityOn[2] ? Math.floor(sixes / rules.thirdSonSixesPerThree) : 0;
    this.canTrade = c === 4 && this.abilityOn[4] === 1 && sixes >= rules.fifthSonSixesToTrade && this.players > 1;
    strat.collect(this, c);
    let n = this.ncol[c];
    for (let f = 1; f <= 6; f++) {
      if (take[f] < 0 || take[f] > roll[f]) throw new Error(`${strat.name}: takes ${take[f]} of face ${f} from a roll with ${roll[f]}`);
      n += take[f];
    }
    const conv = this.convert;
    if (conv < 0 || conv > this.maxConvert || take[6] + conv > sixes) throw new Error(`${strat.name}: converts ${conv} 6s (allowed ${this.maxConvert})`);
    n += conv;
    if (n > 5) throw new Error(`${strat.name}: collects past five dice`);
    for (let f = 1; f <= 6; f++) col[b + f] += take[f];
    col[b + 3] += conv;
    this.ncol[c] = n;
    if (conv > 0) this.abilityUses[2]++;
    if (this.trace !== null) {
      const t: number[] = [];
      for (let f = 1; f <= 6; f++) for (let i = 0; i < take[f]; i++) t.push(f);
      this.note(`${['First', 'Second', 'Third', 'Fourth', 'Fifth'][c]} Son rolls ${this.rollText()}; collects ${t.length ? t.join(',') : 'nothing'}${conv ? `; turns ${conv} 6${conv > 1 ? 's' : ''} into collected 3${conv > 1 ? 's' : ''}` : ''}`);
    }
    let done = this.complete(c);
    if (done) return this.finish(c, done);

    if (c === 1 && this.abilityOn[1] && sixes > 0) {
      const changes = rules.secondSonChanges === 'per-six' ? sixes : 1;
      let used = 0;
      for (let i = 0; i < changes; i++) {
        const d = strat.secondSonChange(this, c);
        if (d < 0) break;
        const t = d >> 3, v = d & 7;
        if (t < 0 || t > 4 || this.holder[t] < 0 || col[t * 8 + 2] === 0 || v < 1 || v > 6 || v === 2) throw new Error(`${strat.name}: illegal Second Son change ${d}`);
        col[t * 8 + 2]--;
        col[t * 8 + v]++;
        used = 1;
        if (this.trace !== null) this.note(`Second Son changes a Collected 2 of the ${['First', 'Second', 'Third', 'Fourth', 'Fifth'][t]} Son into a ${v}`);
        done = this.complete(t);
        if (done) {
          this.abilityUses[1]++;
          return this.finish(t, done);
        }
      }
      this.abilityUses[1] += used;
    }
    if (c === 3 && this.abilityOn[3] && sixes > 0) {
      const returns = sixes * rules.fourthSonReturnsPerSix;
      let used = 0;
      for (let i = 0; i < returns; i++) {
        const d = strat.fourthSonReturn(this, c);
        if (d < 0) break;
        const t = d >> 3, f = d & 7;
        if (t < 0 || t > 4 || this.holder[t] < 0 || f < 1 || f > 6 || col[t * 8 + f] === 0) throw new Error(`${strat.name}: illegal Fourth Son return ${d}`);
        col[t * 8 + f]--;
        this.ncol[t]--;
        used = 1;
        if (this.trace !== null) this.note(`Fourth Son returns a Collected ${f} of the ${['First', 'Second', 'Third', 'Fourth', 'Fifth'][t]} Son to its Supply`);
      }
      this.abilityUses[3] += used;
    }
    if (this.canTrade) {
      const t = strat.fifthSonTrade(this, c);
      if (t >= 0) {
        if (t > 3 || this.holder[t] < 0) throw new Error(`${strat.name}: illegal Fifth Son trade with card ${t}`);
        this.abilityUses[4]++;
        const pa = this.holder[4], pb = this.holder[t];
        this.holder[4] = pb;
        this.holder[t] = pa;
        this.cardOf[pa] = t;
        this.cardOf[pb] = 4;
        if (t === 0) {
          this.lastFirst[pb] = ++this.clock;
          this.lastFirst[pa] = ++this.clock;
        }
        if (this.trace !== null) this.note(`Fifth Son trades card and dice with the ${['First', 'Second', 'Third', 'Fourth'][t]} Son; turn over`);
        return TURN_OVER;
      }
    }
    const again = roll[c + 1] > 0 || (conv > 0 && rules.thirdSonConvertedThreeContinues);
    if (!again || this.ncol[c] === 5) return TURN_OVER;
    if (rules.voluntaryStop && !strat.keepRolling(this, c)) return TURN_OVER;
    return ROLL_AGAIN;
  }

  private finish(c: number, kind: number): number {
    this.winnerCard = c;
    this.endKind = kind === 1 ? END_ELEMENT : END_DRAGON;
    if (this.trace !== null) this.note(`${['First', 'Second', 'Third', 'Fourth', 'Fifth'][c]} Son has ${kind === 1 ? 'five of the element' : 'a Dragon'}: round over`);
    return ROUND_OVER;
  }

  /** Roll for card c: the Supply, then (First Son) re-rolls of 6s while the strategy wants them. */
  rollFor(c: number): void {
    this.roll.fill(0);
    this.draw(c, this.supply(c));
    if (c === 0 && this.abilityOn[0] && this.roll[6] > 0) {
      const strat = this.strategies[this.holder[c]];
      let used = 0;
      while (this.roll[6] > 0 && strat.firstSonReroll(this, c)) {
        const k = this.roll[6];
        if (this.trace !== null) this.note(`First Son rolls ${this.rollText()} and re-rolls ${k} six${k > 1 ? 'es' : ''}`);
        this.roll[6] = 0;
        this.draw(c, k);
        used = 1;
        if (!this.rules.firstSonRerollAgain) break;
      }
      this.abilityUses[0] += used;
    }
  }

  /** One turn of card c. Returns true if the round ended during it. */
  playTurn(c: number): boolean {
    for (;;) {
      if (this.ncol[c] === 5) {
        if (this.trace !== null) this.note(`${['First', 'Second', 'Third', 'Fourth', 'Fifth'][c]} Son has no dice in the Supply`);
        return false;
      }
      this.rollFor(c);
      const r = this.resolveRoll(c);
      if (r === ROUND_OVER) return true;
      if (r === TURN_OVER) return false;
    }
  }

  /** Start a round: empty Collected sets, fresh dice streams (not in script mode). */
  startRound(round: number): void {
    this.round = round;
    this.col.fill(0);
    this.ncol.fill(0);
    this.startHolder.set(this.holder);
    if (this.script === null) for (let k = 0; k < 5; k++) reseed(this.streams[k], this.seeds, 1 + round * 8 + k);
    if (this.holder[0] >= 0) this.lastFirst[this.holder[0]] = ++this.clock;
  }

  /** Play a round from its first turn to its end and score it. */
  playRound(round: number): void {
    this.startRound(round);
    this.winnerCard = -1;
    this.endKind = END_STALL;
    let turns = 0;
    const max = this.rules.maxTurnsPerRound;
    let c = 0;
    const rescue = (this.holder[1] >= 0 && this.abilityOn[1] === 1) || (this.holder[3] >= 0 && this.abilityOn[3] === 1);
    for (;;) {
      if (this.holder[c] >= 0) {
        if (!rescue && this.deadlocked()) break;
        turns++;
        if (this.playTurn(c)) break;
        if (turns >= max) break;
      }
      c = c === 4 ? 0 : c + 1;
    }
    this.roundTurns = turns;
    this.scoreRound();
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
    if (a === 0 || a === 1) {
      for (let p = 0; p < P; p++) this.tmp[(p + 1) % P] = this.cardOf[p];
      this.holder.fill(-1);
      for (let p = 0; p < P; p++) {
        this.cardOf[p] = this.tmp[p];
        this.holder[this.tmp[p]] = p;
      }
    } else if (a === 2 && this.rules.drawNewFrom === 'undealt' && 5 - P >= P) {
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
    reseed(this.deal, this.seeds, 0);
    this.clock = 0;
    for (let p = 0; p < 5; p++) {
      this.score[p] = 0;
      this.lastFirst[p] = 0;
    }
    this.shuffleAll();
    for (let p = 0; p < this.players; p++) this.firstCard[p] = this.cardOf[p];
    const R = this.rules.rounds;
    for (let r = 0; r < R; r++) {
      if (r > 0) this.passCards(r - 1);
      this.playRound(r);
      this.onRoundEnd();
    }
    this.decideWinner();
  }

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
