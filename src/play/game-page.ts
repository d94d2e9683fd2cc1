/**
 * The report page any game over the interface gets without writing one: its rules (the table its
 * schema generates), its balance (seat win rates in self-play, game length), its skill ladder and
 * its assumptions table re-measured from the schema (src/play/assumptions.ts). An experiment spec:
 *   { name, game: "<game id>-page", title?, rules?, players?: seats, deals, seed,
 *     ladder?: { players?: [rungs], deals, replicates? } | false,
 *     assumptions?: { deals, only?: [fields] } | false }
 * The page is reports/<game id>/game.html; its headline figures (seat win rates, game length,
 * ratings, every re-measured finding and its verdict) go to its findings.json for `oddsmith diff`.
 */
import { dirname, resolve } from 'node:path';
import { UserError } from '../core/errors.js';
import { array, integer, object, onlyKeys, string } from '../core/validate.js';
import { fmtNum, fmtPct } from '../core/format.js';
import { defaultShown, fieldRows } from '../core/schema.js';
import { basisLine } from '../report/chart-config.js';
import type { ExperimentRunner } from '../report/experiment.js';
import type { Figure } from '../report/findings.js';
import { escapeHtml, writePage, type Chart, type Row, type Section } from '../report/page.js';
import { VL_SCHEMA as SCHEMA } from '../report/render.js';
import { runExperiment as runShards } from '../parallel/pool.js';
import type { GameDescriptor } from '../games/types.js';
import { checkGenericAssumptions, checkRows, assumptionRows, summaryLine, type GenericAssumptionsReport } from './assumptions.js';
import { ladderKernelName, pairedOf, playKernelName, registerStateKernels, stateGameOf } from './kernels.js';
import { ladderSections } from './ladder-report.js';
import { summarizeLadder, type LadderResult } from './ladder.js';
import { summarizeMatches, type MatchResult } from './match.js';
import { makePlayer, playerNames, UNIFORM } from './players.js';
import { exactRefusal, exactRow, gameExactAnswers, PAGE_BUDGET } from '../exact/summary.js';

interface GamePageExperiment {
  name: string;
  title: string;
  rules: string | undefined;
  seats: number | undefined;
  deals: number;
  seed: number;
  ladder: { rungs: string[] | undefined; deals: number; replicates: number } | null;
  assumptions: { deals: number; only: string[] | undefined } | null;
}

/** The spec's fields (shared with the runner of outside games, which adds `module`). */
export const GAME_PAGE_KEYS = ['name', 'game', 'kind', 'description', 'title', 'rules', 'players', 'deals', 'seed', 'ladder', 'assumptions'];

export function parseGamePage(spec: Record<string, unknown>, extraKeys: readonly string[] = []): GamePageExperiment {
  const w = `experiment ${String(spec.name)}`;
  onlyKeys(spec, w, [...GAME_PAGE_KEYS, ...extraKeys]);
  const part = (k: 'ladder' | 'assumptions') => (spec[k] === false ? null : spec[k] === undefined ? {} : object(spec[k], `${w}: ${k}`));
  const deals = integer(spec.deals, `${w}: deals`, 10, 10_000_000);
  const l = part('ladder'), a = part('assumptions');
  if (l) onlyKeys(l, `${w}: ladder`, ['players', 'deals', 'replicates']);
  if (a) onlyKeys(a, `${w}: assumptions`, ['deals', 'only']);
  return {
    name: string(spec.name, `${w}: name`),
    title: spec.title === undefined ? '' : string(spec.title, `${w}: title`),
    rules: spec.rules === undefined ? undefined : string(spec.rules, `${w}: rules`),
    seats: spec.players === undefined ? undefined : integer(spec.players, `${w}: players`, 1, 64),
    deals,
    seed: integer(spec.seed, `${w}: seed`, 0, 2 ** 32 - 1),
    ladder: l && {
      rungs: l.players === undefined ? undefined : array(l.players, `${w}: ladder.players`, 2, 32).map((p, i) => string(p, `${w}: ladder.players[${i}]`)),
      deals: l.deals === undefined ? Math.max(10, Math.round(deals / 4)) : integer(l.deals, `${w}: ladder.deals`, 1, 10_000_000),
      replicates: l.replicates === undefined ? 200 : integer(l.replicates, `${w}: ladder.replicates`, 20, 2000),
    },
    assumptions: a && {
      deals: a.deals === undefined ? deals : integer(a.deals, `${w}: assumptions.deals`, 10, 10_000_000),
      only: a.only === undefined ? undefined : array(a.only, `${w}: assumptions.only`, 1, 100).map((f, i) => string(f, `${w}: assumptions.only[${i}]`)),
    },
  };
}

const pct1 = (x: number) => fmtPct(x, 1);
const seatName = (m: MatchResult, s: number) => m.seats[s].role ?? `seat ${s + 1}${s === 0 ? ' (first)' : ''}`;

function rulesSection(g: GameDescriptor, schema: NonNullable<Awaited<ReturnType<GameDescriptor['rules']>>['schema']>, label: string): Section {
  const rows: Row[] = fieldRows(schema).map((r) => ({ field: r.path, type: r.type, range: r.range, unit: r.unit, default: r.default === undefined ? '' : defaultShown(r.default), meaning: r.assumed ? `${r.help} — assumed: ${r.assumed}` : r.help }));
  // a game whose rules have no fields has one rule set: say so rather than head an empty list
  if (!rows.length) return { heading: 'Rules', html: `<p>The game's rules schema has no fields: there is one rule set, and no <code>--set</code> option changes it (<code>npx oddsmith ${escapeHtml(g.invoke ?? g.command)} fields</code> says the same).</p>` };
  return {
    heading: 'Rules',
    html: `<p>Every field of the rules file, from the game's rules schema (<code>npx oddsmith ${escapeHtml(g.invoke ?? g.command)} fields</code> prints the same list). Each is an option: <code>--set field=value</code>; fields marked <i>assumed</i> stand for what the rules text leaves open and are re-measured under "Assumptions" below. The figures on this page are for ${escapeHtml(label)}.</p>`,
    table: { rows },
  };
}

function balanceChart(g: GameDescriptor, runs: MatchResult[], seed: number): Chart {
  const rows: Row[] = runs.flatMap((m) => m.seats.map((s) => ({ player: `${m.players} × ${m.entrants[0].player}`, seat: seatName(m, s.seat), 'win rate': s.winRate.p, low: s.winRate.ci95[0], high: s.winRate.ci95[1], games: s.games })));
  const fair = runs[0].teams ? 1 / runs[0].teams : 1 / runs[0].players;
  const title = `${g.title}: each seat's share of the win in self-play`;
  const order = runs[0].seats.map((s) => seatName(runs[0], s.seat));
  const byPlayer = { x: { field: 'seat', type: 'nominal', sort: order, title: 'seat (in the order of play)', axis: { labelAngle: 0 } }, xOffset: { field: 'player', type: 'nominal', sort: runs.map((m) => `${m.players} × ${m.entrants[0].player}`) }, color: { field: 'player', type: 'nominal', sort: runs.map((m) => `${m.players} × ${m.entrants[0].player}`), title: 'player in every seat' } };
  return {
    name: 'game-balance',
    title,
    caption: `The same player in every seat, every deal replayed with the seats rotated: what a seat is worth. Players: ${runs.map((m) => m.entrants[0].player).join(' and ')}. Bars: 95% intervals clustered by deal. Dashed line: the fair share ${pct1(fair)}.`,
    rows,
    basis: basisLine({ simulated: runs[0].deals, of: `deals × ${runs[0].teams ?? runs[0].players} seatings per player`, seed }),
    spec: {
      $schema: SCHEMA,
      title: { text: title, subtitle: `self-play; colour: the player in every seat; bars: 95% interval; dashed: fair share ${pct1(fair)}` },
      width: Math.max(320, 110 * order.length),
      height: 240,
      data: { values: rows },
      layer: [
        { mark: { type: 'rule', strokeWidth: 2 }, encoding: { ...byPlayer, y: { field: 'low', type: 'quantitative', title: 'share of games won (%)', axis: { format: '.0%' }, scale: { zero: false } }, y2: { field: 'high' } } },
        { mark: { type: 'point', filled: true, size: 80 }, encoding: { ...byPlayer, y: { field: 'win rate', type: 'quantitative' } } },
        { mark: { type: 'rule', strokeDash: [4, 3], color: '#888' }, encoding: { y: { datum: fair } } },
      ],
    // `as never`: vega-lite's TopLevelSpec wants literal mark and encoding types, which the parts
    // built apart and spread in here have widened to string
    } as never,
  };
}

function balanceSection(g: GameDescriptor, runs: MatchResult[], seed: number, rules: string | undefined): { section: Section; figures: Figure[] } {
  const rows: Row[] = runs.flatMap((m) => m.seats.map((s) => ({ player: m.entrants[0].player, seat: seatName(m, s.seat), 'win rate': pct1(s.winRate.p), '95% CI (by deal)': `[${pct1(s.winRate.ci95[0])}, ${pct1(s.winRate.ci95[1])}]`, 'vs fair share': `${s.advantage >= 0 ? '+' : '−'}${Math.abs(s.advantage * 100).toFixed(1)} pts` })));
  const lengths: Row[] = runs.map((m) => ({ player: m.entrants[0].player, 'decisions per game': fmtNum(m.length.mean, 1), '95% CI': `[${fmtNum(m.length.ci95[0], 1)}, ${fmtNum(m.length.ci95[1], 1)}]`, 'shared wins': pct1(m.sharedWins.p), games: m.games }));
  const figures: Figure[] = runs.flatMap((m) => [
    ...m.seats.map((s) => ({ id: `Balance › ${m.entrants[0].player} › ${seatName(m, s.seat)} win rate`, value: s.winRate.p, ci: [s.winRate.ci95[0], s.winRate.ci95[1]] as const, flipAt: 1 / (m.teams ?? m.players) })),
    { id: `Balance › ${m.entrants[0].player} › game length (decisions)`, value: m.length.mean, ci: [m.length.ci95[0], m.length.ci95[1]] as const },
  ]);
  const cmd = (p: string) => `npx oddsmith ${g.invoke ?? g.command} balance --strategies ${p} --players ${runs[0].players}${rules ? ` --rules ${rules}` : ''} --deals ${runs[0].deals} --seed ${seed} --shard-count ${Math.min(16, runs[0].deals)}`;
  return {
    section: {
      heading: 'Balance',
      html: `<p>${runs[0].deals.toLocaleString('en-US')} deals, each replayed with the seats rotated (duplicate play: the luck of the deal cancels), first with the uniformly random player in every seat, then with the game's first player. The same figures as <code>${escapeHtml(cmd(runs[runs.length - 1].entrants[0].player))}</code>.</p>`,
      charts: [balanceChart(g, runs, seed)],
      table: { caption: `Game length in decisions (every player's moves, chance excluded), by the player in every seat: ${lengths.map((r) => `${r.player} ${r['decisions per game']} ${r['95% CI']} over ${Number(r.games).toLocaleString('en-US')} games, shared wins ${r['shared wins']}`).join('; ')}. Seat win rates:`, rows },
    },
    figures,
  };
}

function assumptionsChart(r: GenericAssumptionsReport): Chart | null {
  const checks = r.checks.filter((c) => c.finding === r.summaries[0].finding);
  if (!checks.length) return null;
  const rows: Row[] = [{ setting: 'default', ...pick(checks[0].values[0]), verdict: 'default' }, ...checks.flatMap((c) => c.values.slice(1).map((v) => ({ setting: `${c.field}=${v.value}`, ...pick(v), verdict: v.verdict ?? '' })))];
  const fair = r.fairShare;
  const title = `${r.title}: the first player's win rate at each assumed rule`;
  return {
    name: 'game-assumptions',
    title,
    caption: `Seat 1's share of the win with ${r.players} × ${r.player} in every seat, at the default rules and at each alternative of each assumed field; colour: the verdict against the default. Bars: 95% intervals clustered by deal.`,
    rows,
    basis: basisLine({ simulated: r.deals, of: `deals per rule set, ${r.players} × ${r.player}`, seed: r.seed }),
    spec: {
      $schema: SCHEMA,
      title: { text: title, subtitle: `${r.players} × ${r.player} in every seat; bars: 95% interval; dashed: fair share ${pct1(fair)}` },
      // room for every "field=value" label slanted at 45°: a thinned label would leave a bar unnamed
      width: Math.max(320, 110 * rows.length),
      height: 240,
      data: { values: rows },
      layer: [
        { mark: { type: 'rule', strokeWidth: 2 }, encoding: { x: { field: 'setting', type: 'nominal', sort: null, title: 'rules (field=value)', axis: { labelAngle: -45 } }, y: { field: 'low', type: 'quantitative', title: "first player's share of games won (%)", axis: { format: '.0%' }, scale: { zero: false } }, y2: { field: 'high' }, color: { field: 'verdict', type: 'nominal', title: 'verdict', scale: { domain: ['default', 'holds', 'sensitive', 'fails', 'unmeasured'], range: ['#444', '#1a6b1a', '#d08000', '#b00020', '#999'] } } } },
        { mark: { type: 'point', filled: true, size: 80 }, encoding: { x: { field: 'setting', type: 'nominal', sort: null }, y: { field: 'estimate', type: 'quantitative' }, color: { field: 'verdict', type: 'nominal' } } },
        { mark: { type: 'rule', strokeDash: [4, 3], color: '#888' }, encoding: { y: { datum: fair } } },
      ],
    },
  };
}

const pick = (v: { estimate: number; ci95: [number, number]; n: number }) => ({ estimate: v.estimate, low: v.ci95[0], high: v.ci95[1], games: v.n });

function assumptionsSection(r: GenericAssumptionsReport): { section: Section; figures: Figure[] } {
  const chart = assumptionsChart(r);
  const figures: Figure[] = [
    ...r.checks.flatMap((c) => c.values.filter((v) => v.n > 0 && (v.value !== 'default' || c === r.checks.find((x) => x.finding === c.finding))).map((v) => ({ id: `Assumptions › ${c.finding} › ${v.value === 'default' ? 'default rules' : `${c.field}=${v.value}`}`, value: v.estimate, ci: v.ci95 as readonly [number, number] }))),
    ...r.summaries.map((s) => ({ id: `Assumptions › ${s.finding} › verdict`, value: s.verdict, finding: true })),
  ];
  const list = r.assumptions.map((a) => `<li><code>${escapeHtml(a.field)}</code> — ${escapeHtml(a.help)}. Assumed: ${escapeHtml(a.assumed)}. Default: <b>${escapeHtml(a.byDefault)}</b>. ${a.skipped ? `Not re-measured: ${escapeHtml(a.skipped)}.` : `Re-run at ${escapeHtml(a.alternatives.join('; '))} (${escapeHtml(a.chosenBy)}).`}</li>`).join('\n');
  const verdicts = r.summaries.map((s) => `<li>${escapeHtml(summaryLine(s))}</li>`).join('\n');
  const refused = r.refused.length ? `<p>Not run (the rules refuse the value): ${r.refused.map((x) => `<code>${escapeHtml(`${x.field}=${x.value}`)}</code>: ${escapeHtml(x.problem)}`).join('; ')}.</p>` : '';
  const command = `npx oddsmith ${r.command} assumptions`;
  // nothing left open: no alternative was run, so no verdict, method or table to show
  if (!r.assumptions.length) return { section: { heading: 'Assumptions', id: 'assumptions', sensitive: [], html: `<p>The rules schema marks no field as assumed: the rules text leaves nothing open for this page to re-measure (<code>${escapeHtml(command)}</code> says the same).</p>` }, figures: [] };
  // the method quotes its commands between backticks (as the CLI prints it): code on a page
  const method = escapeHtml(r.method).replace(/`([^`]+)`/g, (_, c: string) => `<code>npx oddsmith ${c.replace(/^npx oddsmith /, '')}</code>`);
  return {
    section: {
      heading: 'Assumptions',
      id: 'assumptions',
      sensitive: r.summaries.filter((s) => s.verdict === 'sensitive' || s.verdict === 'fails').map((s) => `${s.finding} (${s.verdict === 'fails' ? 'fails at' : 'sensitive to'} ${s.at.join(', ')})`),
      html: `<p>What the rules text leaves open (the schema's <i>assumed</i> fields), and whether each figure survives the alternatives; <code>${escapeHtml(command)}</code> prints the same table. ${method}</p>\n<ul>\n${list}\n</ul>\n<p>Verdicts:</p>\n<ul>\n${verdicts}\n</ul>${refused}`,
      charts: chart ? [chart] : [],
      table: { caption: 'Each finding at the default and at each alternative; z: the difference from the default in standard errors.', rows: r.checks.length ? checkRows(r) : assumptionRows(r) },
    },
    figures,
  };
}

function ladderFigures(r: LadderResult): Figure[] {
  return r.ratings.map((x) => ({ id: `Ladder › ${x.rung} ${x.player} › rating (Elo)`, value: Math.round(x.elo), ci: [Math.round(x.ci95[0]), Math.round(x.ci95[1])] as const }));
}

/**
 * Exact answers (src/exact) for the whole game at the page's seats and for each part the game
 * declares, within PAGE_BUDGET; a game without the optional parts, or too big, gets the tools' line.
 */
function exactSection(g: GameDescriptor, sg: ReturnType<typeof stateGameOf>, rules: unknown, P: number, rulesArg: string | undefined, log: (s: string) => void): { section: Section; figures: Figure[] } {
  const prefix = `npx oddsmith ${g.invoke ?? g.command}`;
  const rulesOpt = rulesArg ? ` --rules ${rulesArg}` : '';
  const answers = gameExactAnswers(sg, rules, P, g.id, rulesOpt);
  for (const a of answers) log(`${g.id} page: exact, ${a.what}: ${a.refused ? 'refused' : a.tool}, ${a.cpuSeconds.toFixed(1)} s of CPU`);
  // a refusal is a sentence, not a row of dashes: on a phone the table's note column is off-screen
  const refused = answers.filter((a) => a.refused !== undefined);
  const refusedHtml = refused.length ? `<p>Not solved:</p>\n<ul>\n${refused.map((a) => exactRefusal(a, g.id, prefix)).map((r) => `<li>${escapeHtml(r.subject)} (<code>${escapeHtml(r.command)}</code>): ${escapeHtml(r.reason)}.</li>`).join('\n')}\n</ul>` : '';
  const rows: Row[] = answers.filter((a) => a.refused === undefined).map((a) => exactRow(a, g.id, prefix));
  const figures: Figure[] = answers.filter((a) => a.value !== undefined).map((a) => ({ id: `Exact › ${a.what} › ${a.tool} value`, value: a.value!, ...(a.exploitability === undefined ? { exact: true } : {}) }));
  const none = answers.length === 0 ? '<p>The game seats more than two players and declares no part of one or two: the exact tools have nothing to solve here.</p>' : '';
  return {
    section: {
      heading: 'Exact answers',
      id: 'exact',
      html: `<p>Computed, not sampled (docs/tools.md, “Exact answers”): <code>optimal</code> where one seat decides against chance, <code>equilibrium</code> (pcfr+, with exact best responses) where two do, on the whole game at ${P} seats and on each part the game declares. This page gives each at most ${PAGE_BUDGET.nodes.toLocaleString('en-US')} states or tree nodes and ${PAGE_BUDGET.iterations.toLocaleString('en-US')} iterations (stopping at exploitability ${PAGE_BUDGET.target}); the commands themselves go to 20,000,000 nodes and as many iterations as asked. A game without the optional parts (<code>chanceOutcomes</code>, <code>key</code>) or whose plays may never end gets the tools' one line.${rows.length ? " A value is the first seat's return under the equilibrium (the decider's under <code>optimal</code>), in the game's own units: a win/lose game's is its win rate." : ''}</p>${none}${refusedHtml}`,
      ...(rows.length ? { table: { rows } } : {}),
    },
    figures,
  };
}

/** The experiment runner of one game's generic page. */
export function gamePageRunner(g: GameDescriptor, extraKeys: readonly string[] = []): ExperimentRunner {
  return async (spec, ctx) => {
    const e = parseGamePage(spec, extraKeys);
    const sg = stateGameOf(g.id);
    const rm = await g.rules();
    const rules = rm.loadRules(e.rules);
    const P = e.seats ?? sg.seats(rules).default;
    const log = (s: string) => { if (!ctx.quiet) process.stderr.write(`  ${s}\n`); };
    const name = (rules as { name?: unknown }).name;
    const label = typeof name === 'string' ? `the rules "${name}"` : e.rules ? `the rules ${e.rules}` : 'the default rules';
    const sections: Section[] = [];
    const figures: Figure[] = [];
    if (rm.schema) sections.push(rulesSection(g, rm.schema, label));

    // balance: the uniform player, then the game's first player (as `balance` picks it)
    const first = playerNames(sg)[1] ?? UNIFORM;
    const players = [...new Set([UNIFORM, first])];
    for (const p of players) for (let s = 0; s < P; s++) makePlayer(sg, rules, p, s, P);
    const runs: MatchResult[] = [];
    for (const p of players) {
      log(`${g.id} page: balance, ${P} × ${p}`);
      const params = { game: g.id, rules, entrants: Array.from({ length: P }, () => p) };
      const acc = await runShards({ kernel: playKernelName(g.id), params, seed: e.seed, total: e.deals, shardCount: Math.min(16, e.deals) }, { workers: ctx.workers });
      runs.push(summarizeMatches(sg, params, acc));
    }
    const b = balanceSection(g, runs, e.seed, e.rules);
    sections.push(b.section);
    figures.push(...b.figures);

    if (e.ladder) {
      const rungs = e.ladder.rungs ?? (g.ladder ? [...g.ladder.rungs] : [UNIFORM, ...sg.playerNames]);
      if (rungs.length >= 2) {
        for (const r of rungs) for (let s = 0; s < P; s++) makePlayer(sg, rules, r, s, P);
        log(`${g.id} page: ladder, ${rungs.join(', ')}`);
        const params = { game: g.id, rules, rungs, players: P, replicates: e.ladder.replicates };
        const acc = await runShards({ kernel: ladderKernelName(g.id), params, seed: e.seed, total: e.ladder.deals, shardCount: Math.min(16, e.ladder.deals) }, { workers: ctx.workers });
        const lr = summarizeLadder(sg, params, acc, pairedOf(g.id));
        // the ladder page's charts under other names: both pages write into reports/<game>/
        sections.push(...ladderSections(lr, e.seed).map((s) => ({ ...s, heading: `Ladder: ${s.heading.toLowerCase()}`, charts: s.charts?.map((c) => ({ ...c, name: `game-${c.name}` })) })));
        figures.push(...ladderFigures(lr));
      }
    }

    if (e.assumptions) {
      const r = await checkGenericAssumptions(g, { rules: e.rules, set: [], players: P, deals: e.assumptions.deals, seed: e.seed, workers: ctx.workers, only: e.assumptions.only, log: ctx.quiet ? undefined : (s) => process.stderr.write(`${s}\n`) });
      const a = assumptionsSection(r);
      sections.push(a.section);
      figures.push(...a.figures);
    }

    const x = exactSection(g, sg, rules, P, e.rules, log);
    sections.push(x.section);
    figures.push(...x.figures);

    // the title and summary name the parts this page has (a spec may leave out the ladder or the assumptions)
    const has = (h: string) => sections.some((s) => s.heading.startsWith(h));
    const parts = ['rules', 'balance', ...(has('Ladder') ? ['ladder'] : []), ...(has('Assumptions') ? ['assumptions'] : []), 'exact answers'];
    const title = e.title || `${g.title}: ${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
    const summaryParts = ['the rules from the schema', 'seat balance', ...(has('Ladder') ? ['a skill ladder'] : []), ...(has('Assumptions') ? ['the assumed rules re-measured'] : []), 'exact answers'];
    const page = { path: `${g.id}/game.html`, title, summary: `${summaryParts.slice(0, -1).join(', ')} and ${summaryParts[summaryParts.length - 1]} (${P} players)` };
    const intro = `<p>${escapeHtml(g.summary)}. This page is the generic one every game gets from its definition alone (docs/tools.md): figures for ${escapeHtml(label)}, ${P} players; each chart names the players that produced it and its sample.</p>`;
    return [await writePage(ctx.reportsDir, page, intro, sections, figures)];
  };
}

/**
 * The runner of `{ "game": "game-page", "module": "<path>" }`: the generic page of a game loaded
 * from a module (a path relative to the spec's file, or a package name), registered as
 * `--game` would register it.
 */
export const modulePageRunner: ExperimentRunner = async (spec, ctx) => {
  const w = `experiment ${String(spec.name)}`;
  const module = string(spec.module, `${w}: module`);
  const { loadGameModule, loadGames, gameById } = await import('../games/registry.js');
  const base = ctx.specFile ? dirname(resolve(ctx.specFile)) : process.cwd();
  const { definition } = await loadGameModule(module, base);
  await loadGames([module], base);
  const g = gameById(definition.id);
  if (!g?.state) throw new UserError(`${w}: the game ${definition.id} in ${module} has no state to play`);
  await registerStateKernels();
  return gamePageRunner(g, ['module'])(spec, ctx);
};
