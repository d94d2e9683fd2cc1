/**
 * The behaviour contract of the game interface (src/games/state.ts), checked on any game: seeded
 * random playouts end; only legal actions are offered (ascending, no duplicates) and each one
 * applies; returns are what the game declares (win/lose: in [0, 1], summing to 1; points: in
 * range); a determinization keeps the seat's information key; a clone is independent; a replay from
 * the same seed is the same game, bit for bit; the game's own players play legal moves only; the
 * rules' defaults and presets are valid. `oddsmith check-game` and test/state.contract.test.ts both
 * run it. Each failure names the method and a seed that reproduces it (`check-game --seed`).
 */
import { Rng } from '../core/rng.js';
import { CHANCE, MAX_ACTIONS, TERMINAL, type GameState, type StateGame, type StatePlayer } from '../games/state.js';
import type { GameDescriptor } from '../games/types.js';
import { makePlayer } from './players.js';

/** One broken promise of the contract. */
export interface ContractFailure {
  /** the method (or part) at fault: "legalActions", "determinize", "players.greedy", "rules.presets.quick" */
  method: string;
  /** the playout's seed that shows it (the check's own seeds; undefined for the rules' checks) */
  seed?: number;
  /** seats at the table */
  players?: number;
  /** what went wrong, one line */
  message: string;
  /** the error thrown, where one was (for --debug) */
  error?: unknown;
}

export interface ContractOptions {
  /** seeds 1..playouts per table size (default 6) */
  playouts?: number;
  /** only this seed (reproduce one failure) */
  seed?: number;
  /** steps after which a playout counts as endless (default 200,000) */
  maxSteps?: number;
  /** play the game's own players too (default true) */
  players?: boolean;
  /** also play the search player (ismcts, few iterations) one game per table (default true) */
  search?: boolean;
}

export interface ContractReport {
  game: string;
  failures: ContractFailure[];
  /** playouts and decisions checked */
  playouts: number;
  decisions: number;
  /** table sizes played */
  tables: number[];
  /** players checked, by spec */
  playersChecked: string[];
}

/** A failure found in a playout (stops that playout). */
class Broken extends Error {
  constructor(readonly method: string, message: string, readonly thrown?: unknown) {
    super(message);
  }
}

const oneLine = (e: unknown): string => String((e as Error)?.message ?? e).split('\n')[0].slice(0, 240);

/** Call `f`; an exception becomes a Broken naming the method and where it happened. */
function guard<T>(method: string, where: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof Broken) throw e;
    throw new Broken(method, `${where}: threw ${(e as Error)?.name ?? 'Error'}: ${oneLine(e)}`, e);
  }
}

interface Trace {
  steps: string[];
  returns: number[];
  decisions: number;
}

/** One seeded playout (uniform random actions, or the given players), checking every step. */
function playout<R>(sg: StateGame<R>, rules: R, players: number, seed: number, maxSteps: number, seatPlayers?: readonly StatePlayer[], playerName?: string, deep = false): Trace {
  const rng = new Rng(seed);
  const state = guard('newGame', `newGame(rules, ${players})`, () => sg.newGame(rules, players));
  if (!state || typeof state !== 'object') throw new Broken('newGame', `newGame(rules, ${players}) returned ${String(state)}, not a GameState`);
  if (state.players !== players) throw new Broken('players', `newGame(rules, ${players}).players is ${String(state.players)}`);
  const actions = new Int32Array(MAX_ACTIONS);
  const steps: string[] = [];
  let decisions = 0;
  for (let step = 0; ; step++) {
    const at = () => `move ${step} (${String(state).slice(0, 120)})`;
    if (step >= maxSteps) throw new Broken('isTerminal', `the game did not end within ${maxSteps} steps: ${String(state).slice(0, 120)}`);
    const who = guard('currentPlayer', at(), () => state.currentPlayer());
    const terminal = guard('isTerminal', at(), () => state.isTerminal());
    if (terminal !== (who === TERMINAL)) throw new Broken('isTerminal', `${at()}: isTerminal() is ${terminal} but currentPlayer() is ${who}`);
    if (who === TERMINAL) break;
    if (who === CHANCE) {
      if (deep && state.chanceOutcomes) checkChanceOutcomes(state, at());
      guard('applyChance', at(), () => state.applyChance(rng));
      steps.push('chance');
      continue;
    }
    if (!(Number.isInteger(who) && who >= 0 && who < players)) throw new Broken('currentPlayer', `${at()}: currentPlayer() is ${who}, neither a seat 0..${players - 1}, CHANCE nor TERMINAL`);
    const n = guard('legalActions', at(), () => state.legalActions(actions));
    if (!(Number.isInteger(n) && n > 0 && n <= MAX_ACTIONS)) throw new Broken('legalActions', `${at()}: returned ${n} (a seat to move has 1..${MAX_ACTIONS} legal actions)`);
    for (let i = 1; i < n; i++) if (!(actions[i] > actions[i - 1])) throw new Broken('legalActions', `${at()}: actions not ascending or repeated (${Array.from(actions.subarray(0, Math.min(n, 12))).join(', ')})`);
    for (let i = 0; i < n; i++) if (actions[i] < 0) throw new Broken('legalActions', `${at()}: action ${actions[i]} is negative`);
    if (deep) checkDecision(state, actions.slice(0, n), rng, players, at());
    let a: number;
    if (seatPlayers) {
      const method = `players.${playerName}`;
      a = guard(method, `${at()}, seat ${who}`, () => seatPlayers[who].act(state, rng));
      let legal = false;
      for (let i = 0; i < n; i++) if (actions[i] === a) legal = true;
      if (!legal) throw new Broken(method, `${at()}: chose ${a}, not one of the legal actions ${Array.from(actions.subarray(0, Math.min(n, 12))).join(', ')}`);
    } else a = actions[rng.below(n)];
    steps.push(`${who}:${a}`);
    guard('applyAction', `${at()}, seat ${who} plays ${a}`, () => state.applyAction(a));
    decisions++;
  }
  const out = new Float64Array(players);
  guard('returns', 'at the end', () => state.returns(out));
  checkReturns(sg, rules, players, out);
  if (state.scores) {
    const scores = new Float64Array(players);
    guard('scores', 'at the end', () => state.scores!(scores));
    for (const v of scores) if (!Number.isFinite(v)) throw new Broken('scores', `at the end: a score is ${v}`);
  }
  return { steps, returns: Array.from(out), decisions };
}

function checkChanceOutcomes(state: GameState, at: string): void {
  const outcomes = new Int32Array(MAX_ACTIONS), probs = new Float64Array(MAX_ACTIONS);
  const n = guard('chanceOutcomes', at, () => state.chanceOutcomes!(outcomes, probs));
  if (n === 0) return;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    if (!(probs[i] > 0 && probs[i] <= 1)) throw new Broken('chanceOutcomes', `${at}: probability ${probs[i]} of outcome ${outcomes[i]}`);
    sum += probs[i];
  }
  if (Math.abs(sum - 1) > 1e-9) throw new Broken('chanceOutcomes', `${at}: probabilities sum to ${sum}, not 1`);
  if (state.applyChanceOutcome) {
    const c = guard('clone', at, () => state.clone());
    guard('applyChanceOutcome', `${at}, outcome ${outcomes[0]}`, () => c.applyChanceOutcome!(outcomes[0]));
  }
}

/** At a decision: every legal action applies (up to 12, spread out); determinize and clone behave. */
function checkDecision(state: GameState, actions: Int32Array, rng: Rng, players: number, at: string): void {
  const n = actions.length;
  const stride = Math.max(1, Math.floor(n / 12));
  for (let i = 0; i < n; i += stride) {
    const c = guard('clone', at, () => state.clone());
    guard('applyAction', `${at}, legal action ${actions[i]} on a clone`, () => c.applyAction(actions[i]));
    const text = guard('actionText', `${at}, action ${actions[i]}`, () => state.actionText(actions[i]));
    if (typeof text !== 'string') throw new Broken('actionText', `${at}: actionText(${actions[i]}) is a ${typeof text}, not a string`);
  }
  const before = String(state);
  const keys = Array.from({ length: players }, (_, s) => guard('informationKey', `${at}, seat ${s}`, () => state.informationKey(s)));
  for (let s = 0; s < players; s++) {
    const d = guard('determinize', `${at}, seat ${s}`, () => state.determinize(s, rng));
    const key = guard('informationKey', `${at}, a determinization for seat ${s}`, () => d.informationKey(s));
    if (key !== keys[s]) throw new Broken('determinize', `${at}: determinize(${s}) changed what seat ${s} knows (informationKey ${JSON.stringify(keys[s].slice(0, 60))} became ${JSON.stringify(String(key).slice(0, 60))})`);
    if (d.currentPlayer() !== state.currentPlayer()) throw new Broken('determinize', `${at}: determinize(${s}) changed the seat to move`);
  }
  // a clone moved on leaves the original as it was
  const c = guard('clone', at, () => state.clone());
  guard('applyAction', `${at}, action ${actions[0]} on a clone`, () => c.applyAction(actions[0]));
  if (String(state) !== before) throw new Broken('clone', `${at}: playing on a clone changed the original (toString before ${JSON.stringify(before.slice(0, 60))}, after ${JSON.stringify(String(state).slice(0, 60))})`);
  for (let s = 0; s < players; s++) if (state.informationKey(s) !== keys[s]) throw new Broken('clone', `${at}: playing on a clone changed the original's informationKey(${s})`);
}

function checkReturns<R>(sg: StateGame<R>, rules: R, players: number, out: Float64Array): void {
  const outcome = sg.outcome?.(rules, players) ?? { kind: 'win-lose' as const };
  const shown = Array.from(out).join(', ');
  for (const v of out) if (!Number.isFinite(v)) throw new Broken('returns', `at the end: returns [${shown}] are not all finite`);
  if (outcome.kind === 'win-lose') {
    for (const v of out) if (v < 0 || v > 1) throw new Broken('returns', `at the end: returns [${shown}]: a win/lose game returns each seat's share in [0, 1]`);
    const sum = out.reduce((a, b) => a + b, 0);
    if (Math.abs(sum - 1) > 1e-9) throw new Broken('returns', `at the end: returns [${shown}] sum to ${sum}; a win/lose game's sum to 1 (ties split), or declare state.outcome points`);
  } else {
    for (const v of out) if (v < outcome.min || v > outcome.max) throw new Broken('returns', `at the end: return ${v} is outside the declared points range [${outcome.min}, ${outcome.max}]`);
  }
}

/** Check a game's contract: its rules, seats, playouts, replays, players. */
export async function checkContract(g: GameDescriptor, opts: ContractOptions = {}): Promise<ContractReport> {
  const failures: ContractFailure[] = [];
  const report: ContractReport = { game: g.id, failures, playouts: 0, decisions: 0, tables: [], playersChecked: [] };
  const maxSteps = opts.maxSteps ?? 200_000;
  const seeds = opts.seed !== undefined ? [opts.seed] : Array.from({ length: opts.playouts ?? 6 }, (_, i) => i + 1);
  const rulesModule = await g.rules();
  // the rules: the defaults (and every preset) are valid
  let rules: unknown;
  try {
    rules = rulesModule.loadRules();
  } catch (e) {
    failures.push({ method: 'rules.fields', message: `the fields' defaults are not valid rules: ${oneLine(e)}`, error: e });
    return report;
  }
  if (!g.state) {
    failures.push({ method: 'state', message: 'the game declares no state interface' });
    return report;
  }
  const sg = await g.state();
  const seatsOf = (): { min: number; max: number; default: number } | undefined => {
    try {
      return sg.seats(rules);
    } catch (e) {
      failures.push({ method: 'state.seats', message: `seats(rules) threw: ${oneLine(e)}`, error: e });
      return undefined;
    }
  };
  const seats = seatsOf();
  if (!seats) return report;
  const whole = (x: number) => Number.isInteger(x) && x >= 1;
  if (!(whole(seats.min) && whole(seats.default) && whole(seats.max) && seats.min <= seats.default && seats.default <= seats.max)) {
    failures.push({ method: 'state.seats', message: `seats(rules) is ${JSON.stringify(seats)}: whole numbers with 1 ≤ min ≤ default ≤ max` });
    return report;
  }
  const tables = [...new Set([seats.min, seats.default, Math.min(seats.max, seats.default + 1)])];
  report.tables = tables;
  const fail = (e: unknown, seed: number, players: number, method?: string) => {
    if (e instanceof Broken) failures.push({ method: e.method, seed, players, message: e.message, error: e.thrown ?? e });
    else failures.push({ method: method ?? 'play', seed, players, message: `threw ${(e as Error)?.name ?? 'Error'}: ${oneLine(e)}`, error: e });
  };
  const broken = new Set<string>();
  const once = (f: ContractFailure) => {
    const key = `${f.method}@${f.players}`;
    if (broken.has(key)) return false;
    broken.add(key);
    return true;
  };
  const record = (e: unknown, seed: number, players: number, method?: string) => {
    const before = failures.length;
    fail(e, seed, players, method);
    // one failure per method and table: the first seed that shows it
    if (!once(failures[failures.length - 1])) failures.length = before;
  };

  // random playouts, the first seed of each table checked at every decision
  for (const players of tables) {
    for (const seed of seeds) {
      try {
        const t = playout(sg, rules, players, seed, maxSteps, undefined, undefined, seed === seeds[0]);
        report.playouts++;
        report.decisions += t.decisions;
      } catch (e) {
        record(e, seed, players);
      }
    }
  }
  // a replay from the same seed is the same game
  for (const seed of seeds.slice(0, 4)) {
    try {
      const a = playout(sg, rules, seats.default, seed, maxSteps);
      const b = playout(sg, rules, seats.default, seed, maxSteps);
      const diverges = a.steps.findIndex((s, i) => b.steps[i] !== s);
      if (diverges >= 0 || a.steps.length !== b.steps.length) record(new Broken('replay', `two playouts from the same seed differ from step ${diverges >= 0 ? diverges : Math.min(a.steps.length, b.steps.length)} (${a.steps[diverges] ?? 'end'} vs ${b.steps[diverges] ?? 'end'}): the game draws from something besides its rng (Math.random, time, shared state)`), seed, seats.default);
      else if (a.returns.some((r, i) => !Object.is(r, b.returns[i]))) record(new Broken('replay', `two playouts from the same seed end with different returns ([${a.returns.join(', ')}] vs [${b.returns.join(', ')}])`), seed, seats.default);
    } catch (e) {
      record(e, seed, seats.default);
    }
  }
  // the game's own players (and the search player): legal moves only, whole games at the usual table
  if (opts.players !== false) {
    const specs = [...sg.playerNames, ...(opts.search === false ? [] : ['ismcts:iters=10'])];
    for (const spec of specs) {
      const method = spec.startsWith('ismcts') ? 'players.ismcts' : `players.${spec}`;
      let atSeat: StatePlayer[];
      try {
        atSeat = Array.from({ length: seats.default }, (_, s) => makePlayer(sg, rules, spec, s, seats.default));
      } catch (e) {
        // a player may refuse these rules as a user error (an exact solver too small for them)
        if ((e as Error)?.name === 'UserError') continue;
        failures.push({ method, players: seats.default, message: `making it threw ${(e as Error)?.name ?? 'Error'}: ${oneLine(e)}`, error: e });
        continue;
      }
      report.playersChecked.push(spec);
      for (const seed of spec.startsWith('ismcts') ? seeds.slice(0, 1) : seeds.slice(0, 3)) {
        try {
          const t = playout(sg, rules, seats.default, seed, maxSteps, atSeat, spec.split(':')[0]);
          report.playouts++;
          report.decisions += t.decisions;
        } catch (e) {
          record(e instanceof Broken && e.method === `players.${spec.split(':')[0]}` ? new Broken(method, e.message, e.thrown) : e, seed, seats.default, method);
        }
      }
    }
  }
  // the presets are valid rules
  const presets = presetNamesOf(g);
  for (const name of presets) {
    try {
      rulesModule.loadRules(name);
    } catch (e) {
      failures.push({ method: `rules.presets.${name}`, message: `not valid rules: ${oneLine(e)}`, error: e });
    }
  }
  return report;
}

/** Preset names a descriptor made from a definition knows (built-ins keep theirs in rules/). */
function presetNamesOf(g: GameDescriptor): string[] {
  return [...(g.presets ?? [])];
}

/** One line per failure: `<game>: <method>: seed S, N players: <message>`. */
export function contractLines(r: ContractReport): string[] {
  return r.failures.map((f) => `${r.game}: ${f.method}: ${f.seed !== undefined ? `seed ${f.seed}, ${f.players} players: ` : ''}${f.message}`);
}
