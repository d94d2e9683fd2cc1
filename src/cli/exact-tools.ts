/**
 * The exact tools written once over the game interface (src/exact), added to the group of every
 * game that declares `state`: `optimal` (one decider against chance, expectimax), `equilibrium`
 * (two players, zero-sum: the CFR family) and `exploit` (a player's exact exploitability). Each runs
 * on the whole game or on a part the game declares (`--part`, StateGame.subGames).
 */
import { resolve as resolvePath } from 'node:path';
import { Option, type Command } from 'commander';
import { UserError } from '../core/errors.js';
import { writeFileAtomic } from '../core/files.js';
import { fmtNum } from '../core/format.js';
import type { GameDescriptor } from '../games/types.js';
import type { GameState, StateGame } from '../games/state.js';
import { addRulesOptions, emit, intArg, type RulesOptions } from './common.js';
import { playCommandName } from './play.js';

type Common = RulesOptions & { part?: string; players?: number; json?: boolean };

/** The command's starting state: the part asked for, or a new game of the whole (`--players` seats). */
async function startState(g: GameDescriptor, opts: Common, seatsWanted: number | undefined): Promise<{ root: GameState; what: string; sg: StateGame<unknown>; rules: unknown }> {
  const sg = await g.state!();
  const rules = (await g.rules()).loadRules(opts.rules, opts.set);
  const parts = sg.subGames ?? {};
  const named = Object.keys(parts);
  if (opts.part !== undefined) {
    const part = parts[opts.part];
    if (!part) throw new UserError(`--part: ${g.id} declares ${named.length ? `the parts ${named.join(', ')}` : 'no parts'} (got ${JSON.stringify(opts.part)})`);
    return { root: part.newGame(rules), what: `${g.id} ${opts.part}`, sg, rules };
  }
  const seats = sg.seats(rules);
  const players = opts.players ?? seatsWanted ?? seats.default;
  if (players < seats.min || players > seats.max) throw new UserError(`--players: ${g.id} seats ${seats.min}..${seats.max} players under these rules (got ${players})`);
  const hint = named.length ? ` (its parts: ${named.map((n) => `--part ${n}`).join(', ')})` : '';
  return { root: sg.newGame(rules, players), what: `${g.id}${hint}`, sg, rules };
}

function commonOptions(cmd: Command, g: GameDescriptor): Command {
  cmd
    .option('--part <name>', 'a part of the game it declares (e.g. turn), instead of the whole game')
    .addOption(new Option('--players <n>', 'seats of the whole game (default: the game\'s usual table)').argParser(intArg('--players', 1, 64)))
    .option('--json', 'print the result as JSON')
    .option('--csv', 'print the main table as CSV');
  return addRulesOptions(cmd, g.id);
}

/** CPU seconds since `t0` (process.cpuUsage), for the timings printed. */
function cpuSince(t0: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(t0);
  return (d.user + d.system) / 1e6;
}

const num = (x: number) => (Math.abs(x) >= 1000 ? fmtNum(x, 2) : Math.abs(x) >= 1 ? x.toFixed(4) : x.toPrecision(6));

/** Add `optimal`, `equilibrium` and `exploit` to the game's command group. */
export function addExactCommands(group: Command, g: GameDescriptor): void {
  const ex = (name: string, args: string[]) => args.map((a) => `  npx oddsmith ${g.command} ${name} ${a}`.trimEnd()).join('\n');

  const optimal = playCommandName(group, 'optimal');
  commonOptions(group.command(optimal).description('exact optimal play for one decision-maker against chance (expectimax over the states, memoized by their key): the value, the policy at the first decisions or the states asked about, the number of states'), g)
    .option('--at <key>', 'print the decision at the state with this key() (repeatable)', (v: string, prev: string[] | undefined) => [...(prev ?? []), v], [] as string[])
    .option('--out <file>', 'save the policy (every decision state\'s best action) for the player optimal:<file>')
    .addHelpText('after', `\nWithout --part the whole game is solved: it needs one seat deciding and states with key() and\nchanceOutcomes(). Examples:\n${ex(optimal, ['--part turn', '--part turn --out turn.json'])}`)
    .action(async (opts: Common & { at: string[]; out?: string }) => {
      const { solveOptimal, firstDecisions } = await import('../exact/optimal.js');
      const { root, what } = await startState(g, opts, 1);
      const t0 = process.cpuUsage();
      const sol = solveOptimal(root, what);
      const seconds = cpuSince(t0);
      for (const k of opts.at) if (!sol.policy.has(k)) throw new UserError(`--at: no decision state has the key ${JSON.stringify(k)} (keys are what the game's key() gives; --json lists the first ones)`);
      const asked = opts.at.length ? opts.at.map((k) => ({ key: k, state: k, probability: NaN, decision: sol.policy.get(k)! })) : firstDecisions(root, sol, 6);
      const rows = asked;
      if (opts.out !== undefined) {
        const policy: Record<string, number> = {};
        for (const [k, d] of sol.policy) policy[k] = d.action;
        // the values too: a state without a key is decided by looking ahead to its children's
        const file = { kind: 'optimal', game: g.id, part: opts.part ?? null, seat: sol.seat, value: sol.value, policy, values: Object.fromEntries(sol.values) };
        writeFileAtomic(opts.out, JSON.stringify(file) + '\n', 'policy file');
      }
      const result = { game: g.id, part: opts.part ?? null, seat: sol.seat, value: sol.value, states: sol.states, decisions: sol.decisions, cpuSeconds: seconds, at: rows.map((r) => ({ key: r.key, state: r.state, probability: Number.isNaN(r.probability) ? null : r.probability, best: r.decision.text, actions: r.decision.actions })) };
      emit(result, opts, () => {
        const lines = [
          `${what}: exact optimal play for seat ${sol.seat} against chance, ${sol.states.toLocaleString('en-US')} states (${sol.decisions.toLocaleString('en-US')} decisions)`,
          `value: ${num(sol.value)} (seat ${sol.seat}'s expected return under the best policy)`,
          opts.at.length ? 'decisions asked about (each action\'s expected return):' : 'the likeliest first decisions (how often each comes first; each action\'s expected return):',
        ];
        for (const r of rows) {
          lines.push(`  ${r.state}${Number.isNaN(r.probability) ? '' : ` (p ${r.probability.toFixed(4)})`}: best ${r.decision.text}`);
          for (const a of [...r.decision.actions].sort((x, y) => y.value - x.value).slice(0, 4)) lines.push(`    ${num(a.value).padStart(12)}  ${a.text}`);
          if (r.decision.actions.length > 4) lines.push(`    (${r.decision.actions.length - 4} more actions)`);
        }
        if (opts.out !== undefined) lines.push(`policy written to ${opts.out} (play it as optimal:${opts.out})`);
        return lines.join('\n');
      }, () => rows.flatMap((r) => r.decision.actions.map((a) => ({ state: r.state, probability: Number.isNaN(r.probability) ? null : r.probability, action: a.text, expectedReturn: a.value, best: String(a.text === r.decision.text) }))));
    });

  const equilibrium = playCommandName(group, 'equilibrium');
  commonOptions(group.command(equilibrium).description('exact equilibrium of a two-player zero-sum game by the CFR family (the tree counted and held whole, information sets by the game\'s information keys): value, bracket, exploitability, convergence'), g)
    .option('--algorithm <a>', 'cfr+ | pcfr+ | dcfr | pcfr+last (as `liars solve`)', 'cfr+')
    .addOption(new Option('--iterations <n>', 'most iterations (default 10000)').default(10_000).argParser(intArg('--iterations', 1, 100_000_000)))
    .addOption(new Option('--target <e>', 'stop once the exploitability is at most this, in the game\'s units (default 1e-6)').default(1e-6).argParser((v: string) => {
      const x = Number(v);
      if (!(x > 0) || !Number.isFinite(x)) throw new UserError(`--target must be a positive number (got ${JSON.stringify(v)})`);
      return x;
    }))
    .option('--out <file>', 'save the strategy (both seats, by information key) for the player equilibrium:<file>')
    .addOption(new Option('--workers <w>', 'threads sharing each pass, as `liars solve` (results do not depend on it; default: every core from 200,000 nodes, else 1)').argParser(intArg('--workers', 1, 256)))
    .option('--checkpoint <file>', 'save the solve\'s state to this file (at checkpoints a minute or more apart, and at the end); if it exists, continue that solve (the same game, part, rules and --algorithm) to the same iterates')
    .addHelpText('after', `\nValues and exploitability are in the game's returns (seat 0's; a win/lose game's are win rates).\nThe tree is refused above 20,000,000 nodes. Examples:\n${ex(equilibrium, ['', '--algorithm pcfr+ --target 1e-9', '--out eq.json', '--iterations 100000 --checkpoint eq.state'])}`)
    .action(async (opts: Common & { algorithm: string; iterations: number; target: number; workers?: number; out?: string; checkpoint?: string }) => {
      const { buildTree } = await import('../exact/tree.js');
      const { TreeCfr, ALGORITHMS, profileValue } = await import('../exact/cfr.js');
      const algorithm = ALGORITHMS.find((a) => a === opts.algorithm);
      if (algorithm === undefined) throw new UserError(`--algorithm must be one of ${ALGORITHMS.join(', ')} (got ${JSON.stringify(opts.algorithm)})`);
      const { openExactState, writeExactState } = await import('../exact/checkpoint.js');
      const { root, what, rules } = await startState(g, opts, 2);
      if (opts.checkpoint !== undefined && opts.out !== undefined && resolvePath(opts.checkpoint) === resolvePath(opts.out)) throw new UserError(`--out and --checkpoint name the same file (${opts.out}): the strategy and the solve's state need a file each`);
      const t0 = process.cpuUsage();
      const tree = buildTree(root, { publicStates: opts.algorithm !== 'cfr+' }, what);
      const buildSeconds = cpuSince(t0);
      const { availableParallelism } = await import('node:os');
      // threads cost more than they give on a small tree
      const threads = opts.workers ?? (tree.nodes >= 200_000 ? availableParallelism() : 1);
      const cfr = new TreeCfr(tree, algorithm, { threads });
      const c = tree.constantSum;
      // r0 − r1 back to seat 0's returns
      const toValue = (u: number) => (c + u) / 2;
      const identity = { game: g.id, part: opts.part ?? null, rules: rules as unknown, players: root.players, algorithm: opts.algorithm, nodes: tree.nodes, infosets: tree.infosets, slots: tree.slots };
      const saved = opts.checkpoint === undefined ? undefined : openExactState(opts.checkpoint, identity, cfr.stores().length);
      saved?.load(cfr);
      const convergence: { iteration: number; exploitability: number; value0: number; cpuSeconds: number }[] = (saved?.convergence ?? []).map((p) => ({ ...p }));
      const before = convergence[convergence.length - 1];
      const resumedAt = cfr.iterations;
      let savedAt = resumedAt, savedCpu = 0;
      const t1 = process.cpuUsage();
      // CPU seconds count on from a continued solve's
      const solveCpu = () => (before?.cpuSeconds ?? 0) + cpuSince(t1);
      // checkpoints at 1, 2, 4, … iterations; a continued solve goes on to the one after its last
      let e = cfr.choose(), next = before === undefined ? 1 : Math.min(opts.iterations, before.iteration * 2);
      const done = before !== undefined && before.exploitability <= opts.target;
      while (!done && cfr.iterations < opts.iterations) {
        cfr.iterate(Math.min(next, opts.iterations) - cfr.iterations);
        e = cfr.choose();
        convergence.push({ iteration: cfr.iterations, exploitability: e.exploitability / 2, value0: toValue(profileValue(tree, cfr.profile())), cpuSeconds: solveCpu() });
        // a save is a pass over the stores: at most one a minute, and the last
        if (opts.checkpoint !== undefined && cpuSince(t1) - savedCpu >= 60) {
          writeExactState(opts.checkpoint, identity, cfr, convergence);
          savedAt = cfr.iterations;
          savedCpu = cpuSince(t1);
        }
        if (e.exploitability / 2 <= opts.target) break;
        next = Math.min(opts.iterations, next * 2);
      }
      if (opts.checkpoint !== undefined && cfr.iterations !== savedAt) {
        writeExactState(opts.checkpoint, identity, cfr, convergence);
        savedAt = cfr.iterations;
      }
      cfr.close();
      const solveSeconds = solveCpu();
      const profile = cfr.profile();
      const value0 = toValue(profileValue(tree, profile));
      const bracket = [c - (c + e.br1) / 2, (c + e.br0) / 2];
      if (opts.out !== undefined) {
        const strategy: Record<string, [number[], number[]]> = {};
        for (let I = 0; I < tree.infosets; I++) {
          const s = tree.slot[I], n = tree.actions[I];
          strategy[tree.keys[I]] = [Array.from(tree.slotAction.subarray(s, s + n)), Array.from(profile.subarray(s, s + n))];
        }
        const file = { kind: 'equilibrium', game: g.id, part: opts.part ?? null, algorithm: opts.algorithm, iterations: cfr.iterations, value0, exploitability: e.exploitability / 2, strategy };
        writeFileAtomic(opts.out, JSON.stringify(file) + '\n', 'strategy file');
      }
      const checkpoint = opts.checkpoint === undefined ? undefined : { path: opts.checkpoint, continuedFrom: resumedAt, savedAt };
      const result = { game: g.id, part: opts.part ?? null, algorithm: opts.algorithm, nodes: tree.nodes, infosets: tree.infosets, ...(tree.publicStates === undefined ? {} : { publicStates: tree.publicStates }), iterations: cfr.iterations, value0, bracket, exploitability: e.exploitability / 2, convergence, buildCpuSeconds: buildSeconds, solveCpuSeconds: solveSeconds, ...(checkpoint ? { checkpoint } : {}) };
      emit(result, opts, () => {
        const lines = [
          `${what}: ${opts.algorithm} over ${tree.nodes.toLocaleString('en-US')} nodes and ${tree.infosets.toLocaleString('en-US')} information sets`,
          `value for seat 0: ${num(value0)}, within [${num(bracket[0])}, ${num(bracket[1])}]`,
          '  (what each seat\'s best response holds it to)',
          `exploitability: ${e.exploitability / 2 === 0 ? '0' : (e.exploitability / 2).toExponential(2)} after ${cfr.iterations.toLocaleString('en-US')} iterations`,
          'convergence:',
          ...convergence.map((p) => `  ${String(p.iteration).padStart(9)}  exploitability ${p.exploitability.toExponential(2)}  value ${num(p.value0)}`),
        ];
        if (opts.out !== undefined) lines.push(`strategy written to ${opts.out} (play it as equilibrium:${opts.out})`);
        if (checkpoint) lines.push(`${checkpoint.continuedFrom > 0 ? `continued from ${checkpoint.path} at iteration ${checkpoint.continuedFrom}; ` : ''}state saved to ${checkpoint.path} at iteration ${checkpoint.savedAt}`);
        return lines.join('\n');
      }, () => convergence);
    });

  const exploit = playCommandName(group, 'exploit');
  commonOptions(group.command(exploit).description('exactly how much a best response wins against a player of the game (at both seats): its choice at every information set, or its action frequencies over seeds'), g)
    .requiredOption('--strategy <spec>', 'the player measured: one of the game\'s, uniform, ismcts:…, equilibrium:<file>, optimal:<file>')
    .addOption(new Option('--seeds <n>', 'decisions asked with this many seeds each: a randomized player by its action frequencies (default 1)').default(1).argParser(intArg('--seeds', 1, 100_000)))
    .addOption(new Option('--seed <n>', 'the first seed (default 1)').default(1).argParser(intArg('--seed', 0, 2 ** 32 - 1)))
    .addHelpText('after', `\nThe player is asked at the first state of each information set met (a player that reads\nhidden information is measured on that state). Examples:\n${ex(exploit, ['--strategy uniform', '--strategy equilibrium:eq.json'])}`)
    .action(async (opts: Common & { strategy: string; seeds: number; seed: number }) => {
      const { buildTree } = await import('../exact/tree.js');
      const { exploitability, profileValue } = await import('../exact/cfr.js');
      const { makePlayer } = await import('../play/players.js');
      const { isProbabilistic } = await import('../exact/players.js');
      const { Rng } = await import('../core/rng.js');
      const { MAX_ACTIONS } = await import('../games/state.js');
      const { root, what, sg, rules } = await startState(g, opts, 2);
      const name = opts.strategy.split(':')[0];
      // the game's own players (and search with their rollouts) play the whole game's states, not a part's
      if (opts.part !== undefined && (sg.playerNames.includes(name) && !/^(optimal|equilibrium):[^=]+$/.test(opts.strategy) || (name === 'ismcts' && !/rollout=uniform/.test(opts.strategy)))) {
        throw new UserError(`--strategy: on a part (--part ${opts.part}) the players are uniform, ismcts:rollout=uniform,…, equilibrium:<file> and optimal:<file>; the game's own play the whole game (got ${JSON.stringify(opts.strategy)})`);
      }
      const players = [0, 1].map((s) => makePlayer(sg, rules, opts.strategy, s, 2));
      const freq: Float64Array[] = [];
      const acts = new Int32Array(MAX_ACTIONS);
      let decisions = 0;
      const t0 = process.cpuUsage();
      const tree = buildTree(root, undefined, what, (I, state) => {
        const seat = state.currentPlayer(), n = state.legalActions(acts);
        const index = new Map<number, number>();
        for (let a = 0; a < n; a++) index.set(acts[a], a);
        const f = new Float64Array(n);
        const player = players[seat];
        if (isProbabilistic(player)) {
          // a player that states its probabilities (a strategy file) is read, not sampled
          const [as, ps] = player.probabilities(state);
          as.forEach((a, j) => {
            const k = index.get(a);
            if (k === undefined) throw new UserError(`${opts.strategy}: gives an illegal action ${a} at ${state.toString()}`);
            f[k] += ps[j];
          });
          freq[I] = f;
          decisions++;
          return;
        }
        for (let j = 0; j < opts.seeds; j++) {
          const a = players[seat].act(state.clone(), new Rng(opts.seed + j * 1_000_003 + I * 7919));
          decisions++;
          const k = index.get(a);
          if (k === undefined) throw new UserError(`${opts.strategy}: played an illegal action ${a} at ${state.toString()}`);
          f[k] += 1 / opts.seeds;
        }
        freq[I] = f;
      });
      const profile = new Float64Array(tree.slots);
      for (let I = 0; I < tree.infosets; I++) profile.set(freq[I], tree.slot[I]);
      const e = exploitability(tree, profile);
      const seconds = cpuSince(t0);
      const c = tree.constantSum;
      const self0 = (c + profileValue(tree, profile)) / 2;
      const br0 = (c + e.br0) / 2, br1 = (c + e.br1) / 2;
      const result = { game: g.id, part: opts.part ?? null, strategy: opts.strategy, seeds: opts.seeds, infosets: tree.infosets, decisions, selfValue0: self0, bestResponseAsSeat0: br0, bestResponseAsSeat1: br1, exploitability: e.exploitability / 2, cpuSeconds: seconds };
      emit(result, opts, () => [
        `${what}: ${opts.strategy} at both seats, asked at ${tree.infosets.toLocaleString('en-US')} information sets${opts.seeds > 1 ? ` with ${opts.seeds} seeds each` : ''}`,
        `against itself, seat 0 gets ${num(self0)}`,
        `a best response gets ${num(br0)} as seat 0 and ${num(br1)} as seat 1`,
        `exploitability: ${(e.exploitability / 2).toPrecision(4)} (the best responses' mean gain over the game's value)`,
      ].join('\n'), () => [
        { measure: 'self-play, seat 0', value: self0 },
        { measure: 'best response as seat 0', value: br0 },
        { measure: 'best response as seat 1', value: br1 },
        { measure: 'exploitability', value: e.exploitability / 2 },
      ]);
    });

  const enumerate = playCommandName(group, 'enumerate');
  commonOptions(group.command(enumerate).description('exact odds by enumeration: each seat\'s expected return (a win rate in a win/lose game) and the game\'s findings for given players, over every chance outcome and every action they take (with its frequency); where the tree is too big, the games a sample would need'), g)
    .requiredOption('--strategies <list>', 'the players, one per seat, or one for all')
    .addOption(new Option('--seeds <n>', 'a randomized player is asked this many times at each state, by its action frequencies (default 1)').default(1).argParser(intArg('--seeds', 1, 100_000)))
    .addOption(new Option('--seed <n>', 'the first seed (default 1)').default(1).argParser(intArg('--seed', 0, 2 ** 32 - 1)))
    .addOption(new Option('--within <x>', 'where the tree is too big: the precision (± at 95%) the sample size is given for (default 0.001)').default(0.001).argParser((v: string) => {
      const x = Number(v);
      if (!(x > 0 && x < 1)) throw new UserError(`--within must be a number in (0, 1) (got ${JSON.stringify(v)})`);
      return x;
    }))
    .addHelpText('after', `\nExamples:\n${ex(enumerate, ['--strategies uniform --part turn'])}`)
    .action(async (opts: Common & { strategies: string; seeds: number; seed: number; within: number }) => {
      const { enumerateOdds, sampleSizeFor, TooManyStates, MAX_ENUMERATED_STATES } = await import('../exact/enumerate.js');
      const { makePlayer, splitPlayerList } = await import('../play/players.js');
      const { root, what, sg, rules } = await startState(g, opts, undefined);
      const P = root.players;
      let specs = splitPlayerList(opts.strategies);
      if (specs.length === 1) specs = Array.from({ length: P }, () => specs[0]);
      if (specs.length !== P) throw new UserError(`--strategies: ${P} seats here, ${specs.length} players given`);
      const players = specs.map((spec, i) => makePlayer(sg, rules, spec, i, P));
      const findings = opts.part === undefined ? sg.findings ?? [] : [];
      try {
        const r = enumerateOdds(root, players, findings, opts.seeds, opts.seed, MAX_ENUMERATED_STATES, what);
        emit({ game: g.id, part: opts.part ?? null, strategies: specs, ...r }, opts, () => [
          `${what}: ${specs.join(', ')} — exact, over ${r.states.toLocaleString('en-US')} states (${r.ends.toLocaleString('en-US')} ends)`,
          ...r.returns.map((v, k) => `seat ${k} (${specs[k]}): expected return ${num(v)}`),
          ...r.findings.map((f) => `${f.name}: ${f.kind === 'rate' ? `${(100 * f.value).toFixed(4)}%` : num(f.value)}${f.weight < 1 - 1e-9 ? ` (in the ${(100 * f.weight).toFixed(2)}% of games it applies to)` : ''}`),
        ].join('\n'), () => [
          ...r.returns.map((v, k) => ({ measure: `seat ${k} (${specs[k]}) expected return`, value: v, weight: 1 })),
          ...r.findings.map((f) => ({ measure: f.name, value: f.value, weight: f.weight })),
        ]);
      } catch (e) {
        if (!(e instanceof TooManyStates)) throw e;
        throw new UserError(`${what}: more than ${MAX_ENUMERATED_STATES.toLocaleString('en-US')} states to enumerate for these players; a rate to ±${opts.within} (95%) takes up to ${sampleSizeFor(opts.within).toLocaleString('en-US')} sampled games (\`${g.command} balance --deals …\`)`);
      }
    });
}
