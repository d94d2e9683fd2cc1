/**
 * Grading Liar's Dice decisions against the equilibrium (src/games/liars-dice/exact-grade.ts): each
 * action's chance to win equals a naive reference written out move by move (the other's dice by
 * Bayes over the equilibrium's bids, the player best-responding afterwards), the best responses at
 * the root add up to the solver's own best-response values, and a grade's loss is the difference
 * of the two chances.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { LiarsGrader, OPTIMAL_WITHIN, parseDecision } from '../src/games/liars-dice/exact-grade.js';
import type { LiarsSolver } from '../src/games/liars-dice/exact-cfr.js';
import { UserError } from '../src/core/errors.js';
import { Rng } from '../src/core/rng.js';
import { expectWithinSE } from './kit/within-se.js';
import { CLI, ROOT, expectUserError, runCli } from './helpers/cli.js';
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

/** The CLI reading `input` on stdin. */
function withStdin(args: string[], input: string) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd: ROOT, input });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The reference: the seed variant with one die each, written from the rules (not the solver's tables). */
function reference(s: LiarsSolver) {
  const S = s.S, B = s.B;
  const face = (b: number) => ((b % S) === S - 1 ? 1 : (b % S) + 2);
  const count = (b: number) => Math.floor(b / S) + 1;
  const bidsOf = (mask: number) => Array.from({ length: B }, (_, b) => b).filter((b) => mask & (1 << b));
  const counts = (die: number, f: number, wild: boolean) => (die === f || (wild && f !== 1 && die === 1) ? 1 : 0);
  /** the equilibrium's probability of action `a` (liar = −1, else the bid) for die `d` of the player to move at `mask` */
  const sigma = (mask: number, d: number, a: number) => {
    const seq = bidsOf(mask), top = seq.length ? seq[seq.length - 1] : -1;
    const out = new Float64Array(B + 1);
    s.averageAt(mask, top, seq.length, d - 1, out);
    return out[a < 0 ? 0 : (seq.length ? 1 : 0) + a - top - 1];
  };
  /** bid `top` called at `mask`: +1 if `me` wins, with my die `mine` and theirs `theirs`, the caller the player to move */
  const payoff = (mask: number, me: number, mine: number, theirs: number) => {
    const seq = bidsOf(mask), top = seq[seq.length - 1], f = face(top), wild = !seq.some((b) => face(b) === 1);
    const isTrue = counts(mine, f, wild) + counts(theirs, f, wild) >= count(top);
    const caller = seq.length % 2;
    return (isTrue ? 1 - caller : caller) === me ? 1 : -1;
  };
  /** my value (reach-weighted sum over their dice), I best-respond, they follow the equilibrium */
  const value = (me: number, mine: number, mask: number, reach: number[]): number => {
    const seq = bidsOf(mask), top = seq.length ? seq[seq.length - 1] : -1;
    const acts = [...(seq.length ? [-1] : []), ...Array.from({ length: B - 1 - top }, (_, k) => top + 1 + k)];
    const child = (a: number, r: number[]) => (a < 0 ? r.reduce((t, x, k) => t + x * payoff(mask, me, mine, k + 1), 0) : value(me, mine, mask | (1 << a), r));
    if (seq.length % 2 === me) return Math.max(...acts.map((a) => child(a, reach)));
    return acts.reduce((t, a) => t + child(a, reach.map((x, k) => x * sigma(mask, k + 1, a))), 0);
  };
  /** my chance to win after each action at the history `bids` (ranks) with die `mine`; and P(their die | bids) */
  return (bids: number[], mine: number) => {
    const me = bids.length % 2;
    let reach = Array.from({ length: S }, () => 1 / S), mask = 0;
    bids.forEach((b, k) => {
      if (k % 2 !== me) reach = reach.map((x, d) => x * sigma(mask, d + 1, b));
      mask |= 1 << b;
    });
    const total = reach.reduce((a, b) => a + b, 0);
    const top = bids.length ? bids[bids.length - 1] : -1;
    const acts = [...(bids.length ? [-1] : []), ...Array.from({ length: B - 1 - top }, (_, k) => top + 1 + k)];
    const pWin = new Map<string, number>();
    for (const a of acts) {
      const v = a < 0 ? reach.reduce((t, x, k) => t + x * payoff(mask, me, mine, k + 1), 0) : value(me, mine, mask | (1 << a), reach);
      pWin.set(a < 0 ? 'liar' : `${count(a)}x${face(a)}`, (1 + v / total) / 2);
    }
    return { pWin, posterior: reach.map((x) => x / total), total };
  };
}

describe("Liar's Dice grading against the equilibrium", () => {
  let g: LiarsGrader;
  let ref: ReturnType<typeof reference>;
  beforeAll(() => {
    g = LiarsGrader.solve({ variant: 'seed', dice: [1, 1], sides: 6 });
    ref = reference(g.solver);
  });
  const label = (b: number) => g.solver.bidLabel(b);

  it('every action\'s chance to win equals the reference, at the opening and after bids', () => {
    // histories the equilibrium plays (the opener's first bid with each die, and replies), and one it never would
    const histories: number[][] = [[], [0], [4], [6], [4, 6], [0, 5], [1, 3, 6], [2, 5, 6, 8]];
    let checked = 0;
    for (const bids of histories) {
      for (let die = 1; die <= 6; die++) {
        const r = ref(bids, die);
        const gr = g.grade({ mine: String(die), bids: bids.map(label), action: bids.length ? 'liar' : label(0) });
        expect(gr.onPath).toBe(r.total > 0);
        if (!gr.onPath) continue;
        expect(gr.actions.map((a) => a.action).sort()).toEqual([...r.pWin.keys()].sort());
        for (const a of gr.actions) expect(a.pWin).toBeCloseTo(r.pWin.get(a.action)!, 12);
        gr.opponent.forEach((o, k) => expect(o.probability).toBeCloseTo(r.posterior[k], 12));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('a grade\'s loss is the best chance to win minus the chosen one; the best is the largest', () => {
    for (const [bids, die] of [[[], 3], [[0], 2], [[4], 5], [[4, 6], 1]] as const) {
      const r = ref([...bids], die);
      for (const [action, p] of r.pWin) {
        const gr = g.grade({ mine: String(die), bids: bids.map(label), action });
        const best = Math.max(...r.pWin.values());
        expect(gr.chosenPWin).toBeCloseTo(p, 12);
        expect(gr.bestPWin).toBeCloseTo(best, 12);
        expect(gr.loss).toBe(gr.bestPWin - gr.chosenPWin);
        expect(r.pWin.get(gr.best)).toBeCloseTo(best, 12);
        expect(gr.optimal).toBe(gr.loss <= OPTIMAL_WITHIN);
        expect(gr.why).toMatch(gr.chosen === gr.best ? /^best: / : gr.optimal ? /^yours .*, within the equilibrium's precision of the best, / : /^best: .*; yours: /);
      }
    }
  });

  it('the best responses over every opening hand add up to the solver\'s best-response values', () => {
    const s = g.solver, e = s.exploitability(), H = s.H[0];
    const out = new Float64Array((s.B + 1) * H);
    // the opener: each hand's best action at the root (the other at its chance)
    let br0 = 0;
    const n0 = s.actionValues(0, 0, s.weights[1], true, out);
    for (let h = 0; h < H; h++) br0 += s.weights[0][h] * Math.max(...Array.from({ length: n0 }, (_, a) => out[a * H + h]));
    expect(br0).toBeCloseTo(e.br0, 12);
    // the responder: each opening bid, the opener's reach by the equilibrium
    let br1 = 0;
    const probs = new Float64Array(s.B + 1);
    for (let b = 0; b < s.B; b++) {
      const reach = Float64Array.from(s.weights[0], (w, h) => (s.averageAt(0, -1, 0, h, probs), w * probs[b]));
      const n = s.actionValues(1 << b, 1, reach, true, out);
      for (let h = 0; h < H; h++) br1 += s.weights[1][h] * Math.max(...Array.from({ length: n }, (_, a) => out[a * H + h]));
    }
    expect(br1).toBeCloseTo(e.br1, 12);
  });

  it('the why names the chance that the bid is true', () => {
    // the opener bid 1x4 and I hold a 4: calling wins only if the opener holds neither a 4 nor a wild 1
    const gr = g.grade({ mine: '4', bids: ['1x4'], action: 'liar' });
    const liar = gr.actions.find((a) => a.action === 'liar')!;
    expect(liar.bidTrue).toBe(1);
    expect(liar.pWin).toBe(0);
    expect(gr.optimal).toBe(false);
    expect(gr.why).toContain('liar (1x4: P(at least 1 four, 1s wild) = 100.0%) wins 0.0%');
    // after a bid on 1s, 1s are no longer wild
    const after = g.grade({ mine: '1', bids: ['1x6', '1x1'], action: '2x2' });
    expect(after.actions.find((a) => a.action === '2x2')!.bidTrue).toBe(0);
    expect(after.why).toContain('P(at least 2 twos) = 0.0%');
  });

  it('played out, rounds from a history win as often as the grade says (within 4 standard errors, fixed seed)', () => {
    // The other's die is dealt at random and its earlier bids drawn from the equilibrium; deals that
    // do not make the history are thrown away (so the kept ones follow Bayes without the grader's
    // posterior). Then the chosen action, and the rest of the round: the other draws from the
    // equilibrium, the player takes the grade's best action at each later decision.
    const rng = new Rng(20261202);
    const draw = (bids: string[], dice: number[]) => {
      let u = rng.nextFloat();
      const st = g.strategyAt(bids, dice);
      for (const x of st) {
        if (u < x.probability) return x.action;
        u -= x.probability;
      }
      return st[st.length - 1].action;
    };
    // (with one die each most later decisions are nearly sure things: these three are not)
    for (const [mine, bids, action] of [[3, [], '1x4'], [1, [], '1x2'], [2, ['1x5', '1x6'], 'liar']] as const) {
      const exact = g.grade({ mine: String(mine), bids: [...bids], action }).chosenPWin;
      expect(exact).toBeGreaterThan(0.1);
      expect(exact).toBeLessThan(0.9);
      let wins = 0, n = 0;
      while (n < 3000) {
        const theirs = 1 + rng.below(6), me = bids.length % 2;
        const hist: string[] = [];
        let ok = true;
        for (const b of bids) {
          if (hist.length % 2 !== me && draw(hist, [theirs]) !== b) { ok = false; break; }
          hist.push(b);
        }
        if (!ok) continue;
        n++;
        let next: string = action, myTurn = true;
        for (;;) {
          if (next === 'liar') {
            const opener = me === 0 ? [mine] : [theirs], responder = me === 0 ? [theirs] : [mine];
            // the caller (the player whose turn it was) wins when the bid does not hold
            if (g.lastBidHolds(hist, opener, responder) !== myTurn) wins++;
            break;
          }
          hist.push(next);
          myTurn = !myTurn;
          if (hist.length === g.solver.B || next === g.solver.bidLabel(g.solver.B - 1)) { next = 'liar'; continue; }
          next = myTurn ? g.grade({ mine: String(mine), bids: hist, action: 'liar' }).best : draw(hist, [theirs]);
        }
      }
      const p = wins / n;
      expectWithinSE(p, exact, Math.sqrt(exact * (1 - exact) / n) || 1 / n, 4, `P(win) of ${action} with ${mine} after ${bids.join(' ')}`);
    }
  });

  it('a called bid holds by both dice on the table, 1s wild until 1s are bid', () => {
    expect(g.lastBidHolds(['1x4'], [4], [2])).toBe(true);
    expect(g.lastBidHolds(['1x4'], [3], [2])).toBe(false);
    expect(g.lastBidHolds(['2x4'], [4], [1])).toBe(true);
    expect(g.lastBidHolds(['1x1', '2x4'], [4], [1])).toBe(false);
    expect(g.lastBidHolds(['2x1'], [1], [1])).toBe(true);
  });

  it('a grader from the solved average strategy grades the same (the workbench solves in a worker)', () => {
    const copy = LiarsGrader.fromAverage(g.config, g.solver.avg, g.iterations, g.exploitability);
    const d = { mine: '2', bids: ['1x5', '2x2'], action: '2x3' };
    expect(copy.grade(d)).toEqual(g.grade(d));
    // its strategy is the equilibrium's: the probabilities add up to 1
    expect(copy.strategyAt(['1x5'], [2]).reduce((t, x) => t + x.probability, 0)).toBeCloseTo(1, 12);
  });

  it('rejects decisions that are not one, naming the line and the field', () => {
    const bad: [unknown, RegExp][] = [
      [[1], /a decision is a JSON object/],
      [{ mine: '4', bids: [], action: 'liar', x: 1 }, /unknown field "x"/],
      [{ mine: 4, bids: [], action: 'liar' }, /mine must be the player's dice as text/],
      [{ mine: '4', bids: '1x2', action: 'liar' }, /bids must be a list/],
    ];
    for (const [x, msg] of bad) expect(() => parseDecision(x, 'line 3')).toThrow(msg);
    const wrong: [object, RegExp][] = [
      [{ mine: '4', bids: [], action: 'liar' }, /line 3: liar with no bid to call/],
      [{ mine: '4', bids: ['2x4', '1x5'], action: 'liar' }, /line 3: bids must rise: 1x5 is not higher than 2x4/],
      [{ mine: '7', bids: [], action: '1x2' }, /line 3: mine must be the opener's 1 die, faces in 1\.\.6/],
      [{ mine: '4', bids: ['1x5'], action: '1x4' }, /line 3: the raise 1x4 is not higher than the last bid 1x5/],
      [{ mine: '4', bids: ['3x5'], action: 'liar' }, /line 3: bid 3x5: the count must be in 1\.\.2/],
      [{ mine: '4', bids: ['1x5'], action: 'call' }, /line 3: a bid looks like COUNTxFACE/],
    ];
    for (const [d, msg] of wrong) {
      expect(() => g.grade(parseDecision(d, 'line 3'), 'line 3')).toThrow(msg);
      expect(() => g.grade(parseDecision(d, 'line 3'), 'line 3')).toThrow(UserError);
    }
  });

  it('`liars grade` prints the grades of the same solve, from a file or stdin; a bad line is one message', () => {
    const file = 'rules/liars-dice/examples/round-decisions.jsonl';
    const r = runCli(['liars', 'grade', file, '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { iterations: number; decisions: (ReturnType<LiarsGrader['grade']> & { line: number })[]; summary: { totalLoss: number; optimal: number; worst: number[] } };
    expect(out.iterations).toBe(g.iterations);
    const lines = readFileSync(file, 'utf8').trim().split('\n').map((l) => parseDecision(JSON.parse(l), 'x'));
    expect(out.decisions.map(({ line: _l, ...d }) => d)).toEqual(lines.map((d) => JSON.parse(JSON.stringify(g.grade(d)))));
    expect(out.summary.totalLoss).toBeCloseTo(out.decisions.reduce((t, d) => t + d.loss, 0), 12);
    expect(out.summary.optimal).toBe(out.decisions.filter((d) => d.optimal).length);
    expect(out.summary.worst.length).toBeGreaterThan(0);
    // stdin, and a smaller game
    const one = withStdin(['liars', 'grade', '-', '--sides', '4', '--json'], '{"mine":"2","bids":["1x4"],"action":"liar"}\n');
    expect(JSON.parse(one.stdout).sides).toBe(4);
    const text = runCli(['liars', 'grade', file]).stdout;
    expect(text).toContain('graded against the equilibrium');
    for (const line of text.split('\n')) expect([...line].length).toBeLessThanOrEqual(100);
    expectUserError(withStdin(['liars', 'grade', '-', '--sides', '4'], '{"mine":"2","bids":["1x4"],"action":"liar"}\n{"mine":"9","bids":[],"action":"1x2"}\n'), /^oddsmith: line 2: mine must be the opener's 1 die, faces in 1\.\.4/);
    expectUserError(runCli(['liars', 'grade', 'no-such.jsonl']), /cannot read decisions file/);
  });
});
