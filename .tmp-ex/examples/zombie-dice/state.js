// Zombie Dice as a state machine: dice drawn from a cup without replacement, rolled one at a time
// (each draw and each roll is one chance event), then the choice to stop or roll on. Rules as
// modelled: docs/examples.md.
import { CHANCE, TERMINAL } from 'oddsmith';

/**
 * @typedef {object} ZombieDiceRules
 * @property {number} green green dice in the cup
 * @property {number} yellow yellow dice in the cup
 * @property {number} red red dice in the cup
 * @property {number} hand dice rolled at a time
 * @property {number} shotguns shotguns that end a turn with nothing
 * @property {number} target brains that make the round under way the last
 * @property {number} tieBreakRounds rounds the tied leaders play before a tie stands
 */

/** Brain and shotgun faces of a six-sided die, by colour (green, yellow, red); the rest are footsteps. */
export const BRAIN_FACES = [3, 2, 1];
export const SHOTGUN_FACES = [1, 2, 3];
export const COLOURS = ['green', 'yellow', 'red'];
export const STOP = 0, ROLL = 1;
/** A roll's outcome: what the face is. */
export const BRAIN = 0, FOOTSTEPS = 1, SHOTGUN = 2;
const DRAW = 0, ROLLING = 1, DECIDE = 2;

const sum3 = (/** @type {Int8Array} */ a) => a[0] + a[1] + a[2];

/** @typedef {import('oddsmith').GameState} GameState */

/** @implements {GameState} */
export class ZombieDiceState {
  /** @param {ZombieDiceRules} rules @param {number} players */
  constructor(rules, players) {
    this.rules = rules;
    this.players = players;
    /** brains banked, by seat */
    this.banked = new Int32Array(players);
    /** 1 for the seats that play in this round (all of them, until a tie-break) */
    this.active = new Uint8Array(players).fill(1);
    this.tieBreaksLeft = rules.tieBreakRounds;
    this.toMove = 0;
    this.over = false;
    // the turn: dice by colour in the cup, drawn and waiting to be rolled, rolled footsteps (rolled
    // again on a roll on), brains and shotguns set aside; brains noted when the cup ran dry
    this.cup = new Int8Array(3);
    this.toRoll = new Int8Array(3);
    this.feet = new Int8Array(3);
    this.brains = new Int8Array(3);
    this.shots = new Int8Array(3);
    this.noted = 0;
    this.phase = DRAW;
    /** turns played, turns ended by shotguns, and what the last turn banked */
    this.turns = 0;
    this.busts = 0;
    this.lastBanked = 0;
    this.tieBreaks = 0;
    this.startTurn();
  }

  startTurn() {
    const r = this.rules;
    this.cup[0] = r.green; this.cup[1] = r.yellow; this.cup[2] = r.red;
    this.toRoll.fill(0); this.feet.fill(0); this.brains.fill(0); this.shots.fill(0);
    this.noted = 0;
    this.phase = DRAW;
  }

  /** Brains this turn would bank if it stopped now. */
  inHand() {
    return this.noted + sum3(this.brains);
  }

  shotguns() {
    return sum3(this.shots);
  }

  currentPlayer() {
    if (this.over) return TERMINAL;
    return this.phase === DECIDE ? this.toMove : CHANCE;
  }

  /** @param {Int32Array} out */
  legalActions(out) {
    out[0] = STOP;
    out[1] = ROLL;
    return 2;
  }

  /** @param {number} action */
  applyAction(action) {
    if (action === STOP) return this.endTurn(this.inHand());
    for (let c = 0; c < 3; c++) this.toRoll[c] += this.feet[c];
    this.feet.fill(0);
    this.phase = DRAW;
    this.settleDraw();
  }

  /** Before a draw: a full hand is rolled; an empty cup takes the brains back (they stay counted). */
  settleDraw() {
    if (sum3(this.toRoll) >= this.rules.hand) this.phase = ROLLING;
    else if (sum3(this.cup) === 0) {
      const b = sum3(this.brains);
      if (b === 0) this.phase = ROLLING; // nothing left to draw: roll what is in hand
      else {
        this.noted += b;
        for (let c = 0; c < 3; c++) this.cup[c] += this.brains[c];
        this.brains.fill(0);
      }
    }
  }

  /** The colour rolled next: the first one waiting. */
  nextColour() {
    return this.toRoll[0] ? 0 : this.toRoll[1] ? 1 : 2;
  }

  /** @param {number} outcome a colour (drawing) or BRAIN / FOOTSTEPS / SHOTGUN (rolling) */
  applyChanceOutcome(outcome) {
    if (this.phase === DRAW) {
      this.cup[outcome]--;
      this.toRoll[outcome]++;
      return this.settleDraw();
    }
    const c = this.nextColour();
    this.toRoll[c]--;
    (outcome === BRAIN ? this.brains : outcome === SHOTGUN ? this.shots : this.feet)[c]++;
    if (sum3(this.toRoll) > 0) return;
    if (this.shotguns() >= this.rules.shotguns) {
      this.busts++;
      this.endTurn(0);
    } else this.phase = DECIDE;
  }

  /** @param {import('oddsmith').Rng} rng */
  applyChance(rng) {
    if (this.phase === DRAW) {
      let r = rng.below(sum3(this.cup)), c = 0;
      while (r >= this.cup[c]) r -= this.cup[c++];
      return this.applyChanceOutcome(c);
    }
    const c = this.nextColour(), face = rng.below(6);
    this.applyChanceOutcome(face < BRAIN_FACES[c] ? BRAIN : face >= 6 - SHOTGUN_FACES[c] ? SHOTGUN : FOOTSTEPS);
  }

  /** @param {Int32Array} outcomes @param {Float64Array} probabilities */
  chanceOutcomes(outcomes, probabilities) {
    let n = 0;
    if (this.phase === DRAW) {
      const total = sum3(this.cup);
      for (let c = 0; c < 3; c++) if (this.cup[c] > 0) { outcomes[n] = c; probabilities[n++] = this.cup[c] / total; }
      return n;
    }
    const c = this.nextColour();
    const p = [BRAIN_FACES[c], 6 - BRAIN_FACES[c] - SHOTGUN_FACES[c], SHOTGUN_FACES[c]];
    for (let k = 0; k < 3; k++) if (p[k] > 0) { outcomes[n] = k; probabilities[n++] = p[k] / 6; }
    return n;
  }

  /** Bank `brains`; the next active seat moves, or the round ends (and maybe the game). @param {number} brains */
  endTurn(brains) {
    this.banked[this.toMove] += brains;
    this.lastBanked = brains;
    this.turns++;
    this.startTurn();
    const P = this.players;
    let next = this.toMove + 1;
    while (next < P && !this.active[next]) next++;
    if (next < P) {
      this.toMove = next;
      return;
    }
    // the round is over: the game ends once someone has the target, unless the leaders tie
    let best = 0, leaders = 0;
    for (let s = 0; s < P; s++) best = Math.max(best, this.banked[s]);
    for (let s = 0; s < P; s++) if (this.banked[s] === best) leaders++;
    if (best >= this.rules.target && (leaders === 1 || this.tieBreaksLeft === 0)) {
      this.over = true;
      return;
    }
    if (best >= this.rules.target) {
      this.tieBreaksLeft--;
      this.tieBreaks++;
      for (let s = 0; s < P; s++) this.active[s] = this.banked[s] === best ? 1 : 0;
    }
    this.toMove = this.active.indexOf(1);
  }

  isTerminal() {
    return this.over;
  }

  /** @param {Float64Array} out */
  returns(out) {
    let best = -1, leaders = 0;
    for (let s = 0; s < this.players; s++) best = Math.max(best, this.banked[s]);
    for (let s = 0; s < this.players; s++) if (this.banked[s] === best) leaders++;
    for (let s = 0; s < this.players; s++) out[s] = this.banked[s] === best ? 1 / leaders : 0;
  }

  /** @param {Float64Array} out */
  scores(out) {
    for (let s = 0; s < this.players; s++) out[s] = this.banked[s];
  }

  /** @param {Float64Array} out */
  runningScores(out) {
    this.scores(out);
  }

  // Perfect information: the dice are on the table, the cup's contents follow from them.
  informationKey() {
    return this.key();
  }

  determinize() {
    return this.clone();
  }

  /**
   * The turn under way as one number (apart from who plays it and the game's scores), for the
   * solver's tables. Which colours the shotguns came from no longer matters: those dice are out.
   */
  turnCode() {
    let code = this.phase;
    for (let c = 0; c < 3; c++) code = ((code * 13 + this.cup[c]) * 7 + this.toRoll[c]) * 7 + this.feet[c];
    for (let c = 0; c < 3; c++) code = code * 13 + this.brains[c];
    return (code * 7 + this.shotguns()) * 128 + this.noted;
  }

  key() {
    return `${this.banked.join(',')}|${this.active.join('')}${this.tieBreaksLeft}|${this.toMove}|${this.over ? 1 : 0}|${this.turnCode()}`;
  }

  clone() {
    const c = /** @type {ZombieDiceState} */ (Object.create(ZombieDiceState.prototype));
    Object.assign(c, this);
    c.banked = this.banked.slice();
    c.active = this.active.slice();
    for (const k of /** @type {const} */ (['cup', 'toRoll', 'feet', 'brains', 'shots'])) c[k] = this[k].slice();
    return c;
  }

  /** @param {number} action */
  actionText(action) {
    return action === STOP ? 'stop' : 'roll';
  }

  toString() {
    const dice = (/** @type {Int8Array} */ a) => a.join('/');
    const turn = `brains ${this.inHand()}, shotguns ${this.shotguns()}, feet ${dice(this.feet)}, cup ${dice(this.cup)}`;
    return `scores ${this.banked.join(',')}; ${this.over ? 'over' : `seat ${this.toMove}: ${turn}`}`;
  }
}
