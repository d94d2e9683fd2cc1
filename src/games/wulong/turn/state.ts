/**
 * One Wulong turn through the game interface (src/games/state.ts), as the exact turn solver
 * (exact.ts `solve`) sees it: one player rolls (chance: the roll classes of the dice left, with
 * their probabilities), sets dice aside and rolls on or banks; its return is the score banked (0
 * on a bust). This is the part of the game the exact tools' `wulong optimal --part turn` solves.
 *
 * A turn could roll on forever (hot dice); past the solver's cap — the one-stage look-ahead bound,
 * beyond which one more roll loses on average and stopping is optimal (exact.ts) — the turn banks,
 * as the solver's tables do, so the part is finite and its optimum is the turn's.
 */
import { UserError } from '../../../core/errors.js';
import type { Rng } from '../../../core/rng.js';
import { CHANCE, TERMINAL, type GameState, type SubGame } from '../../state.js';
import { lookaheadCap, nextDice } from './exact.js';
import type { WulongRules } from './rules.js';
import { tablesFor, type Tables } from './tables.js';

const PH_ROLL = 0, PH_KEEP = 1, PH_OVER = 2;
/** Actions after a scoring roll: set-aside choice i, then roll on (2i) or bank (2i + 1). */
export const TURN_ROLL = 0, TURN_STOP = 1;

export class WulongTurnState implements GameState {
  readonly players = 1;
  private readonly tables: Tables;
  /** the turn's last total index (score / unit) from which it may roll on */
  readonly cap: number;
  private phase = PH_ROLL;
  /** total index (score / unit), dice to roll (or just rolled), the roll's class among n dice */
  private total = 0;
  private dice: number;
  private roll = -1;
  private banked = 0;

  constructor(readonly rules: WulongRules) {
    this.tables = tablesFor(rules);
    const capScore = Math.max(lookaheadCap(this.tables), rules.minimumBank);
    if (!Number.isFinite(capScore)) throw new UserError(`${rules.name ?? 'these rules'}: some number of dice can never bust, so a turn never has to end`);
    this.cap = Math.ceil(capScore / this.tables.unit) + 1;
    this.dice = this.tables.dice;
  }

  currentPlayer(): number {
    return this.phase === PH_ROLL ? CHANCE : this.phase === PH_KEEP ? 0 : TERMINAL;
  }

  isTerminal(): boolean {
    return this.phase === PH_OVER;
  }

  legalActions(out: Int32Array): number {
    const choices = this.tables.classes[this.dice][this.roll].choices, unit = this.tables.unit;
    let n = 0;
    for (let i = 0; i < choices.length; i++) {
      const nt = this.total + choices[i].score / unit, nn = nextDice(this.tables, this.dice, choices[i].used);
      if (nn > 0 && nt < this.cap) out[n++] = 2 * i + TURN_ROLL;
      if (nn === 0 || nt >= this.cap || nt * unit >= this.rules.minimumBank) out[n++] = 2 * i + TURN_STOP;
    }
    return n;
  }

  applyAction(action: number): void {
    const ch = this.tables.classes[this.dice][this.roll].choices[action >> 1];
    this.total += ch.score / this.tables.unit;
    this.dice = nextDice(this.tables, this.dice, ch.used);
    if ((action & 1) === TURN_STOP || this.dice === 0 || this.total >= this.cap) return this.end(this.total * this.tables.unit);
    this.phase = PH_ROLL;
  }

  applyChance(rng: Rng): void {
    const n = this.dice;
    this.applyChanceOutcome(this.tables.classOfRoll[n][rng.below(this.tables.outcomes[n])]);
  }

  chanceOutcomes(outcomes: Int32Array, probabilities: Float64Array): number {
    const cls = this.tables.classes[this.dice], all = this.tables.outcomes[this.dice];
    for (let c = 0; c < cls.length; c++) {
      outcomes[c] = c;
      probabilities[c] = cls[c].weight / all;
    }
    return cls.length;
  }

  applyChanceOutcome(c: number): void {
    const k = this.tables.classes[this.dice][c];
    this.roll = c;
    if (k.bust) return this.end(0);
    if (k.instantWin) return this.end(this.total * this.tables.unit + (this.rules.instantWin?.value ?? 0));
    this.phase = PH_KEEP;
  }

  private end(score: number): void {
    this.banked = score;
    this.phase = PH_OVER;
  }

  returns(out: Float64Array): void {
    out[0] = this.banked;
  }

  scores(out: Float64Array): void {
    out[0] = this.banked;
  }

  informationKey(): string {
    return this.key();
  }

  key(): string {
    return this.phase === PH_OVER ? `banked ${this.banked}` : `${this.phase === PH_ROLL ? 'roll' : `keep ${this.roll}`} ${this.total} ${this.dice}`;
  }

  determinize(): WulongTurnState {
    return this.clone();
  }

  clone(): WulongTurnState {
    const c = Object.create(WulongTurnState.prototype) as WulongTurnState;
    return Object.assign(c, this);
  }

  actionText(action: number): string {
    const ch = this.tables.classes[this.dice][this.roll].choices[action >> 1];
    return `keep ${ch.score} (${ch.used} ${ch.used === 1 ? 'die' : 'dice'}), ${(action & 1) === TURN_STOP ? 'bank' : 'roll on'}`;
  }

  toString(): string {
    const t = this.total * this.tables.unit;
    if (this.phase === PH_OVER) return `turn over, ${this.banked} banked`;
    if (this.phase === PH_ROLL) return `total ${t}, rolling ${this.dice} ${this.dice === 1 ? 'die' : 'dice'}`;
    const faces = this.tables.classes[this.dice][this.roll].counts.flatMap((k, f) => Array.from({ length: k }, () => this.rules.faces[f].id));
    return `total ${t}, rolled ${faces.join(' ')}`;
  }
}

/** The turn as a part of the game for the exact tools (StateGame.subGames). */
export const turnPart: SubGame<WulongRules> = {
  summary: 'one turn: roll, set aside, roll on or bank; returns the score banked (0 on a bust)',
  players: 1,
  newGame: (rules) => new WulongTurnState(rules),
};
