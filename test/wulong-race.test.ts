import { describe, expect, it } from 'vitest';
import { loadRules } from '../src/games/wulong/turn/rules.js';
import { rulesPath } from '../src/core/paths.js';
import { expectedTurns, firstPlayerWins, groupLayers, layerContext, penaltyFreeStart, penaltyPasses, playerState, prepareRace, scoreState, solveGroup, solveRace, solveRaceReference, stopPolicy, type RaceOptions } from '../src/games/wulong/race/exact.js';
import type { WulongRules } from '../src/games/wulong/turn/rules.js';
import { adviseRace } from '../src/games/wulong/race/analysis.js';
import { evaluateRace, pointsPolicy, thresholdPolicy } from '../src/games/wulong/race/exact-evaluate.js';
import { runCli, expectUserError } from './helpers/cli.js';
import { measureAllocation } from './helpers/alloc.js';

const pig = loadRules(rulesPath('farkle', 'pig'));

describe('race solver: Pig (Neller & Presser 2004)', () => {
  const R = solveRace(pig, { target: 100 });
  it('reproduces the published optimal first-player win probability 0.5306', () => {
    // Neller & Presser, "Optimal Play of the Dice Game Pig" (UMAP Journal 2004): the first player wins 53.06% under optimal play
    expect(firstPlayerWins(R)).toBeCloseTo(0.5306, 4);
    expect(R.residual).toBeLessThan(1e-9);
  });
  it('hold at 20 (or bank at the goal) for both players: first player wins ≈ 0.5347 (Neller, Nifty Assignments "First-Player Advantage")', () => {
    expect(firstPlayerWins(solveRace(pig, { target: 100, play: ['points', 'points'] }))).toBeCloseTo(0.5347, 4);
  });
  it('at 41 to 49 the optimal player stops from 22 but rolls on at 27 (possiblywrong.wordpress.com, 2014)', () => {
    const me = playerState(R, 41, 0, 0), them = playerState(R, 49, 0, 0);
    expect(stopPolicy(R, me, them).stopFrom[0]).toBe(22);
    expect(adviseRace(R, 41, 49, 21, 1).action).toBe('roll');
    expect(adviseRace(R, 41, 49, 22, 1).action).toBe('stop');
    expect(adviseRace(R, 41, 49, 27, 1).action).toBe('roll');
  });
  it('playing for points against an optimal player loses win probability either way round', () => {
    const p = firstPlayerWins(R);
    expect(firstPlayerWins(solveRace(pig, { target: 100, play: ['points', 'optimal'] }))).toBeLessThan(p - 0.01);
    expect(firstPlayerWins(solveRace(pig, { target: 100, play: ['optimal', 'points'] }))).toBeGreaterThan(p + 0.01);
  });
});

describe('race solver: cross-turn state and the solving paths agree', () => {
  it('a race to 2 on one die is won first with probability 6/7 (P = 5/6 + (1 − P)/6), with or without a bust penalty', () => {
    expect(firstPlayerWins(solveRace(pig, { target: 2 }))).toBeCloseTo(6 / 7, 9);
    // a penalty changes no one's chance of winning here: same answer, solved in passes over the layers
    const R = solveRace({ ...pig, bustPenalty: 1 }, { target: 2 });
    expect(R.layered).toBe(false);
    expect(firstPlayerWins(R)).toBeCloseTo(6 / 7, 9);
  });
  it('expected game length: a race to 2 on one die lasts 6/5 turns (each turn wins with probability 5/6)', () => {
    expect(expectedTurns(solveRace(pig, { target: 2 }))).toBeCloseTo(1.2, 8);
    expect(expectedTurns(solveRace(pig, { target: 2, play: ['points', 'optimal'] }))).toBeCloseTo(1.2, 8);
  });
  it('rules that add state but change nothing give the same Pig value (bust counter without penalty, opening minimum of 1)', () => {
    const plain = firstPlayerWins(solveRace(pig, { target: 40 }));
    const counted = solveRace({ ...pig, consecutiveBusts: { count: 3, penalty: 0 } }, { target: 40 });
    expect(counted.C).toBe(3);
    expect(firstPlayerWins(counted)).toBeCloseTo(plain, 8);
    const opening = solveRace({ ...pig, openingMinimum: 1 }, { target: 40 });
    expect(opening.B).toBe(2);
    expect(firstPlayerWins(opening)).toBeCloseTo(plain, 8);
  });
  it('penalties and an opening minimum change the race (and bust penalties make sweeping necessary)', () => {
    const plain = firstPlayerWins(solveRace(pig, { target: 40 }));
    const pen = solveRace({ ...pig, consecutiveBusts: { count: 2, penalty: 5 } }, { target: 40 });
    expect(pen.layered).toBe(false);
    expect(Math.abs(firstPlayerWins(pen) - plain)).toBeGreaterThan(1e-4);
    // optimal Pig play from 0 banks 19 or more anyway, so the minimum must exceed that to bind
    expect(firstPlayerWins(solveRace({ ...pig, openingMinimum: 30 }, { target: 40 }))).not.toBeCloseTo(plain, 4);
  });
  it('Zilch (scoreless six dice pay 500, third zilch in a row costs 500, bank from 300) solves to a small target', () => {
    const zilch = loadRules(rulesPath('farkle', 'zilch'));
    const R = solveRace(zilch, { target: 600 });
    const p = firstPlayerWins(R);
    expect(R.C).toBe(3);
    expect(p).toBeGreaterThan(0.5);
    expect(p).toBeLessThan(1);
  });
});

describe('the layered solver equals the reference sweeps', () => {
  const facebook = loadRules(rulesPath('farkle', 'facebook'));
  const cases: [string, WulongRules, RaceOptions][] = [
    ['Pig to 60 (bust pairs by Newton steps)', pig, { target: 60 }],
    ['10000 to 1,500', loadRules(rulesPath('farkle', '10000')), { target: 1500 }],
    ['Patch to 1,000 (opening minimum)', loadRules(rulesPath('farkle', 'patch')), { target: 1000 }],
    ['Pig to 40, points against optimal (two value tables)', pig, { target: 40, play: ['points', 'optimal'] }],
    ['Pig to 30, a bust counter without penalty', { ...pig, consecutiveBusts: { count: 3, penalty: 0 } }, { target: 30 }],
    ['Pig to 30, bust penalty 2 (passes)', { ...pig, bustPenalty: 2 }, { target: 30 }],
    ['Facebook to 800 (three farkles cost 500, passes)', facebook, { target: 800 }],
    ['Facebook to 800, banked scores down to −500', { ...facebook, bankFloor: -500 }, { target: 800 }],
  ];
  for (const [name, rules, opts] of cases) {
    it(name, () => {
      const a = solveRaceReference(rules, opts), b = solveRace(rules, opts);
      expect(b.NP).toBe(a.NP);
      let most = 0;
      for (let r = 0; r < 2; r++) for (let k = 0; k < a.value[r].length; k++) most = Math.max(most, Math.abs(a.value[r][k] - b.value[r][k]));
      // both stop at tolerance 1e-9 per sweep; what is left of the fixed point is a few times that
      expect(most).toBeLessThan(1e-8);
      expect(b.turnSolves).toBeLessThanOrEqual(a.turnSolves);
    });
  }
});

describe('banked scores below zero (bankFloor)', () => {
  const facebook = loadRules(rulesPath('farkle', 'facebook'));
  it('Busche\'s Facebook model, banked scores from −2,500 to 9,950: 423,765,000 states, as he counts them', () => {
    // 250 scores × 3 bust counts per player, (turn total, dice) per turn: at least the 300 needed to bank
    const R = solveRace({ ...facebook, bankFloor: -2500 }, { target: 10000, maxSweeps: 0 });
    expect(R.G).toBe(250);
    expect(R.F).toBe(50);
    expect(R.turnStatesPerSweep).toBe(423_765_000);
  });
  it('a lower floor moves the race less and less (penalties rarely chain that far)', () => {
    const p = [0, -500, -1000, -1500].map((f) => firstPlayerWins(solveRace({ ...facebook, bankFloor: f }, { target: 1000, tolerance: 1e-10 })));
    const steps = p.slice(1).map((x, k) => Math.abs(x - p[k]));
    expect(steps[0]).toBeGreaterThan(1e-6);
    expect(steps[1]).toBeLessThan(steps[0]);
    expect(steps[2]).toBeLessThan(steps[1]);
  });
  it('without penalties the floor is never reached and changes nothing', () => {
    const R = solveRace({ ...pig, bankFloor: -50 }, { target: 40 });
    expect(R.F).toBe(0);
    expect(firstPlayerWins(R)).toBe(firstPlayerWins(solveRace(pig, { target: 40 })));
  });
  it('a race to 2 on one die: with scores held at 0 the first player wins 6/7; below 0 one roll no longer wins, so less', () => {
    expect(firstPlayerWins(solveRace({ ...pig, bustPenalty: 1 }, { target: 2 }))).toBeCloseTo(6 / 7, 9);
    const R = solveRace({ ...pig, bustPenalty: 1, bankFloor: -3 }, { target: 2 });
    expect(R.F).toBe(3);
    expect(firstPlayerWins(R)).toBeLessThan(6 / 7 - 1e-4);
    expect(scoreState(R, -3, 0, 0)).toBe(playerState(R, 0, 0, 0));
  });
  it('validation names the field and its range; --set reaches it', () => {
    expectUserError(runCli(['wulong', 'race', '--rules', 'rules/farkle/facebook.json', '--target', '1000', '--set', 'bankFloor=100']), /bankFloor/);
    const r = runCli(['wulong', 'advise', '--race', '--rules', 'rules/farkle/facebook.json', '--set', 'bankFloor=-500', '--target', '1000', '--me', '-450', '--them', '0', '--score', '300', '--dice', '2']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/banked -450 to 0/);
  });
});

describe('race CLI', () => {
  it('wulong race prints the Pig figures', () => {
    const r = runCli(['wulong', 'race', '--rules', 'rules/farkle/pig.json', '--target', '100', '--json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.firstPlayerWins).toBeCloseTo(0.5306, 4);
    expect(j.pointsVsPoints).toBeCloseTo(0.5347, 4);
  });
  it('--no-compare: the solve and the stop policy only, the same figures (and --simple needs the evaluations)', () => {
    const args = ['wulong', 'race', '--rules', 'rules/farkle/facebook.json', '--target', '600', '--workers', '1', '--json'];
    const full = JSON.parse(runCli(args).stdout), only = runCli([...args, '--no-compare']);
    expect(only.code).toBe(0);
    const j = JSON.parse(only.stdout);
    expect(j.firstPlayerWins).toBe(full.firstPlayerWins);
    expect(j.policy).toEqual(full.policy);
    expect(j.passes).toBeGreaterThan(1);
    expect(j.pointsVsPoints).toBeUndefined();
    expect(runCli(args.slice(0, -1).concat('--no-compare')).stdout).toMatch(/game length: not evaluated \(--no-compare\)/);
    expectUserError(runCli([...args, '--no-compare', '--simple']), /--simple evaluates policies/);
  });
  it('the evaluations are left out by default only for races with penalties above 50 million turn states a pass (Busche\'s game)', async () => {
    const { comparesByDefault } = await import('../src/games/wulong/race/cli.js');
    const facebook = loadRules(rulesPath('farkle', 'facebook'));
    const busche = prepareRace({ ...facebook, bankFloor: -2500 }, { target: 10000, maxSweeps: 0 }).R;
    expect(comparesByDefault({ layered: false, turnStatesPerSweep: busche.turnStatesPerSweep })).toBe(false);
    expect(comparesByDefault({ layered: false, turnStatesPerSweep: prepareRace(facebook, { target: 2000, maxSweeps: 0 }).R.turnStatesPerSweep })).toBe(true);
    // a race without penalties is evaluated in one pass over its layers, at any size
    expect(comparesByDefault({ layered: true, turnStatesPerSweep: 1e9 })).toBe(true);
  });
  it('advise --race answers mid-turn', () => {
    const r = runCli(['wulong', 'advise', '--race', '--rules', 'rules/farkle/pig.json', '--target', '100', '--me', '41', '--them', '49', '--score', '27', '--dice', '1']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ROLL: at total 27/);
  });
  it('bad input is one line and exit 2', () => {
    expectUserError(runCli(['wulong', 'advise', '--race', '--rules', 'rules/farkle/pig.json', '--score', '0', '--dice', '1']), /--race needs --target/);
    expectUserError(runCli(['wulong', 'race', '--rules', 'rules/farkle/pig.json', '--target', '100', '--tolerance', '2']), /--tolerance/);
  });
});

describe('simple rules (stop totals per dice left, optionally per score band)', () => {
  it('Pig to 40: the best rule for winning gives away no more win probability than hold-at-the-points-optimum, and bands no more than that', async () => {
    const { simpleRules } = await import('../src/games/wulong/race/analysis.js');
    const { TurnAnalysis } = await import('../src/games/wulong/turn/exact.js');
    const R = solveRace(pig, { target: 40 });
    const p = firstPlayerWins(R);
    const turnScore = (stopAt: number[]) => new TurnAnalysis(pig, { name: 'per-dice', stop: { kind: 'per-dice', totals: stopAt }, choice: 'best' }).solveResult().expectedTurnScore;
    const s = simpleRules(R, { turnScore, pointsRule: [20], bestTurn: turnScore([20]), budget: 30 });
    expect(s.forPoints.bands[0].stopAt).toEqual([20]);
    expect(s.forPoints.bands[0].pointsCost).toBeCloseTo(0, 9);
    // to 40, holding at 20 is already the best single threshold the search meets
    expect(s.forWinning.winCost).toBeLessThanOrEqual(s.forPoints.winCost);
    expect(s.forWinning.winCost).toBeGreaterThan(0);
    expect(s.forWinningBanded.winCost).toBeLessThanOrEqual(s.forWinning.winCost);
    expect(s.forWinningBanded.bands).toHaveLength(3);
    expect(s.bandEdge).toBe(8);
    expect(s.forPoints.winFirst).toBeLessThan(p);
    // the win probabilities are exact policy evaluations: hold at 20 against the optimal player, either seat
    const e = evaluateRace(R, thresholdPolicy(R, 'h20', [[20]]), null);
    expect(s.forPoints.winFirst).toBe(e.aFirstWins);
    expect(s.forPoints.winSecond).toBe(1 - e.bFirstWins);
  });
  it('Pig to 100: holding at 25 is the best single threshold for winning (Neller & Presser, "Pigtail", UMAP 2010)', async () => {
    const { simpleRules } = await import('../src/games/wulong/race/analysis.js');
    const R = solveRace(pig, { target: 100 });
    const s = simpleRules(R, { turnScore: () => 0, pointsRule: [20], bestTurn: 0, budget: 12 });
    expect(s.forWinning.bands[0].stopAt).toEqual([25]);
    expect(s.forWinning.winCost).toBeLessThan(s.forPoints.winCost - 0.01);
  });
});

describe('policy evaluation (one pass over the solved race)', () => {
  it('evaluating the optimal policy against itself gives back the solved value and the expected game length', () => {
    for (const [rules, target] of [[pig, 100], [loadRules(rulesPath('farkle', '10000')), 1000]] as const) {
      const R = solveRace(rules, { target });
      const e = evaluateRace(R, null, null);
      expect(e.aFirstWins).toBeCloseTo(firstPlayerWins(R), 9);
      expect(e.turnsAFirst).toBeCloseTo(expectedTurns(R), 6);
    }
  });
  it('a fixed rule against itself equals the value iteration with that rule for both (Pig has no set-aside choices)', () => {
    const R = solveRace(pig, { target: 60 });
    for (const h of [15, 20, 25]) {
      const e = evaluateRace(R, thresholdPolicy(R, `h${h}`, [[h]]), thresholdPolicy(R, `h${h}`, [[h]]));
      expect(e.aFirstWins).toBeCloseTo(firstPlayerWins(solveRace(pig, { target: 60, play: [{ stopAt: [h] }, { stopAt: [h] }] })), 9);
    }
    const pts = pointsPolicy(R);
    expect(evaluateRace(R, pts, pts).aFirstWins).toBeCloseTo(firstPlayerWins(solveRace(pig, { target: 60, play: ['points', 'points'] })), 9);
  });
  it('against the fixed optimal policy a rule wins no more than against a best response… and no less than the best response lets it', () => {
    const R = solveRace(pig, { target: 60 });
    const e = evaluateRace(R, pointsPolicy(R), null);
    const br = firstPlayerWins(solveRace(pig, { target: 60, play: ['points', 'optimal'] }));
    expect(e.aFirstWins).toBeGreaterThanOrEqual(br - 1e-9);
    expect(e.aFirstWins).toBeLessThan(firstPlayerWins(R));
    expect(e.aFirstWins + (1 - e.aFirstWins)).toBe(1);
  });
  it('with a bust penalty (states swept, not layered) the evaluation still reproduces the solved value', () => {
    const R = solveRace({ ...pig, bustPenalty: 2 }, { target: 30 });
    expect(R.layered).toBe(false);
    const e = evaluateRace(R, null, null);
    expect(e.aFirstWins).toBeCloseTo(firstPlayerWins(R), 7);
    expect(e.turnsAFirst).toBeCloseTo(expectedTurns(R), 4);
  });
  it('the evaluation allocates its result arrays and buffers only, nothing per state (Pig to 30: 900 pairs, 1,800 turn passes)', () => {
    const R = solveRace(pig, { target: 30 });
    const pol = thresholdPolicy(R, 'h12', [[12]]);
    // a busy machine compiles the optimized code late (the loop boxes numbers until then): warm up longer, measure more often
    const run = () => void evaluateRace(R, pol, null);
    // heap bookkeeping noise only ever adds bytes, a real per-pass allocation is there every time: take the least of five
    const bytes = Math.min(...Array.from({ length: 5 }, () => measureAllocation(run, () => { for (let k = 0; k < 10; k++) run(); }, 20).bytes));
    // W and L for both seats (4 × 900 doubles) and four turn buffers: about 30 KB, plus up to 16 KB of heap
    // bookkeeping noise seen on a busy machine; 16 bytes a pass would add 29 KB more and still fail
    expect(bytes).toBeLessThan(4 * 900 * 8 + 4 * 32 * 2 * 8 + 16384);
  });
  it('the sweep (non-layered) path and the 2-cycle path agree on a fixed rule', () => {
    const plain = solveRace(pig, { target: 30 });
    const counted = solveRace({ ...pig, consecutiveBusts: { count: 2, penalty: 0 } }, { target: 30 });
    const a = evaluateRace(plain, thresholdPolicy(plain, 'h12', [[12]]), null);
    const b = evaluateRace(counted, thresholdPolicy(counted, 'h12', [[12]]), null);
    expect(b.aFirstWins).toBeCloseTo(a.aFirstWins, 8);
    expect(b.turnsBFirst).toBeCloseTo(a.turnsBFirst, 5);
  });
});

describe('penalty passes in groups of several layers', () => {
  const facebook = loadRules(rulesPath('farkle', 'facebook'));
  it('Facebook: a group spans 6 layers (300 to bank in steps of 50), a penalty on every bust keeps one', () => {
    expect(groupLayers(prepareRace(facebook, { target: 600, maxSweeps: 0 }).R)).toBe(6);
    expect(groupLayers(prepareRace({ ...facebook, bustPenalty: 100 }, { target: 600, maxSweeps: 0 }).R)).toBe(1);
  });
  const cases: [string, WulongRules][] = [
    ['Facebook to 600, scores down to −300', { ...facebook, bankFloor: -300 }],
    ['Facebook to 600, a third farkle costs 100 (the penalty lands inside the group), scores down to −300', { ...facebook, bankFloor: -300, consecutiveBusts: { count: 3, penalty: 100 } }],
  ];
  for (const [name, rules] of cases) {
    it(`${name}: the same values bit for bit as one layer at a time`, () => {
      const wide = prepareRace(rules, { target: 600 }).R, narrow = prepareRace(rules, { target: 600 }).R;
      for (const R of [wide, narrow]) penaltyFreeStart(R);
      const cw = layerContext(wide), cn = layerContext(narrow);
      penaltyPasses(wide, 3, undefined, (top, bottom, ct) => solveGroup(cw, top, bottom, ct, 0, 1));
      // the order before groups: layer by layer from the top, inside each by descending bust count
      for (let pass = 0; pass < 3; pass++) for (let sum = 2 * narrow.G - 2; sum >= 0; sum--) for (let ct = 2 * (narrow.C - 1); ct >= 0; ct--) solveGroup(cn, sum, sum, ct, 0, 1);
      expect(groupLayers(wide)).toBeGreaterThan(1);
      expect(Buffer.compare(Buffer.from(wide.value[0].buffer), Buffer.from(narrow.value[0].buffer))).toBe(0);
    });
  }
});

describe('penalty passes on several threads', () => {
  it('two and three threads give the one-thread values bit for bit and do the same work (Facebook to 600, scores down to −300)', async () => {
    const { solveRaceThreads } = await import('../src/games/wulong/race/parallel.js');
    const rules = { ...loadRules(rulesPath('farkle', 'facebook')), bankFloor: -300 };
    const one = solveRace(rules, { target: 600 });
    for (const w of [2, 3]) {
      const many = await solveRaceThreads(rules, { target: 600 }, w);
      expect(many.sweeps).toBe(one.sweeps);
      // the work is the same too: each helper solves its share of each group exactly once
      expect(many.turnSolves).toBe(one.turnSolves);
      expect(many.turnStates).toBe(one.turnStates);
      expect(Buffer.compare(Buffer.from(many.value[0].buffer), Buffer.from(one.value[0].buffer))).toBe(0);
    }
  });
  it('a race without penalties (10000 to 1,500, Patch to 1,000 with its opening minimum) splits its layers\' bust pairs the same way: the same values and work', async () => {
    const { solveRaceThreads } = await import('../src/games/wulong/race/parallel.js');
    for (const [rules, target] of [[loadRules(rulesPath('farkle', '10000')), 1500], [loadRules(rulesPath('farkle', 'patch')), 1000]] as const) {
      const one = solveRace(rules, { target });
      // below the size where the threads pay, one thread solves it
      expect((await solveRaceThreads(rules, { target }, 2)).turnSolves).toBe(one.turnSolves);
      for (const w of [2, 3]) {
        const many = await solveRaceThreads(rules, { target }, w, 0);
        expect([many.layered, many.sweeps, many.residual, many.turnSolves, many.turnStates]).toEqual([true, one.sweeps, one.residual, one.turnSolves, one.turnStates]);
        expect(Buffer.compare(Buffer.from(many.value[0].buffer), Buffer.from(one.value[0].buffer))).toBe(0);
      }
    }
  });
});
