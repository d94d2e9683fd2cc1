/**
 * The Dracula vs Van Helsing engine. State lives in typed arrays allocated once; a game allocates
 * nothing. Player 0 is Dracula, player 1 Van Helsing. Two generators: `deckRng` shuffles the deck
 * and the suit ranking (so two games from the same deck seed see the same deals, whatever the
 * players do: common random numbers), `rng` is handed to the players.
 */
import type { Rng } from '../../core/rng.js';
import { FX_END, FX_EXTRA, FX_REVEAL_OPP, FX_REVEAL_OWN, FX_REVEAL_TOP, FX_SWAP_OPP, FX_SWAP_OWN, FX_TRUMP, type DraculaRules } from './rules.js';
import { strength } from './cards.js';
import { effectTable } from './legal.js';
import { DraculaView, actionArg, actionKeep, type DraculaPlayer } from './strategy.js';

/** How a round ended. */
export const END_CALLED = 0, END_CARD = 1, END_DECK = 2;
/** How a game ended. */
export const WIN_DISTRICT = 0, WIN_ROUNDS = 1, WIN_HEALTH = 2;
/** turn results (of apply) */
export const T_NORMAL = 0, T_EXTRA = 1, T_END = 2;

export class DraculaGame {
  readonly D: number;
  readonly N: number;
  readonly S: number;
  readonly V: number;
  readonly fx: Int8Array;
  /** deck order; deck[deckPos] is the top card */
  readonly deck: Int8Array;
  deckPos = 0;
  /** hand[p × D + d]: player p's card in district d */
  readonly hand: Int8Array;
  /** known[p × D + d] = 1 when player p knows the opponent's card in district d */
  readonly known: Uint8Array;
  /** bit p set: player p has seen the top card of the deck */
  topKnown = 0;
  readonly discard: Int8Array;
  discardCount = 0;
  /** rankOf[suit] = position on the track (S − 1 = trump); suitAt is its inverse */
  readonly rankOf: Int8Array;
  readonly suitAt: Int8Array;
  readonly vampires: Int8Array;
  health = 0;
  round = 0;
  /** 1 when this round's districts are resolved right to left (the weathervane), else 0 */
  rightToLeft = 0;
  /** turns taken in the current round (last turns and extra turns included) */
  roundTurns = 0;
  readonly views: [DraculaView, DraculaView];
  players: [DraculaPlayer, DraculaPlayer];
  /** 1: the other player starts each round than the rules say (for the first-mover edge) */
  firstFlip = 0;

  constructor(readonly rules: DraculaRules, players: [DraculaPlayer, DraculaPlayer], public deckRng: Rng, readonly rng: Rng) {
    this.D = rules.districts;
    this.S = rules.suits;
    this.V = rules.values;
    this.N = this.S * this.V;
    this.fx = effectTable(rules);
    this.deck = new Int8Array(this.N);
    this.hand = new Int8Array(2 * this.D);
    this.known = new Uint8Array(2 * this.D);
    this.discard = new Int8Array(this.N);
    this.rankOf = new Int8Array(this.S);
    this.suitAt = new Int8Array(this.S);
    this.vampires = new Int8Array(this.D);
    this.views = [new DraculaView(rules), new DraculaView(rules)];
    this.players = players;
  }

  /** Hooks for statistics (no-ops here). */
  onDistrict(_d: number, _dracula: number, _helsing: number, _draculaWon: boolean): void {}
  onRoundEnd(_kind: number): void {}

  /** Play a whole game; returns WIN_DISTRICT or WIN_ROUNDS (Dracula) or WIN_HEALTH (Van Helsing). */
  playGame(): number {
    this.newGame();
    const R = this.rules.rounds;
    for (let r = 0; r < R; r++) {
      this.round = r;
      if (r > 0 && this.rules.rankingEachRound) this.shuffleRanking();
      this.dealRound();
      const kind = this.playRound(this.firstPlayer(r));
      this.onRoundEnd(kind);
      const w = this.resolve();
      if (w >= 0) return w;
    }
    return WIN_ROUNDS;
  }

  firstPlayer(round: number): number {
    const f = this.rules.firstPlayer;
    return (f === 'dracula' ? 0 : f === 'helsing' ? 1 : round & 1) ^ this.firstFlip;
  }

  newGame(): void {
    this.health = this.rules.health;
    this.vampires.fill(0);
    for (let s = 0; s < this.S; s++) this.suitAt[s] = s;
    if (this.rules.ranking === 'random') this.shuffleRanking();
    else for (let s = 0; s < this.S; s++) this.rankOf[s] = s;
  }

  shuffleRanking(): void {
    const a = this.suitAt;
    for (let i = this.S - 1; i > 0; i--) {
      const j = this.deckRng.below(i + 1);
      const t = a[i]; a[i] = a[j]; a[j] = t;
    }
    for (let i = 0; i < this.S; i++) this.rankOf[a[i]] = i;
  }

  /** Set the weathervane, shuffle all cards and deal D to each player, district by district. */
  dealRound(): void {
    const deck = this.deck, N = this.N, D = this.D;
    // drawn under every setting, so that a deck seed deals the same cards whichever way the vane is set
    const coin = this.deckRng.below(2);
    const vane = this.rules.weathervane;
    this.rightToLeft = vane === 'random' ? coin : vane === 'rightToLeft' ? 1 : vane === 'alternate' ? this.round & 1 : 0;
    for (let i = 0; i < N; i++) deck[i] = i;
    for (let i = N - 1; i > 0; i--) {
      const j = this.deckRng.below(i + 1);
      const t = deck[i]; deck[i] = deck[j]; deck[j] = t;
    }
    for (let d = 0; d < D; d++) {
      this.hand[d] = deck[2 * d];
      this.hand[D + d] = deck[2 * d + 1];
    }
    this.deckPos = 2 * D;
    this.known.fill(0);
    this.topKnown = 0;
    this.discardCount = 0;
    this.roundTurns = 0;
  }

  /** Turns until the round ends, starting with player p; returns END_CALLED, END_CARD or END_DECK. */
  playRound(p: number): number {
    const callMin = this.rules.callEndMinDiscard;
    for (;;) {
      if (this.deckPos >= this.N) return END_DECK;
      if (this.discardCount >= callMin) {
        this.fillView(p, false, true);
        if (this.players[p].callEnd(this.views[p], this.rng)) {
          if (this.rules.lastTurnAfterCall) this.lastTurns(1 - p);
          return END_CALLED;
        }
      }
      const t = this.turn(p, false);
      if (t === T_END) return END_CARD;
      if (t === T_NORMAL) p = 1 - p;
    }
  }

  /** The opponent's last turn after a call (and its extra turns if the rules allow them). */
  lastTurns(q: number): void {
    for (;;) {
      if (this.deckPos >= this.N) return;
      const t = this.turn(q, true);
      if (t !== T_EXTRA || !this.rules.extraTurnOnLastTurn) return;
    }
  }

  /** One turn of player p: draw, ask the player, apply. */
  turn(p: number, last: boolean): number {
    const drawn = this.deck[this.deckPos];
    this.fillView(p, last, false);
    const a = this.players[p].turn(this.views[p], drawn, this.rng);
    return this.apply(p, drawn, a);
  }

  /** Apply an action of player p who drew the top card `drawn` (the engine checks legality). */
  apply(p: number, drawn: number, action: number): number {
    const D = this.D, q = 1 - p, fx = this.fx;
    const topSeen = this.topKnown;
    this.topKnown = 0;
    this.deckPos++;
    this.roundTurns++;
    const keep = actionKeep(action), arg = actionArg(action);
    if (keep < 0 || keep > D || action < 0) throw new Error(`illegal action ${action}: keep ${keep}`);
    const disc = keep === 0 ? drawn : this.hand[p * D + keep - 1];
    const canEnd = this.discardCount >= this.rules.endRoundMinDiscard;
    let f = fx[disc];
    if (f === FX_END && !canEnd) {
      // legal only when every choice discards an endRound card; it is then discarded without effect
      if (!this.allEnd(p, drawn)) throw new Error(`illegal action ${action}: endRound card with ${this.discardCount} in the discard pile`);
      f = -1;
    }
    if (keep > 0) {
      this.hand[p * D + keep - 1] = drawn;
      this.known[q * D + keep - 1] = (topSeen >> q) & 1;
    }
    this.discard[this.discardCount++] = disc;
    switch (f) {
      case FX_REVEAL_OWN: {
        if (arg >= D) throw new Error(`illegal revealOwn district ${arg}`);
        // mandatory where possible: a card the opponent already knows gives way to the first he does not
        let t = arg;
        if (this.known[q * D + t]) for (let d = 0; d < D; d++) if (!this.known[q * D + d]) { t = d; break; }
        this.known[q * D + t] = 1;
        break;
      }
      case FX_REVEAL_TOP:
        if (this.deckPos < this.N) this.topKnown = this.rules.revealTopToBoth ? 3 : 1 << p;
        break;
      case FX_REVEAL_OPP: {
        if (arg >= D) throw new Error(`illegal revealOpponent district ${arg}`);
        let t = arg;
        if (this.known[p * D + t]) for (let d = 0; d < D; d++) if (!this.known[p * D + d]) { t = d; break; }
        this.known[p * D + t] = 1;
        break;
      }
      case FX_SWAP_OWN: {
        if (D < 2) break;
        const a = arg >> 3, b = arg & 7;
        if (!(a < b && b < D)) throw new Error(`illegal swapOwn ${arg}`);
        const h = this.hand, k = this.known;
        let t = h[p * D + a]; h[p * D + a] = h[p * D + b]; h[p * D + b] = t;
        t = k[q * D + a]; k[q * D + a] = k[q * D + b]; k[q * D + b] = t;
        // what I knew of the opponent's cards stays with the districts
        break;
      }
      case FX_SWAP_OPP: {
        if (arg >= D) throw new Error(`illegal swapOpponent district ${arg}`);
        const h = this.hand, t = h[p * D + arg];
        h[p * D + arg] = h[q * D + arg];
        h[q * D + arg] = t;
        // each player held one of the two cards, so both now know both
        this.known[p * D + arg] = 1;
        this.known[q * D + arg] = 1;
        break;
      }
      case FX_TRUMP: {
        const S = this.S;
        if (arg >= S || this.rankOf[arg] === S - 1) throw new Error(`illegal moveTrump suit ${arg}`);
        const old = this.suitAt[S - 1], pos = this.rankOf[arg];
        this.suitAt[pos] = old; this.rankOf[old] = pos;
        this.suitAt[S - 1] = arg; this.rankOf[arg] = S - 1;
        break;
      }
      case FX_EXTRA:
        return T_EXTRA;
      case FX_END:
        return T_END;
      default:
    }
    return T_NORMAL;
  }

  /** Every choice of player p (who drew `drawn`) would discard an endRound card. */
  allEnd(p: number, drawn: number): boolean {
    if (this.fx[drawn] !== FX_END) return false;
    for (let d = 0; d < this.D; d++) if (this.fx[this.hand[p * this.D + d]] !== FX_END) return false;
    return true;
  }

  /**
   * Compare the districts one by one in the direction of the weathervane; returns a WIN_ code the
   * moment the game ends (districts further on are not resolved), else −1.
   */
  resolve(): number {
    const D = this.D, V = this.V, S = this.S, h = this.hand, humans = this.rules.humansPerDistrict, rtl = this.rightToLeft;
    for (let i = 0; i < D; i++) {
      const d = rtl ? D - 1 - i : i;
      const a = h[d], b = h[D + d];
      const won = strength(a, V, this.rankOf, S) > strength(b, V, this.rankOf, S);
      this.onDistrict(d, a, b, won);
      if (won) {
        if (++this.vampires[d] >= humans) return WIN_DISTRICT;
      } else if (--this.health <= 0) return WIN_HEALTH;
    }
    return -1;
  }

  /** What player p may see, written into views[p]. */
  fillView(p: number, last: boolean, canCall: boolean): void {
    const v = this.views[p], D = this.D, q = 1 - p, seen = v.seen;
    v.role = p;
    seen.fill(0);
    let count = 0;
    for (let d = 0; d < D; d++) {
      const c = this.hand[p * D + d];
      v.hand[d] = c;
      seen[c] = 1;
      v.myKnown[d] = this.known[q * D + d];
      if (this.known[p * D + d]) {
        const o = this.hand[q * D + d];
        v.opp[d] = o;
        seen[o] = 1;
        count++;
      } else v.opp[d] = -1;
    }
    count += D;
    for (let i = 0; i < this.discardCount; i++) {
      v.discard[i] = this.discard[i];
      seen[this.discard[i]] = 1;
    }
    count += this.discardCount;
    v.discardCount = this.discardCount;
    v.deckLeft = this.N - this.deckPos;
    v.top = (this.topKnown >> p) & 1 && this.deckPos < this.N ? this.deck[this.deckPos] : -1;
    if (v.top >= 0) {
      seen[v.top] = 1;
      count++;
    }
    v.unseenCount = this.N - count;
    for (let s = 0; s < this.S; s++) v.rankOf[s] = this.rankOf[s];
    v.trump = this.suitAt[this.S - 1];
    for (let d = 0; d < D; d++) v.vampires[d] = this.vampires[d];
    v.health = this.health;
    v.round = this.round;
    v.rightToLeft = this.rightToLeft;
    v.lastTurn = last;
    v.canCall = canCall;
    v.canEnd = this.discardCount >= this.rules.endRoundMinDiscard;
  }
}
