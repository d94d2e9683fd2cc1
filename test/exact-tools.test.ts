/**
 * The exact tools over the game interface (src/exact) against the specialized solvers they
 * generalize: expectimax on the Wulong turn equals `wulong solve` (the rulebook's 3,713.60 and the
 * value of rolling at every total and dice count, i.e. every stop threshold), Pig's turn holds at
 * 20, Can't Stop's turn equals `cant-stop odds --turn`; the generic CFR family on the Liar's Dice
 * duel computes the specialized solver's iterates (value and exploitability to 1e-9, every
 * variant); Kuhn poker (examples/kuhn-poker) is worth −1/18 to the first player.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Rng } from '../src/core/rng.js';
import { NODE_CHANCE, buildTree } from '../src/exact/tree.js';
import { ALGORITHMS, SCHEDULES, TreeCfr, exploitability, profileValue } from '../src/exact/cfr.js';
import { solveOptimal } from '../src/exact/optimal.js';
import { exactFilePlayer } from '../src/exact/players.js';
import { enumerateOdds } from '../src/exact/enumerate.js';
import { exactAnswer, PAGE_BUDGET } from '../src/exact/summary.js';
import { LiarsSolver, SCHEDULES as LIARS_SCHEDULES, type Algorithm, type Variant } from '../src/games/liars-dice/exact-cfr.js';
import { LiarsDuelState } from '../src/games/liars-dice/duel-state.js';
import { WulongTurnState } from '../src/games/wulong/turn/state.js';
import { loadRules as wulongRules } from '../src/games/wulong/turn/rules.js';
import { expectedTurnScore, solve } from '../src/games/wulong/turn/exact.js';
import { tablesFor } from '../src/games/wulong/turn/tables.js';
import { OPTIMAL } from '../src/games/wulong/turn/strategy.js';
import { CantStopTurnState } from '../src/games/cant-stop/state.js';
import { OptimalTurn } from '../src/games/cant-stop/exact.js';
import { loadRules as cantStopRules } from '../src/games/cant-stop/rules.js';
// @ts-expect-error -- a plain-JS example game (typed by its JSDoc for tsc --checkJs, not here)
import { KuhnState } from '../examples/kuhn-poker/state.js';
// @ts-expect-error -- a plain-JS example game, as Kuhn poker
import { LeducState } from '../examples/leduc-poker/state.js';
import { runCli } from './helpers/cli.js';

describe('optimal: expectimax over key()', () => {
  it('the Wulong turn equals wulong solve: 3,713.60 and the value of rolling at every (total, dice)', () => {
    const rules = wulongRules();
    const sol = solveOptimal(new WulongTurnState(rules));
    const dp = solve(tablesFor(rules), OPTIMAL);
    expect(sol.value).toBeCloseTo(expectedTurnScore(dp), 9);
    expect(sol.value.toFixed(2)).toBe('3713.60');
    // every roll state met: its value is the DP's rollValue (stop exactly where the total reaches it)
    const S = dp.tables.dice + 1;
    let compared = 0;
    for (const [key, v] of sol.values) {
      const m = /^roll (\d+) (\d+)$/.exec(key);
      if (!m) continue;
      const t = Number(m[1]), n = Number(m[2]);
      expect(Math.abs(v - dp.rollValue[t * S + n])).toBeLessThan(1e-9 * Math.max(1, v));
      compared++;
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('a Pig turn holds at 20 (Neller & Presser) and equals the DP', () => {
    const rules = wulongRules('farkle/pig');
    const sol = solveOptimal(new WulongTurnState(rules));
    expect(sol.value).toBeCloseTo(expectedTurnScore(solve(tablesFor(rules), OPTIMAL)), 9);
    let checked = 0;
    for (const [key, d] of sol.policy) {
      const total = Number(/^keep \d+ (\d+) /.exec(key)![1]);
      const after = total + Number(/keep (\d+)/.exec(d.text)![1]);
      // at exactly 20 rolling and banking are worth the same
      if (after === 20) continue;
      expect(d.text.endsWith('roll on'), `${key}: ${d.text}`).toBe(after < 20);
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  });

  it("Can't Stop's turn equals the specialized turn solver (tiny board; the full board is 0.7142 by the CLI)", () => {
    const rules = cantStopRules('tiny');
    const sol = solveOptimal(new CantStopTurnState(rules));
    const turn = new OptimalTurn(rules).result;
    expect(sol.value).toBeCloseTo(turn.progress, 12);
    expect(sol.decisions).toBe(turn.states);
  });

  it('refuses two deciders, and a game without key()', () => {
    expect(() => solveOptimal(new KuhnState())).toThrow(/seats 0 and 1 both decide/);
    const noKey = Object.assign(new KuhnState(), { key: undefined });
    expect(() => solveOptimal(noKey)).toThrow(/no key\(\)/);
  });
});

describe('equilibrium: the CFR family over information keys', () => {
  it('Kuhn poker: −1/18 for the first player, exploitability → 0', () => {
    const tree = buildTree(new KuhnState(), { publicStates: true });
    expect([tree.nodes, tree.infosets]).toEqual([55, 12]);
    const cfr = new TreeCfr(tree, 'pcfr+');
    cfr.iterate(3000);
    const p = cfr.profile();
    // r0 − r1 is twice seat 0's chips
    expect(profileValue(tree, p) / 2).toBeCloseTo(-1 / 18, 5);
    expect(exploitability(tree, p).exploitability / 2).toBeLessThan(1e-5);
  });

  it('Leduc poker: exploitability falls and the value approaches OpenSpiel\'s -0.0856064 for the first player', () => {
    const tree = buildTree(new LeducState(), { publicStates: true });
    // OpenSpiel's leduc_poker has 9,457 histories; information sets by rank (suits never matter)
    expect([tree.nodes, tree.infosets]).toEqual([9457, 288]);
    const cfr = new TreeCfr(tree, 'pcfr+');
    const value = () => profileValue(tree, cfr.profile()) / 2;
    cfr.iterate(64);
    const e64 = cfr.choose().exploitability / 2, v64 = value();
    cfr.iterate(448);
    const e512 = cfr.choose().exploitability / 2, v512 = value();
    expect(e512).toBeLessThan(e64 / 10);
    expect(e512).toBeLessThan(2e-3);
    expect(Math.abs(v512 + 0.0856064)).toBeLessThan(Math.abs(v64 + 0.0856064));
    expect(Math.abs(v512 + 0.0856064)).toBeLessThan(1e-4);
  });

  it('both solvers read the one table of schedules, one for every algorithm', () => {
    expect(LIARS_SCHEDULES).toBe(SCHEDULES);
    expect(Object.keys(SCHEDULES)).toEqual(ALGORITHMS);
  });

  // Every algorithm in every variant computes the specialized solver's iterates. Regrets are in
  // other units (the generic weighs each state by the chance of both hands, the specialized solver
  // by the other's only) and summed in another order; where the exact regrets of an information set
  // are all 0, the specialized solver's rounding (1e-21) can make one positive, and regret matching
  // then plays it purely: the iterates part there (pcfr+ on six faces from iteration 3, dcfr on the
  // seed variant's four at 48). Four faces: 1,500 iterations (40 for dcfr); six faces: the first 2,
  // and 50 on the plain variant, which has no such tie.
  const variants: Variant[] = ['seed', 'openspiel', 'plain'];
  const algorithms: Algorithm[] = ['cfr+', 'pcfr+', 'dcfr', 'pcfr+last'];
  const agree = (tree: ReturnType<typeof buildTree>, variant: Variant, sides: number, algorithm: Algorithm, steps: number[]) => {
    const g = new TreeCfr(tree, algorithm);
    const s = new LiarsSolver({ variant, dice: [1, 1], sides }, { algorithm });
    for (const n of steps) {
      g.iterate(n);
      s.iterate(n);
      const ge = g.choose(), se = s.schedule.lastIterate ? s.chooseProfile() : s.exploitability();
      // the profiles chosen (pcfr+last: each seat's better of its average and its current strategy)
      expect(Math.abs(profileValue(tree, g.profile()) - s.value0()), `${algorithm} at ${g.iterations}`).toBeLessThan(1e-9);
      expect(Math.abs(ge.exploitability - se.exploitability), `${algorithm} at ${g.iterations}`).toBeLessThan(1e-9);
    }
  };
  for (const variant of variants) {
    it(`Liar's Dice 1v1 ${variant}, four faces: every algorithm's iterates are the specialized solver's (1e-9)`, () => {
      const tree = buildTree(new LiarsDuelState(variant, 1, 4), { publicStates: true });
      expect(tree.publicStates).toBe(256);
      for (const algorithm of algorithms) agree(tree, variant, 4, algorithm, algorithm === 'dcfr' ? [1, 9, 30] : [1, 9, 90, 400, 1000]);
    });
    it(`Liar's Dice 1v1 ${variant}, six faces: every algorithm's iterates are the specialized solver's (1e-9)`, () => {
      const tree = buildTree(new LiarsDuelState(variant, 1, 6), { publicStates: true });
      for (const algorithm of algorithms) agree(tree, variant, 6, algorithm, variant === 'plain' ? [1, 9, 40] : [1, 1]);
    });
  }

  it('pcfr+ on the duel (openspiel, six faces) converges with the specialized solver past their rounding', () => {
    const tree = buildTree(new LiarsDuelState('openspiel', 1, 6), { publicStates: true });
    const g = new TreeCfr(tree, 'pcfr+');
    const s = new LiarsSolver({ variant: 'openspiel', dice: [1, 1], sides: 6 }, { algorithm: 'pcfr+' });
    g.iterate(100);
    s.iterate(100);
    const ge = g.choose().exploitability, se = s.exploitability().exploitability;
    expect(Math.abs(ge - se) / se).toBeLessThan(0.05);
    expect(Math.abs(profileValue(tree, g.profile()) - s.value0())).toBeLessThan(ge + se);
  });

  it('without its public states the tree refuses the schedules that need them', () => {
    const tree = buildTree(new LiarsDuelState('plain', 1, 2));
    expect(() => new TreeCfr(tree, 'pcfr+')).toThrow(/public states/);
  });
});

describe('exact answers on a page (within a budget)', () => {
  it('Kuhn poker solved to the target, Can\'t Stop\'s turn equal to its solver, a tree past the budget refused', () => {
    const kuhn = exactAnswer(new KuhnState(), 'kuhn-poker', 'equilibrium');
    expect(kuhn.value).toBeCloseTo(-1 / 18, 4);
    expect(kuhn.exploitability).toBeLessThanOrEqual(PAGE_BUDGET.target);
    expect([kuhn.nodes, kuhn.infosets]).toEqual([55, 12]);
    const rules = cantStopRules('tiny');
    const turn = exactAnswer(new CantStopTurnState(rules), 'cant-stop turn', 'optimal --part turn');
    expect(turn.value).toBeCloseTo(new OptimalTurn(rules).result.progress, 12);
    const small = exactAnswer(new LeducState(), 'leduc-poker', 'equilibrium', { ...PAGE_BUDGET, nodes: 1000 });
    expect(small.value).toBeUndefined();
    expect(small.refused).toMatch(/^leduc-poker: its tree has more than 1,000 nodes/);
  });
});

describe('the commands', () => {
  const dir = mkdtempSync(join(tmpdir(), 'exact-tools-'));

  it('wulong optimal --part turn --rules farkle/pig writes a policy that optimal:<file> plays', () => {
    const out = join(dir, 'pig.json');
    const r = runCli(['wulong', 'optimal', '--part', 'turn', '--rules', 'farkle/pig', '--out', out]);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/value: 8\.1418/);
    const file = JSON.parse(readFileSync(out, 'utf8'));
    expect(file.kind).toBe('optimal');
    const player = exactFilePlayer(`optimal:${out}`)!;
    const s = new WulongTurnState(wulongRules('farkle/pig'));
    const rng = new Rng(3);
    s.applyChance(rng);
    while (!s.isTerminal()) {
      if (s.currentPlayer() < 0) s.applyChance(rng);
      else s.applyAction(player.act(s, rng));
    }
  });

  it('liars equilibrium --part duel: the specialized value; its strategy file measured by duplicate-exploit', () => {
    const out = join(dir, 'duel.json');
    const set = ['--set', 'dicePerPlayer=1', '--set', 'sides=3'];
    const r = runCli(['liars', 'equilibrium', '--part', 'duel', ...set, '--target', '1e-7', '--out', out, '--json']);
    expect(r.stderr).toBe('');
    const eq = JSON.parse(r.stdout);
    expect(eq.exploitability).toBeLessThanOrEqual(1e-7);
    // the specialized solver's value in win-rate terms: (1 + value) / 2
    const s = new LiarsSolver({ variant: 'seed', dice: [1, 1], sides: 3 });
    s.iterate(20000);
    expect(eq.value0).toBeCloseTo((1 + s.value0()) / 2, 5);
    const x = runCli(['liars', 'duplicate-exploit', '--part', 'duel', ...set, '--strategy', `equilibrium:${out}`, '--json']);
    expect(x.stderr).toBe('');
    expect(JSON.parse(x.stdout).exploitability).toBeLessThan(2e-7);
  });

  it('equilibrium --checkpoint: a solve stopped and continued equals one run straight through', () => {
    const state = join(dir, 'duel.state'), a = join(dir, 'a.json'), b = join(dir, 'b.json');
    const args = ['liars', 'equilibrium', '--part', 'duel', '--set', 'dicePerPlayer=1', '--set', 'sides=4', '--algorithm', 'pcfr+', '--target', '1e-15'];
    const first = runCli([...args, '--iterations', '50', '--checkpoint', state]);
    expect(first.stderr).toBe('');
    expect(first.stdout).toMatch(/state saved to .* at iteration 50/);
    const resumed = JSON.parse(runCli([...args, '--iterations', '300', '--checkpoint', state, '--out', a, '--json']).stdout);
    const straight = JSON.parse(runCli([...args, '--iterations', '300', '--out', b, '--json']).stdout);
    expect(resumed.checkpoint).toMatchObject({ continuedFrom: 50, savedAt: 300 });
    expect(resumed.iterations).toBe(300);
    expect(resumed.value0).toBe(straight.value0);
    expect(resumed.exploitability).toBe(straight.exploitability);
    // the strategies, bit for bit
    expect(readFileSync(a, 'utf8')).toBe(readFileSync(b, 'utf8'));
    // another algorithm's solve is not continued from it
    const other = runCli([...args.slice(0, -4), '--algorithm', 'dcfr', '--checkpoint', state]);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/^oddsmith: checkpoint file .* holds a solve of liars-dice duel, 2 seats, pcfr\+, 8,177 nodes; this command asks for .*dcfr/);
  });

  it('equilibrium --workers: 1, 2 and 3 threads give the same strategy file and values, bit for bit', () => {
    const args = ['liars', 'equilibrium', '--part', 'duel', '--set', 'dicePerPlayer=1', '--set', 'sides=4', '--algorithm', 'pcfr+', '--iterations', '200', '--target', '1e-15', '--json'];
    const runs = [1, 2, 3].map((w) => {
      const out = join(dir, `w${w}.json`);
      const r = runCli([...args, '--workers', String(w), '--out', out]);
      expect(r.stderr).toBe('');
      const j = JSON.parse(r.stdout);
      return { file: readFileSync(out, 'utf8'), value0: j.value0, exploitability: j.exploitability, convergence: j.convergence.map((p: { value0: number; exploitability: number }) => [p.value0, p.exploitability]) };
    });
    for (const r of runs.slice(1)) expect(r).toEqual(runs[0]);
    // the stores themselves, on Leduc poker (root: the deal), for every algorithm
    const tree = buildTree(new LeducState(), { publicStates: true });
    // split by the deal: the root is chance, its outcomes shared out in task groups
    expect([tree.kind[0], tree.count[0]]).toEqual([NODE_CHANCE, 6]);
    for (const algorithm of ['cfr+', 'dcfr', 'pcfr+last'] as const) {
      const one = new TreeCfr(tree, algorithm, { threads: 1 }), two = new TreeCfr(tree, algorithm, { threads: 2 });
      one.iterate(30);
      two.iterate(30);
      two.close();
      expect(two.stores().map((a) => Array.from(a))).toEqual(one.stores().map((a) => Array.from(a)));
    }
  });

  it('enumerate: the Pig policy\'s value by walking every roll, and the duel equilibrium\'s by every deal and bid', () => {
    const pig = join(dir, 'pig2.json');
    runCli(['wulong', 'optimal', '--part', 'turn', '--rules', 'farkle/pig', '--out', pig]);
    const rules = wulongRules('farkle/pig');
    const odds = enumerateOdds(new WulongTurnState(rules), [exactFilePlayer(`optimal:${pig}`)!]);
    expect(odds.returns[0]).toBeCloseTo(expectedTurnScore(solve(tablesFor(rules), OPTIMAL)), 9);
    const out = join(dir, 'duel2.json');
    const set = ['--set', 'dicePerPlayer=1', '--set', 'sides=3'];
    const eq = JSON.parse(runCli(['liars', 'equilibrium', '--part', 'duel', ...set, '--iterations', '64', '--out', out, '--json']).stdout);
    const r = runCli(['liars', 'enumerate', '--part', 'duel', ...set, '--strategies', `equilibrium:${out}`, '--json']);
    expect(r.stderr).toBe('');
    const e = JSON.parse(r.stdout);
    expect(e.returns[0]).toBeCloseTo(eq.value0, 12);
    expect(e.returns[0] + e.returns[1]).toBeCloseTo(1, 12);
  });

  it('Kuhn poker through the public API (--game): −1/18, and its strategy file measured exactly', () => {
    const out = join(dir, 'kuhn.json');
    const game = ['--game', './examples/kuhn-poker/index.js', 'kuhn-poker'];
    const r = runCli([...game, 'equilibrium', '--algorithm', 'pcfr+', '--target', '1e-8', '--out', out, '--json']);
    expect(r.stderr).toBe('');
    const eq = JSON.parse(r.stdout);
    expect(eq.value0).toBeCloseTo(-1 / 18, 7);
    expect(eq.bracket[0]).toBeLessThanOrEqual(-1 / 18 + 1e-12);
    expect(eq.bracket[1]).toBeGreaterThanOrEqual(-1 / 18 - 1e-12);
    const x = JSON.parse(runCli([...game, 'exploit', '--strategy', `equilibrium:${out}`, '--json']).stdout);
    expect(x.exploitability).toBeLessThanOrEqual(1e-8);
    expect(x.selfValue0).toBeCloseTo(-1 / 18, 7);
  });

  it('one line for a game part that does not exist and for two deciders', () => {
    const r = runCli(['wulong', 'optimal', '--part', 'round']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^oddsmith: --part: wulong declares the parts turn/);
    const t = runCli(['liars', 'optimal', '--part', 'duel', '--set', 'dicePerPlayer=1', '--set', 'sides=2']);
    expect(t.code).toBe(2);
    expect(t.stderr).toMatch(/both decide/);
    // Knucklebones' knock-outs let a play go on for ever: one line, not a stack overflow
    const k = runCli(['--game', './examples/knucklebones/index.js', 'knucklebones', 'equilibrium', '--rules', 'quick', '--iterations', '1']);
    expect(k.code).toBe(2);
    expect(k.stderr).toMatch(/^oddsmith: knucklebones: a play goes on past 2,000 steps/);
  });
});
