// The exact one-turn expectimax of Zombie Dice: from any point of a turn, the most brains a player
// can expect to bank this turn, and whether rolling on beats stopping. Exact because the dice are
// few: the turn is walked over the game's own chance outcomes, every distinct turn state once.
import { ZombieDiceState, ROLL } from './state.js';

/** @typedef {import('./state.js').ZombieDiceRules} ZombieDiceRules */

const sum = (/** @type {Int8Array} */ a) => a[0] + a[1] + a[2];

/**
 * The one-turn solver for these rules: `value(state)` is the expected brains banked from `state` to
 * the end of the turn under the best stopping, `rollsOn(state)` whether rolling on is the better
 * choice at a decision (ties go to stopping). Brains can be returned to the cup, so a turn has no
 * last decision: at `cap` brains in hand the solver stops (a test shows a higher cap changes
 * nothing it reports).
 * @param {ZombieDiceRules} rules @param {number} cap
 */
export function oneTurnSolver(rules, cap = 20) {
  /** @type {Map<number, number>} */
  const decisions = new Map();
  /** @type {Map<number, number>} */
  const rollValues = new Map();
  /** chance states by turn code, under each decision that a roll can come back to (−1: none) */
  /** @type {Map<number, Map<number, [number, number]>>} */
  const chance = new Map();
  const outcomes = new Int32Array(8), probabilities = new Float64Array(8);

  /**
   * Expected brains from a state inside a turn, split as [a, loop]: `loop` is the chance of
   * coming back to the decision `root` (all dice footsteps again), which the caller solves for.
   * @param {ZombieDiceState} s @param {number} turns the turn count when the turn began @param {number} root
   * @returns {[number, number]}
   */
  function walk(s, turns, root) {
    if (s.turns !== turns) return [s.lastBanked, 0];
    const k = s.turnCode();
    if (s.currentPlayer() === s.toMove) return k === root ? [0, 1] : [decide(s), 0];
    let memo = chance.get(root);
    if (!memo) chance.set(root, (memo = new Map()));
    const seen = memo.get(k);
    if (seen) return seen;
    const n = s.chanceOutcomes(outcomes, probabilities);
    const os = Array.from(outcomes.subarray(0, n)), ps = Array.from(probabilities.subarray(0, n));
    let a = 0, loop = 0;
    for (let i = 0; i < n; i++) {
      const c = /** @type {ZombieDiceState} */ (s.clone());
      c.applyChanceOutcome(os[i]);
      const [ca, cl] = walk(c, turns, root);
      a += ps[i] * ca;
      loop += ps[i] * cl;
    }
    /** @type {[number, number]} */
    const result = [a, loop];
    memo.set(k, result);
    return result;
  }

  /** The expected brains of rolling on at a decision. @param {ZombieDiceState} s */
  function rollValue(s) {
    const k = s.turnCode();
    let v = rollValues.get(k);
    if (v === undefined) {
      const c = /** @type {ZombieDiceState} */ (s.clone());
      c.applyAction(ROLL);
      // V = a + loop·V when rolling on is kept up through all-footsteps rolls
      // only a roll on that draws nothing can come back here
      const loops = sum(s.feet) >= rules.hand || sum(s.cup) === 0;
      const [a, loop] = walk(c, s.turns, loops ? k : -1);
      v = a / (1 - loop);
      rollValues.set(k, v);
    }
    return v;
  }

  /** @param {ZombieDiceState} s */
  function decide(s) {
    const k = s.turnCode();
    let v = decisions.get(k);
    if (v === undefined) {
      v = s.inHand() >= cap ? s.inHand() : Math.max(s.inHand(), rollValue(s));
      decisions.set(k, v);
    }
    return v;
  }

  return {
    /** @param {ZombieDiceState} s a state inside a turn (a decision or a chance event) */
    value: (s) => walk(s, s.turns, -1)[0],
    /** @param {ZombieDiceState} s a decision */
    rollsOn: (s) => s.inHand() < cap && rollValue(s) > s.inHand(),
    /** @param {ZombieDiceState} s a decision */
    rollValue,
    /** distinct turn states solved so far */
    size: () => decisions.size + [...chance.values()].reduce((n, m) => n + m.size, 0),
  };
}

/**
 * The stop table: over the decisions an expectimax player meets in its turns, by shotguns and
 * brains in hand, how often each comes up (per turn) and the share of them at which rolling on is
 * right. Exact: the turn's chance tree is walked with the reach of every state.
 * @param {ZombieDiceRules} rules @param {number} maxBrains brains at or over this are one row
 * @returns {{ shotguns: number, brains: number, reach: number, rollOn: number }[]}
 */
export function stopTable(rules, maxBrains = 12) {
  const solver = oneTurnSolver(rules);
  const outcomes = new Int32Array(8), probabilities = new Float64Array(8);
  /** reach and the reach of roll-on decisions, by shotguns · (maxBrains + 1) + brains */
  const cells = rules.shotguns * (maxBrains + 1);
  const reach = new Float64Array(cells), rollReach = new Float64Array(cells);
  // visits are added level by level: a state's reach is complete once every state before it is expanded
  /** @type {Map<number, { state: ZombieDiceState, p: number }>} */
  let level = new Map();
  const start = new ZombieDiceState({ ...rules, target: 1e9 }, 2);
  level.set(start.turnCode(), { state: start, p: 1 });
  while (level.size > 0) {
    /** @type {Map<number, { state: ZombieDiceState, p: number }>} */
    const next = new Map();
    const add = (/** @type {ZombieDiceState} */ s, /** @type {number} */ p) => {
      // the all-footsteps loop never quite ends: mass below 1e-15 is dropped
      if (s.turns !== 0 || p < 1e-15) return;
      const k = s.turnCode(), e = next.get(k);
      if (e) e.p += p;
      else next.set(k, { state: s, p });
    };
    for (const { state: s, p } of level.values()) {
      if (s.currentPlayer() === s.toMove) {
        const cell = Math.min(s.shotguns(), rules.shotguns - 1) * (maxBrains + 1) + Math.min(s.inHand(), maxBrains);
        reach[cell] += p;
        if (!solver.rollsOn(s)) continue;
        rollReach[cell] += p;
        const c = /** @type {ZombieDiceState} */ (s.clone());
        c.applyAction(ROLL);
        add(c, p);
        continue;
      }
      const n = s.chanceOutcomes(outcomes, probabilities);
      const os = Array.from(outcomes.subarray(0, n)), ps = Array.from(probabilities.subarray(0, n));
      for (let i = 0; i < n; i++) {
        const c = /** @type {ZombieDiceState} */ (s.clone());
        c.applyChanceOutcome(os[i]);
        add(c, p * ps[i]);
      }
    }
    level = next;
  }
  const rows = [];
  for (let sh = 0; sh < rules.shotguns; sh++) {
    for (let b = 0; b <= maxBrains; b++) {
      const i = sh * (maxBrains + 1) + b;
      if (reach[i] > 0) rows.push({ shotguns: sh, brains: b, reach: reach[i], rollOn: rollReach[i] / reach[i] });
    }
  }
  return rows;
}

/**
 * The stop table as Markdown: a row per brains in hand, a column per shotguns taken; each cell the
 * share of those decisions at which rolling on is right, and how often a turn meets one.
 * @param {ReturnType<typeof stopTable>} rows
 */
export function stopTableMarkdown(rows) {
  const shotguns = Math.max(...rows.map((r) => r.shotguns)) + 1;
  const head = Array.from({ length: shotguns }, (_, s) => `${s} shotgun${s === 1 ? '' : 's'}`);
  const lines = [`| brains | ${head.join(' | ')} |`, `|---:|${head.map(() => '---:|').join('')}`];
  const maxBrains = Math.max(...rows.map((r) => r.brains));
  for (let b = 0; b <= maxBrains; b++) {
    const cells = head.map((_, s) => {
      const r = rows.find((x) => x.shotguns === s && x.brains === b);
      return r ? `${(100 * r.rollOn).toFixed(0)}% (${r.reach.toFixed(3)})` : '';
    });
    lines.push(`| ${b === maxBrains ? `${b}+` : b} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}
