import type { ExperimentRunner, ExperimentContext } from '../../../report/experiment.js';
import { exactFigure, intervalFigure } from '../../../report/findings.js';
import { writePage, escapeHtml, type Chart, type PageInfo, type Row, type Section } from '../../../report/page.js';
import { runExperiment as runShards } from '../../../parallel/pool.js';
import { integer, number, string, array, object, onlyKeys } from '../../../core/validate.js';
import { packageRoot } from '../../../core/paths.js';
import { isAbsolute, join } from 'node:path';
import { validateRules } from '../turn/rules.js';
import { validateGameRules, safeLimit, checkPlayers } from './rules.js';
import { gameKernel, type GameResult } from './kernels.js';
import { checkGameParams, type GameParams } from './engine.js';
import { END_NAMES, MONEY_NAMES } from './layout.js';
import { policyTablesFor } from './policy-tables.js';
import { parseSweepSet } from '../../../core/rules.js';
import { fmtPct } from '../../../core/format.js';
import { rawRules, runSweep, sweepPoints, type SweepResult } from './sweep.js';
import { bettorFor, parsePlayers } from '../strategies/index.js';
import { openingTellValue } from '../turn/tell.js';
import { OPTIMAL } from '../turn/strategy.js';
import { assumptionsSection } from '../../../report/assumptions.js';
import { checkAssumptions } from '../assumptions.js';

import { VL_SCHEMA as SCHEMA } from '../../../report/render.js';
import { basisLine, barValueLabels, sweptAxis } from '../../../report/chart-config.js';
const k = (x: number) => Math.round(x).toLocaleString('en-US');
const pct = (p: number, d = 1) => fmtPct(p, d);
const ENDING_LABEL: Record<string, string> = { instantWin: 'Wulong (instant win)', fortune: 'a fortune ≥ end limit', safes: 'last safe closed', turnLimit: 'turn limit (safety stop)' };

function resolve(file: string): string {
  return isAbsolute(file) ? file : join(packageRoot(), file);
}

// ---------------------------------------------------------------- game page

interface GameRun {
  players: number;
  params: GameParams;
  result: GameResult;
}

function winChart(runs: GameRun[]): Chart {
  const rows: Row[] = runs.flatMap((r) => r.result.strategies.map((s) => ({ players: `${r.players} players`, strategy: s.label, winRate: s.win.p, ciLow: s.win.ci95[0], ciHigh: s.win.ci95[1], fairShare: 1 / r.players })));
  const order = [...new Set(rows.map((r) => String(r.strategy)))];
  return {
    name: 'game-win-rates',
    title: 'Win rate by strategy, for each number of players',
    caption: 'Share of games won (bars) with 95% Wilson intervals (black); the dashed line is an equal share (1 / players). Strategies are seated in a random rotation each game, so seat effects average out. All players roll with the optimal turn policy; they differ in how they bet as passive players.',
    rows,
    spec: {
      $schema: SCHEMA,
      title: { text: 'Who wins? Win rate by betting strategy', subtitle: 'Wulong rulebook rules; 95% intervals' },
      data: { values: rows },
      facet: { column: { field: 'players', type: 'nominal', title: null, header: { labelFontSize: 12 } } },
      spec: {
        width: 170,
        height: 220,
        layer: [
          { mark: 'bar', encoding: { x: { field: 'strategy', type: 'nominal', sort: order, title: null, axis: { labelAngle: -40 } }, y: { field: 'winRate', type: 'quantitative', title: 'share of games won', axis: { format: '.0%' } }, color: { field: 'strategy', type: 'nominal', sort: order, legend: null } } },
          { mark: { type: 'rule', color: 'black' }, encoding: { x: { field: 'strategy', type: 'nominal', sort: order }, y: { field: 'ciLow', type: 'quantitative' }, y2: { field: 'ciHigh' } } },
          { mark: { type: 'rule', strokeDash: [4, 3], color: '#555' }, encoding: { y: { field: 'fairShare', type: 'quantitative', aggregate: 'mean' } } },
        ],
      },
      resolve: { scale: { x: 'independent' } },
    },
  };
}

function lengthChart(runs: GameRun[]): Chart {
  const rows: Row[] = runs.flatMap((r) => {
    const h = r.result.length.histogram, n = r.result.games;
    return h.map((c, turns) => ({ players: `${r.players} players`, turns, share: c / n })).filter((x) => x.turns > 0);
  });
  return {
    name: 'game-length',
    title: 'Game length in turns',
    caption: `Share of games lasting each number of turns (one turn = one active player's turn). Means: ${runs.map((r) => `${r.players} players ${r.result.length.turnsMean.toFixed(1)}`).join(', ')} turns. More players fill the safes faster, but each safe holds more.`,
    rows,
    spec: {
      $schema: SCHEMA,
      title: { text: 'How long does a game last?', subtitle: 'distribution of the number of turns' },
      width: 640,
      height: 260,
      data: { values: rows },
      mark: { type: 'line', interpolate: 'step-after' },
      encoding: {
        x: { field: 'turns', type: 'quantitative', title: 'game length (turns)' },
        y: { field: 'share', type: 'quantitative', title: 'share of games', axis: { format: '.0%' } },
        color: { field: 'players', type: 'nominal', title: 'players' },
      },
    },
  };
}

function endingChart(runs: GameRun[]): Chart {
  const rows: Row[] = runs.flatMap((r) => END_NAMES.map((e) => ({ players: `${r.players} players`, ending: ENDING_LABEL[e], share: r.result.endings[e].p, ciLow: r.result.endings[e].ci95[0], ciHigh: r.result.endings[e].ci95[1] })));
  return {
    name: 'game-endings',
    title: 'How games end',
    caption: 'Share of games ending by each rule. The fortune limit and the last safe split most games between them; a Wulong (five dragons in one roll) ends a fraction of a percent.',
    rows,
    spec: {
      $schema: SCHEMA,
      title: { text: 'How games end', subtitle: 'share of games by the rule that ended them' },
      width: 560,
      height: { step: 28 },
      data: { values: rows },
      mark: 'bar',
      encoding: {
        y: { field: 'players', type: 'nominal', title: null },
        x: { field: 'share', type: 'quantitative', title: 'share of games', stack: 'normalize', axis: { format: '.0%' } },
        color: { field: 'ending', type: 'nominal', title: 'game ended by', sort: END_NAMES.map((e) => ENDING_LABEL[e]) },
        order: { field: 'ending' },
      },
    },
  };
}

function moneyChart(runs: GameRun[]): Chart {
  const label: Record<string, string> = {
    scoresPaid: 'bank → active players (turn scores)',
    cardWinnings: 'bank → winning bets (card odds)',
    allInWinnings: 'bank → winning all-in bets',
    stakesToSafes: 'losing stakes → safes',
    safesToBank: 'closed safes → bank',
  };
  const keys = Object.keys(label) as (typeof MONEY_NAMES)[number][];
  const rows: Row[] = runs.flatMap((r) => keys.map((m) => ({ players: `${r.players} players`, flow: label[m], chipsPerGame: r.result.moneyPerGame[m] })));
  return {
    name: 'game-money-flows',
    title: 'Money flows per game',
    caption: 'Chips moved per game along each route (means). The bank pays the active players\' scores and the winning bets; losing stakes fill the safes, and each closing safe returns its limit to the bank.',
    rows,
    spec: {
      $schema: SCHEMA,
      title: { text: 'Where the chips go', subtitle: 'chips per game, by route' },
      width: 460,
      height: { step: 12 },
      data: { values: rows },
      encoding: {
        y: { field: 'flow', type: 'nominal', title: null, sort: keys.map((m) => label[m]) },
        yOffset: { field: 'players', type: 'nominal' },
        x: { field: 'chipsPerGame', type: 'quantitative', title: 'chips per game (mean)', axis: { format: ',d' }, scale: { domainMax: Math.max(...rows.map((r) => Number(r.chipsPerGame))) * 1.12 } },
        color: { field: 'players', type: 'nominal', title: 'players' },
      },
      // the value at each bar's end: a near-empty route (all-in winnings) reads as a number, not a gap
      layer: [{ mark: 'bar' }, barValueLabels('chipsPerGame', ',.0f', true)],
    },
  };
}

function cardChart(run: GameRun): Chart {
  const pol = policyTablesFor(run.params.rules, run.params.players[0].policy);
  const C = run.params.rules.bettingCards.length, row = pol.sim.dice * C, vp = pol.voidP[pol.sim.dice];
  const rows: Row[] = [];
  run.params.rules.bettingCards.forEach((c, i) => {
    const p = pol.winP[row + i];
    rows.push({ card: `${c.name} (1:${c.odds})`, measure: 'exact, at the initial phase', evPerChip: p * c.odds - (1 - p - vp), ciLow: null, ciHigh: null, bets: null });
    const r = run.result.cards[i];
    if (r.evPerChip !== null && r.se !== null) rows.push({ card: `${c.name} (1:${c.odds})`, measure: 'realised in play (raises included)', evPerChip: r.evPerChip, ciLow: r.evPerChip - 1.96 * r.se, ciHigh: r.evPerChip + 1.96 * r.se, bets: r.bets });
  });
  const order = run.params.rules.bettingCards.map((c) => `${c.name} (1:${c.odds})`);
  return {
    name: 'game-card-ev',
    title: `Betting cards: exact EV per chip against what bets realised in play (${run.players} players)`,
    caption: 'Net chips won per chip staked. Exact: the turn solver\'s value with nothing revealed (the compulsory opening bet). Realised: every bet of the simulated games, raises included, with a 95% interval; strategies that raise add chips only when the revealed dice make their card favourable, so they realise more than the opening EV. Cards nobody bets on have no realised bar.',
    rows,
    spec: {
      $schema: SCHEMA,
      title: { text: 'Betting cards: EV per chip staked', subtitle: `${run.params.players.map((p) => p.label).join(', ')}` },
      width: 520,
      height: { step: 18 },
      data: { values: rows },
      layer: [
        { mark: 'bar', encoding: { y: { field: 'card', type: 'nominal', sort: order, title: null }, yOffset: { field: 'measure', type: 'nominal' }, x: { field: 'evPerChip', type: 'quantitative', title: 'expected net chips per chip staked' }, color: { field: 'measure', type: 'nominal', title: null, legend: { orient: 'bottom' } } } },
        { mark: { type: 'rule', color: 'black' }, encoding: { y: { field: 'card', type: 'nominal', sort: order }, yOffset: { field: 'measure', type: 'nominal' }, x: { field: 'ciLow', type: 'quantitative' }, x2: { field: 'ciHigh' } } },
        { mark: { type: 'rule', color: '#333' }, encoding: { x: { datum: 0 } } },
      ],
    },
  };
}

function strategyTable(runs: GameRun[]): Row[] {
  return runs.flatMap((r) =>
    r.result.strategies.map((s) => ({
      players: r.players,
      strategy: s.label,
      'win rate': pct(s.win.p, 2),
      '95% interval': `${pct(s.win.ci95[0], 2)} – ${pct(s.win.ci95[1], 2)}`,
      'final fortune': k(s.finalFortune.mean),
      'staked / game': k(s.perGame.staked),
      'bet net / game': k(s.perGame.betNet),
      'return / chip': s.betReturnPerChip === null ? '-' : s.betReturnPerChip.toFixed(4),
      'all-ins / game': s.perGame.allIns.toFixed(3),
    })),
  );
}

// ---------------------------------------------------------------- issue 16: the tell, safe limits, assumptions

interface SweepSpec {
  values: number[];
  players: number[];
  games: number;
}

function sweepSpec(raw: unknown, at: string, key: string, defaults: number[]): SweepSpec {
  const o = object(raw, at);
  onlyKeys(o, at, [key, 'players', 'games']);
  return {
    values: array(o[key] ?? defaults, `${at}.${key}`, 1, 12).map((x, i) => number(x, `${at}.${key}[${i}]`)),
    players: array(o.players ?? [4], `${at}.players`, 1, 4).map((x, i) => checkPlayers(integer(x, `${at}.players[${i}]`, 2, 5), `${at}.players[${i}]`)),
    games: integer(o.games ?? 4000, `${at}.games`, 1, 1e9),
  };
}

/** One sentence on the whole games across accuracies: who wins most at the first and the last accuracy, and how long games last. */
function tellGames(sw: SweepResult): string {
  const at = (pt: SweepResult['points'][number]) => {
    const best = pt.winRates.reduce((a, b) => (b.p > a.p ? b : a));
    return `${escapeHtml(best.label.split('@')[0])} wins ${pct(best.p)}, games last ${pt.turnsMean.toFixed(1)} turns and ${pct(pt.endings.safes ?? 0)} end on the safes`;
  };
  const first = sw.points[0], last = sw.points[sw.points.length - 1];
  return `At a = ${first.values['betting.readAccuracy']} ${at(first)}; at a = ${last.values['betting.readAccuracy']} ${at(last)}: the stakes follow the read, so the bettor who stakes most on its edge runs away with the game and the fortune limit ends it early.`;
}

/** The tell: exact value of the read (a fine grid of accuracies), and whole games at the listed accuracies. */
async function tellSection(raw: unknown, rules: ReturnType<typeof validateRules>, t: SweepSpec, strategies: string, seed: number, shardCount: number, ctx: ExperimentContext): Promise<Section> {
  const grid = Array.from({ length: 21 }, (_, i) => i / 20);
  const rows: Row[] = grid.map((a) => {
    const v = openingTellValue(rules, OPTIMAL, a);
    return { accuracy: a, bestEvPerChip: v.bestEvPerChip, opensOnCrane: v.pickShare.find((x) => x.card === 'crane')?.share ?? null, listed: t.values.includes(a) };
  });
  const P = t.players[0];
  const players = parsePlayers(strategies.split(',').slice(0, P).join(','), P);
  const fields = [parseSweepSet(`betting.readAccuracy=${t.values.join(',')}`)];
  const sw = await runSweep(sweepPoints(raw, fields), fields, players, { games: t.games, seed, shardCount, workers: ctx.workers });
  if (!ctx.quiet) process.stderr.write(`  tell: ${sw.points.length} accuracies × ${t.games} games\n`);
  const at0 = rows[0].bestEvPerChip as number, at1 = rows[rows.length - 1].bestEvPerChip as number;
  const chart: Chart = {
    name: 'game-tell',
    title: 'The value of reading the active player',
    caption: `Exact, not simulated: the opening bet's EV per chip when the bettor stakes on the best card given a read of the hidden first roll (the true roll with probability a, else a random roll; Bayes over the turn solver's odds). From ${at0.toFixed(3)} with no read to ${at1.toFixed(3)} with a perfect read. Dots: the accuracies played as whole games below.`,
    rows,
    basis: basisLine({ exact: 'Bayes over the turn solver\'s card odds at every accuracy drawn; nothing sampled' }),
    spec: {
      $schema: SCHEMA,
      title: { text: 'What a tell is worth at the opening bet', subtitle: 'active player optimal; best card given the read' },
      width: 520,
      height: 260,
      data: { values: rows },
      layer: [
        { mark: { type: 'line' }, encoding: { x: { field: 'accuracy', type: 'quantitative', title: 'read accuracy a (0 = no read, 1 = knows the roll)' }, y: { field: 'bestEvPerChip', type: 'quantitative', title: 'best opening EV per chip (exact)' } } },
        { transform: [{ filter: 'datum.listed' }], mark: { type: 'point', filled: true, size: 60 }, encoding: { x: { field: 'accuracy', type: 'quantitative' }, y: { field: 'bestEvPerChip', type: 'quantitative' } } },
        { mark: { type: 'rule', color: '#777', strokeDash: [3, 3] }, encoding: { y: { datum: 0 } } },
      ],
    },
  };
  const table: Row[] = sw.points.map((pt) => {
    const a = pt.values['betting.readAccuracy'];
    const v = openingTellValue(rules, OPTIMAL, a);
    const row: Row = { 'read accuracy': a, 'best opening EV/chip (exact)': v.bestEvPerChip.toFixed(4), 'opens on the crane (exact)': pct(v.pickShare.find((x) => x.card === 'crane')?.share ?? 0) };
    for (const w of pt.winRates) row[`${w.label.split('@')[0]} wins`] = pct(w.p);
    row['end on safes'] = pct(pt.endings.safes ?? 0);
    row.turns = pt.turnsMean.toFixed(1);
    return row;
  });
  const html = `<p>The rulebook tells passive players to "gauge the final score based on the active player's reaction". Modelled as a tell of accuracy <i>a</i> (<code>betting.readAccuracy</code>, default 0): after every hidden roll the passive players read a roll, which is the true one with probability <i>a</i> and otherwise a random roll of as many dice; their card odds are the exact posterior (docs/rules/wulong.md). With no read the crane is the only card above fair and every exact bettor opens on it; with any read the best card depends on the read (the tiger after a read bust, the panda or dragon after a big roll), and the opening bet is worth ${at1.toFixed(3)} per chip at a perfect read. The findings of this page — the crane as the only sensible opening, a thin edge for exact bettors — hold only at <i>a</i> = 0. Games below: ${t.games.toLocaleString('en-US')} ${P}-player games per accuracy (seed ${seed}, same dice at every accuracy), line-up <code>${escapeHtml(players.map((p) => p.label).join(','))}</code>. ${tellGames(sw)}</p>`;
  return { heading: 'Reading the active player (a tell)', html, charts: [chart], table: { rows: table, caption: 'Per read accuracy: exact value of the opening bet and how often the crane is the best card; simulated win rates, share of games ending on the last safe, mean game length.' } };
}

/** The safe limit for 2, 4 and 5 players is assumed: the page's findings across a range of limits per player. */
async function safeLimitSection(raw: unknown, g: ReturnType<typeof validateGameRules>, sl: SweepSpec, strategies: string, seed: number, shardCount: number, ctx: ExperimentContext): Promise<Section> {
  const rows: Row[] = [];
  const table: Row[] = [];
  for (const P of sl.players) {
    const players = parsePlayers(strategies.split(',').slice(0, P).join(','), P);
    const fields = [parseSweepSet(`game.safes.limitPerPlayer=${sl.values.join(',')}`)];
    const sw = await runSweep(sweepPoints(raw, fields), fields, players, { games: sl.games, seed, shardCount, workers: ctx.workers });
    if (!ctx.quiet) process.stderr.write(`  safe limits: ${P} players, ${sw.points.length} limits × ${sl.games} games\n`);
    sw.points.forEach((pt) => {
      const per = pt.values['game.safes.limitPerPlayer'];
      const n = pt.games, safes = pt.endings.safes ?? 0;
      const half = 1.96 * Math.sqrt((safes * (1 - safes)) / n);
      rows.push({ players: `${P} players`, limitPerPlayer: per, endOnSafes: safes, ciLow: Math.max(0, safes - half), ciHigh: Math.min(1, safes + half) });
      const best = pt.winRates.reduce((a, b) => (b.p > a.p ? b : a));
      const crane = pt.cards.find((c) => c.card === 'crane');
      table.push({
        players: P,
        'limit per player': k(per),
        'safe limit': k(g.safes.limitByPlayers[String(P)] ?? per * P),
        'end on safes': pct(safes),
        'end on a fortune': pct(pt.endings.fortune ?? 0),
        turns: pt.turnsMean.toFixed(1),
        'most wins': `${best.label.split('@')[0]} ${pct(best.p)}`,
        'win spread': pct(pt.winSpread),
        'crane EV/chip in play': crane?.realisedEvPerChip == null ? '-' : crane.realisedEvPerChip.toFixed(3),
      });
    });
  }
  const chart: Chart = {
    name: 'game-safe-limits',
    title: 'Games ending on the last safe, by the assumed safe limit',
    caption: `Share of games ending because the last safe closed, with 95% intervals (simulated, ${sl.games.toLocaleString('en-US')} games per point, seed ${seed}). The rulebook prints only the 3-player limit (15,000); for other player counts the limit is assumed ${k(g.safes.limitPerPlayer)} × players (game.safes.limitPerPlayer). Smaller safes end more games on the safes and shorten them.`,
    rows,
    basis: basisLine({ simulated: sl.games, of: 'games per point', seed }),
    spec: {
      $schema: SCHEMA,
      title: { text: 'How often the safes end the game', subtitle: 'by the assumed safe limit per player; 95% intervals' },
      width: 520,
      height: 260,
      data: { values: rows },
      layer: [
        { mark: { type: 'area', opacity: 0.2 }, encoding: { x: { field: 'limitPerPlayer', type: 'quantitative', title: 'safe limit per player (chips)', axis: { format: ',d', values: sl.values }, scale: { nice: false, padding: 12 } }, y: { field: 'ciLow', type: 'quantitative', title: 'share of games ending on the last safe', axis: { format: '.0%' } }, y2: { field: 'ciHigh' }, color: { field: 'players', type: 'nominal', title: 'players' } } },
        { mark: { type: 'line', point: true }, encoding: { x: { field: 'limitPerPlayer', type: 'quantitative' }, y: { field: 'endOnSafes', type: 'quantitative' }, color: { field: 'players', type: 'nominal' } } },
      ],
    },
  };
  const html = `<p><b>Assumed:</b> the safe limit. The rulebook prints 15,000 for 3 players only; for 2, 4 and 5 players this page assumes ${k(g.safes.limitPerPlayer)} × players (<code>game.safes.limitPerPlayer</code>, or a table by player count in <code>game.safes.limitByPlayers</code>). The last safe closing ends about half of all games, so the limit is a headline assumption: below, the same line-up at limits of ${sl.values.map((x) => k(x)).join(' / ')} per player. Try one: <code>oddsmith wulong game --players 4 --games 4000 --set game.safes.limitPerPlayer=4000</code>.</p>`;
  return { heading: 'The assumed safe limit', html, charts: [chart], table: { rows: table, caption: 'Per player count and limit per player: how games end, their length, the strategy winning most, the spread of win rates, the crane\'s realised EV per chip.' } };
}

async function gamePage(spec: Record<string, unknown>, ctx: ExperimentContext, where: string): Promise<PageInfo> {
  onlyKeys(spec, where, ['name', 'game', 'kind', 'description', 'page', 'rules', 'players', 'strategies', 'games', 'seed', 'shardCount', 'tell', 'safeLimits', 'assumptions']);
  const rulesFile = spec.rules === undefined ? undefined : resolve(string(spec.rules, `${where}: rules`));
  const rules = validateRules(rawRules(rulesFile), `rules file ${rulesFile ?? 'default'}`);
  const g = validateGameRules(rules);
  const counts = array(spec.players ?? [2, 3, 4, 5], `${where}: players`, 1, 4).map((x, i) => checkPlayers(integer(x, `${where}: players[${i}]`, 2, 5), `${where}: players[${i}]`));
  const strategies = string(spec.strategies ?? 'kelly,fraction:0.1,min,naive,lookahead', `${where}: strategies`);
  const games = integer(spec.games ?? 20000, `${where}: games`, 1, 1e9);
  const seed = integer(spec.seed ?? 1, `${where}: seed`, 0);
  const shardCount = integer(spec.shardCount ?? 16, `${where}: shardCount`, 1, 100000);
  const runs: GameRun[] = [];
  for (const P of counts) {
    const list = strategies.split(',').slice(0, P).join(',');
    const params: GameParams = { rules, players: parsePlayers(list, P) };
    checkGameParams(params, bettorFor);
    const acc = await runShards({ kernel: gameKernel.name, params, seed, total: games, shardCount }, { workers: ctx.workers });
    runs.push({ players: P, params, result: gameKernel.summarize(params, acc, games) });
    if (!ctx.quiet) process.stderr.write(`  ${P} players: ${games} games\n`);
  }
  const four = runs.find((r) => r.players === 4) ?? runs[runs.length - 1];
  const best = four.result.strategies.reduce((a, b) => (b.win.p > a.win.p ? b : a));
  const crane = four.result.cards.find((c) => c.card === 'crane');
  const opening = policyTablesFor(rules, four.params.players[0].policy);
  const positive = rules.bettingCards.filter((c, i) => {
    const p = opening.winP[opening.sim.dice * rules.bettingCards.length + i];
    return p * c.odds - (1 - p - opening.voidP[opening.sim.dice]) > 0;
  }).map((c) => `${c.name} (1:${c.odds})`);
  const page: PageInfo = { path: 'wulong/game.html', title: 'Wulong: the full game — betting strategies, safes, endings', summary: `${games.toLocaleString('en-US')} simulated games per player count: ${best.label} wins ${pct(best.win.p)} of 4-player games; games last ${four.result.length.turnsMean.toFixed(1)} turns on average` };
  const intro = `<p>Whole games of Wulong under <code>${escapeHtml(rules.name)}</code>: starting cash ${k(g.startingCash)}, ${g.safes.count} safes (limit ${counts.map((P) => `${k(safeLimit(g, P))} for ${P}`).join(', ')}; only the 3-player limit is printed — the others are the assumed 5,000 × players), game end at a fortune of ${k(g.endFortune)}. Every player rolls with the optimal turn policy when active; as a passive player each bets by its strategy. The line-up is <code>${escapeHtml(strategies)}</code>; the first <i>P</i> of it play a <i>P</i>-player game. Strategies: <b>kelly</b> (exact conditional card, Kelly stake, raises toward the Kelly stake), <b>fraction:F</b> (F × fortune when favourable), <b>min</b> (minimum stake, +1 minimum bet per favourable phase), <b>lookahead</b> (min's plan, opening card chosen by the exact value of the bet plus its future raises), <b>naive</b> (always Dance of the Crane at the minimum). Card choices use the exact final-score distribution of the active player's turn given the revealed dice, from the turn solver.</p>
<p>Everything here is simulated (${games.toLocaleString('en-US')} games per player count, seed ${seed}, ${shardCount} shards; identical for any number of workers); the exact part is the passive players' card odds. Regenerate with <code>oddsmith report --only ${escapeHtml(String(spec.name))}</code>; one run from the command line: <code>oddsmith wulong game --players 4 --games ${games} --seed ${seed}</code>.</p>
<p>What to see: ${positive.length ? `at the initial phase only ${positive.join(', ')} ${positive.length > 1 ? 'have' : 'has'} a positive EV per chip, so every exact bettor opens there` : 'no card has a positive EV per chip at the initial phase'}${crane && crane.evPerChip !== null ? `; with raises on favourable reveals the crane realises ${crane.evPerChip.toFixed(3)} net chips per chip staked in play` : ''}. In 4-player games <b>${escapeHtml(best.label)}</b> wins most often (${pct(best.win.p)}, against an equal share of ${pct(1 / four.players)}); seat 1, which rolls first, wins ${pct(four.result.seats[0].win.p)}.</p>`;
  const sections: Section[] = [
    { heading: 'Win rates', charts: [winChart(runs)], table: { rows: strategyTable(runs), caption: 'Per strategy: win rate (ties share the win), mean final fortune, chips staked and won per game, net return per chip staked.' } },
    { heading: 'Win rate by seat', table: { rows: runs.flatMap((r) => r.result.seats.map((s) => ({ players: r.players, seat: s.seat, 'win rate': pct(s.win.p, 2), '95% interval': `${pct(s.win.ci95[0], 2)} – ${pct(s.win.ci95[1], 2)}` }))), caption: 'Seat 1 rolls first. Strategies rotate through the seats, so this is the pure seat effect.' } },
    { heading: 'Game length and endings', charts: [lengthChart(runs), endingChart(runs)] },
    { heading: 'Money flows', charts: [moneyChart(runs)] },
    { heading: 'Betting cards in play', charts: [cardChart(four)] },
  ];
  const basis = basisLine({ simulated: games, of: 'games per player count', seed });
  for (const sec of sections) sec.charts = sec.charts?.map((c) => ({ basis: c.name === 'game-card-ev' ? `${basis}; the exact bars from the turn solver` : basis, ...c }));
  // issue 16: what the page's findings assume
  const raw = rawRules(rulesFile);
  if (spec.tell !== undefined) sections.push(await tellSection(raw, rules, sweepSpec(spec.tell, `${where}: tell`, 'accuracy', [0, 0.25, 0.5, 0.75, 1]), strategies, seed, shardCount, ctx));
  if (spec.safeLimits !== undefined) sections.push(await safeLimitSection(raw, g, sweepSpec(spec.safeLimits, `${where}: safeLimits`, 'perPlayer', [3000, 4000, 5000, 6000, 8000]), strategies, seed, shardCount, ctx));
  if (spec.assumptions !== undefined) {
    const o = object(spec.assumptions, `${where}: assumptions`);
    onlyKeys(o, `${where}: assumptions`, ['games']);
    sections.push(assumptionsSection(await checkAssumptions({ games: integer(o.games ?? 2000, `${where}: assumptions.games`, 100, 1e8), seed, workers: ctx.workers })));
  }
  // headline figures for `oddsmith diff`: win rates against the equal share, with their intervals
  const figures = runs.flatMap((r) => [
    ...r.result.strategies.map((x) => intervalFigure(`${r.players} players › win rate › ${x.label}`, x.win.p, x.win.ci95, 1 / r.players)),
    intervalFigure(`${r.players} players › win rate › seat 1`, r.result.seats[0].win.p, r.result.seats[0].win.ci95, 1 / r.players),
  ]);
  return writePage(ctx.reportsDir, page, intro, sections, figures);
}

// ---------------------------------------------------------------- sweep page

export interface SweepRun {
  title: string;
  result: SweepResult;
}

/** A swept field as a reader names it: "Path of the Panda odds" for bettingCards.panda.odds. */
function fieldName(path: string, raw: unknown): string {
  const card = /^bettingCards\.([^.]+)\.odds$/.exec(path)?.[1];
  const cards = (raw as { bettingCards?: { id: string; name: string }[] }).bettingCards ?? [];
  const named = card ? cards.find((c) => c.id === card)?.name : undefined;
  if (named) return `${named} odds`;
  // "game.safes.limitPerPlayer" → "safes limit per player": words, not a field path
  return path.split('.').slice(-2).map((w) => w.replace(/([a-z])([A-Z])/g, (_, a: string, b: string) => `${a} ${b.toLowerCase()}`)).join(' ');
}

function sweepCharts(run: SweepRun, i: number, page: string, raw: unknown): Chart[] {
  const r = run.result;
  const [f1, f2] = r.fields.map((f) => f.path);
  const name1 = fieldName(f1, raw), name2 = f2 ? fieldName(f2, raw) : undefined;
  const v1 = (pt: SweepResult['points'][number]) => pt.values[f1];
  const series = (pt: SweepResult['points'][number]) => (f2 ? `${name2} = ${pt.values[f2]}` : '');
  const win: Row[] = r.points.flatMap((pt) => [
    ...pt.winRates.map((w) => ({ x: v1(pt), series: series(pt), strategy: w.label, winRate: w.p, ciLow: w.ci95[0], ciHigh: w.ci95[1] })),
  ]);
  const spread: Row[] = r.points.map((pt) => ({ x: v1(pt), series: series(pt), winSpread: pt.winSpread, turns: pt.turnsMean }));
  const cards: Row[] = r.points.flatMap((pt) =>
    pt.cards.flatMap((c) => [
      { x: v1(pt), series: series(pt), card: c.name, measure: 'exact EV at the initial phase', ev: c.exactEvPerChip, fairOdds: c.fairOdds, betShare: c.betShare },
      ...(c.realisedEvPerChip === null ? [] : [{ x: v1(pt), series: series(pt), card: c.name, measure: 'realised EV in play', ev: c.realisedEvPerChip, fairOdds: c.fairOdds, betShare: c.betShare }]),
    ]),
  );
  const strategies = r.players;
  const cardId = /^bettingCards\.([^.]+)\.odds$/.exec(f1)?.[1];
  const xTitle = cardId ? `${name1} (chips paid per chip staked)` : `${name1} (rules value)`;
  const xs = sweptAxis(r.points.map(v1));
  const x = { field: 'x', type: 'quantitative', title: xTitle, scale: xs.scale, axis: xs.axis };
  // a card's odds sweep: mark the printed odds and the fair (EV 0) odds on every chart
  const printed = cardId ? Number(getPrinted(raw, cardId)) : NaN;
  const fairOdds = cardId ? r.points[0].cards.find((c) => c.card === cardId)?.fairOdds ?? null : null;
  const marks = [
    ...(Number.isFinite(printed) ? [{ at: printed, label: `printed 1:${printed}`, dash: [1, 0] }] : []),
    ...(fairOdds !== null ? [{ at: fairOdds, label: `fair 1:${fairOdds.toFixed(2)}`, dash: [5, 3] }] : []),
  ];
  const ruleLayers = marks.map((m) => ({ mark: { type: 'rule', color: '#555', strokeDash: m.dash, strokeWidth: 1.5 }, encoding: { x: { datum: m.at, type: 'quantitative' } } }));
  // one row of data each, so each line and label is drawn once (not once per data row); the labels
  // stand above the plot, a row each, where no data line or other rule can cross them
  const markLayers = [
    ...ruleLayers.map((l) => ({ data: { values: [{}] }, ...l })),
    ...marks.map((m, j) => ({ data: { values: [{}] }, mark: { type: 'text', color: '#333', align: 'left', baseline: 'bottom', dx: -2, dy: -3 - 12 * (marks.length - 1 - j), fontSize: 10 }, encoding: { x: { datum: m.at, type: 'quantitative' }, y: { value: 0 }, text: { value: m.label } } })),
  ];
  const basis = basisLine({ simulated: r.gamesPerPoint, of: `${r.players.length}-player games per point (same dice at every point)`, seed: r.seed });
  const sub = [`${run.title}${name2 ? `; lines: ${name2}` : ''}`, ...(marks.length ? ['solid line: the printed odds; dashed: the fair odds (EV 0)'] : [])];
  const colour = { field: f2 ? 'series' : 'strategy', type: 'nominal', title: f2 ? name2 : 'strategy', ...(f2 ? {} : { sort: strategies }) };
  const winLayers = [
    { mark: { type: 'area', opacity: 0.2 }, encoding: { x, y: { field: 'ciLow', type: 'quantitative', title: 'share of games won', axis: { format: '.0%' } }, y2: { field: 'ciHigh' }, color: colour } },
    { mark: { type: 'line', point: true }, encoding: { x, y: { field: 'winRate', type: 'quantitative' }, color: colour } },
    ...markLayers,
  ];
  const winTitle = { text: `Win rate by betting strategy against ${name1}`, subtitle: [...sub, 'bands: 95% intervals'] };
  const winSpec = f2
    ? { $schema: SCHEMA, title: winTitle, data: { values: win }, facet: { column: { field: 'strategy', type: 'nominal', title: null, sort: strategies } }, spec: { width: 200, height: 240, layer: winLayers } }
    : { $schema: SCHEMA, title: winTitle, data: { values: win }, width: 560, height: 260, layer: winLayers };
  const cardSpec = {
    $schema: SCHEMA,
    title: { text: `Each betting card's EV per chip against ${name1}`, subtitle: [...sub, 'line: exact EV; dots: realised in play; dotted: zero; each panel its own y scale'] },
    data: { values: cards },
    facet: { column: { field: 'card', type: 'nominal', title: null, sort: r.points[0].cards.map((c) => c.name) }, ...(f2 ? { row: { field: 'series', type: 'nominal', title: null } } : {}) },
    spec: {
      width: 170,
      height: 200,
      layer: [
        // short axis titles: each narrow panel repeats them (the full x title is on the other charts)
        { transform: [{ filter: "datum.measure === 'exact EV at the initial phase'" }], mark: { type: 'line', color: '#1f77b4' }, encoding: { x: { ...x, title: name1 }, y: { field: 'ev', type: 'quantitative', title: 'net chips per chip staked' } } },
        { transform: [{ filter: "datum.measure === 'realised EV in play'" }], mark: { type: 'point', filled: true, color: '#d62728' }, encoding: { x: { ...x, title: name1 }, y: { field: 'ev', type: 'quantitative', title: 'net chips per chip staked' } } },
        { mark: { type: 'rule', color: '#777', strokeDash: [1, 2] }, encoding: { y: { datum: 0 } } },
        ...ruleLayers,
      ],
    },
    resolve: { scale: { y: 'independent' } },
  };
  const spreadSpec = {
    $schema: SCHEMA,
    title: { text: `Strategy spread and game length against ${name1}`, subtitle: sub },
    data: { values: spread },
    hconcat: [
      { width: 260, height: 200, layer: [{ mark: { type: 'line', point: true }, encoding: { x, y: { field: 'winSpread', type: 'quantitative', title: 'win-rate spread, best − worst', axis: { format: '.0%' }, scale: { zero: true } }, ...(f2 ? { color: { field: 'series', type: 'nominal', title: name2 } } : {}) } }, ...markLayers] },
      { width: 260, height: 200, layer: [{ mark: { type: 'line', point: true }, encoding: { x, y: { field: 'turns', type: 'quantitative', title: 'mean game length (turns)', scale: { zero: false, padding: 8 } }, ...(f2 ? { color: { field: 'series', type: 'nominal', title: name2 } } : {}) } }, ...markLayers] },
    ],
  };
  const fair = r.points[0].cards.map((c) => `${c.name} 1:${c.fairOdds === null ? '-' : c.fairOdds.toFixed(2)}`).join(', ');
  const stem = `${page}-${i + 1}`;
  // `as never`: vega-lite's TopLevelSpec wants literal mark and encoding types, which these
  // specs, built as plain objects above, have widened to string
  return [
    { name: `${stem}-win`, title: `Win rate by strategy against ${name1}`, caption: `Each line is a strategy; bands are 95% Wilson intervals. Every point plays the same dice stream (common random numbers), so differences between points come from the rule change. Players: ${strategies.join(', ')}.`, rows: win, spec: winSpec as never, basis },
    { name: `${stem}-cards`, title: `Each card's EV per chip against ${name1}`, caption: `Lines: exact EV per chip of the compulsory opening bet (nothing revealed; active player optimal). Dots: EV realised by all bets on the card in play, raises included (only cards someone bet on). Above the dashed zero line a card pays. Fair odds at the first point: ${fair}.`, rows: cards, spec: cardSpec as never, basis: basisLine({ simulated: r.gamesPerPoint, of: 'games per point for the dots', seed: r.seed, extra: 'lines exact (turn solver)' }) },
    { name: `${stem}-spread`, title: `Strategy spread and game length against ${name1}`, caption: 'Left: the gap between the best and the worst strategy\'s win rate — a balance measure (small = luck dominates, large = betting skill dominates). Right: mean number of turns per game.', rows: spread, spec: spreadSpec as never, basis },
  ];
}

function sweepTable(r: SweepResult): Row[] {
  // short headers so the table fits the page: "tiger odds", strategies without the shared "@optimal"
  const allOptimal = r.points[0].winRates.every((w) => w.label.endsWith('@optimal'));
  return r.points.map((pt) => {
    const row: Row = {};
    for (const [f, v] of Object.entries(pt.values)) row[f.split('.').slice(-2).join(' ')] = v;
    for (const w of pt.winRates) row[allOptimal ? w.label.replace(/@optimal$/, '') : w.label] = pct(w.p, 1);
    row.spread = pct(pt.winSpread, 1);
    row.turns = pt.turnsMean.toFixed(1);
    for (const c of pt.cards) row[`${c.card} EV (exact)`] = c.exactEvPerChip.toFixed(3);
    return row;
  });
}

async function sweepPage(spec: Record<string, unknown>, ctx: ExperimentContext, where: string): Promise<PageInfo> {
  onlyKeys(spec, where, ['name', 'game', 'kind', 'description', 'page', 'rules', 'players', 'games', 'seed', 'shardCount', 'sweeps']);
  const rulesFile = spec.rules === undefined ? undefined : resolve(string(spec.rules, `${where}: rules`));
  const raw = rawRules(rulesFile);
  const P = checkPlayers(integer(spec.players ?? 4, `${where}: players`, 2, 5), `${where}: players`);
  const games = integer(spec.games ?? 5000, `${where}: games`, 1, 1e9);
  const seed = integer(spec.seed ?? 1, `${where}: seed`, 0);
  const shardCount = integer(spec.shardCount ?? 16, `${where}: shardCount`, 1, 100000);
  const runs: SweepRun[] = [];
  for (const [i, s] of array(spec.sweeps, `${where}: sweeps`, 1, 12).entries()) {
    const at = `${where}: sweeps[${i}]`;
    const o = object(s, at);
    onlyKeys(o, at, ['set', 'strategies', 'title']);
    const fields = array(o.set, `${at}.set`, 1, 2).map((x, j) => parseSweepSet(string(x, `${at}.set[${j}]`)));
    const players = parsePlayers(string(o.strategies ?? 'kelly,fraction:0.1,min,naive', `${at}.strategies`), P);
    const result = await runSweep(sweepPoints(raw, fields), fields, players, { games, seed, shardCount, workers: ctx.workers });
    runs.push({ title: o.title === undefined ? fields.map((f) => f.path).join(' × ') : string(o.title, `${at}.title`), result });
    if (!ctx.quiet) process.stderr.write(`  sweep ${fields.map((f) => f.path).join(' × ')}: ${result.points.length} points\n`);
  }
  return writeSweepPage(ctx.reportsDir, runs, { games, seed, players: P, raw, page: spec.page === undefined ? 'sweep' : string(spec.page, `${where}: page`) });
}

/** Write a sweep page (reports/wulong/<page>.html) for finished sweeps; `wulong sweep --page` uses it too. */
export async function writeSweepPage(reportsDir: string, runs: SweepRun[], meta: { games: number; seed: number; players: number; raw: unknown; page: string }): Promise<PageInfo> {
  const { games, players: P, raw } = meta;
  const findings = runs.map((run) => {
    const pts = run.result.points;
    const f = run.result.fields[0].path;
    const spreads = pts.map((p) => p.winSpread);
    const lo = pts[spreads.indexOf(Math.min(...spreads))], hi = pts[spreads.indexOf(Math.max(...spreads))];
    const cardId = /^bettingCards\.([^.]+)\.odds$/.exec(f)?.[1];
    const card = cardId ? pts[0].cards.find((c) => c.card === cardId) : undefined;
    return `<li><b>${escapeHtml(run.title)}</b>: win-rate spread from ${pct(lo.winSpread)} (at ${lo.values[f]}) to ${pct(hi.winSpread)} (at ${hi.values[f]}); games ${Math.min(...pts.map((p) => p.turnsMean)).toFixed(1)}–${Math.max(...pts.map((p) => p.turnsMean)).toFixed(1)} turns${card ? `; the card's fair odds are 1:${card.fairOdds?.toFixed(2)} (printed 1:${getPrinted(raw, cardId!)})` : ''}.</li>`;
  });
  const page: PageInfo = { path: `wulong/${meta.page}.html`, title: 'Wulong: balance sweeps for designers', summary: `${runs.length} sweeps of rules fields (${runs.map((r) => r.title).join('; ')}): strategies' win rates, game length, each card's EV and fair odds` };
  const intro = `<p>Each sweep changes one (or two) numeric fields of the rules file, re-validates the rules, and plays ${games.toLocaleString('en-US')} ${P}-player games at every value (same seed at every point: common random numbers). ${P === 3 ? '' : `Assumed: the ${P}-player safe limit (only 3 players is printed; <code>game.safes.limitPerPlayer</code> × players unless a sweep varies it). `} Run any sweep from the command line, e.g. <code>oddsmith wulong sweep --set bettingCards.panda.odds=1..9 --games ${games}</code>. The exact EV lines come from the turn solver; win rates and realised EVs are simulated, with 95% intervals.</p>
<p>Findings:</p><ul>${findings.join('\n')}</ul>`;
  const sections: Section[] = runs.map((run, i) => ({ heading: run.title, charts: sweepCharts(run, i, meta.page, raw), table: { rows: sweepTable(run.result), caption: 'Per point: win rates (every player rolls with the optimal turn policy), spread (best − worst), mean game length, exact opening EV per chip of each card.' } }));
  // headline figures for `oddsmith diff`: each point's win rates (against the equal share) and exact card EVs (against 0)
  const figures = runs.flatMap((run) => run.result.points.flatMap((pt) => {
    const at = `${run.title} › ${Object.entries(pt.values).map(([f, v]) => `${f} = ${v}`).join(', ')}`;
    return [
      ...pt.winRates.map((w) => intervalFigure(`${at} › win rate › ${w.label}`, w.p, w.ci95, 1 / P)),
      ...pt.cards.map((c) => exactFigure(`${at} › ${c.card} › EV per chip (exact)`, c.exactEvPerChip, 0)),
    ];
  }));
  return writePage(reportsDir, page, intro, sections, figures);
}

function getPrinted(raw: unknown, cardId: string): string {
  const cards = (raw as { bettingCards?: { id: string; odds: number }[] }).bettingCards ?? [];
  return String(cards.find((c) => c.id === cardId)?.odds ?? '?');
}

/** The runner for experiments of game "wulong-game": kind "game" (the game page) or "sweep" (the sweep page). */
export const runGameExperiment: ExperimentRunner = async (spec, ctx) => {
  const where = `experiment ${String(spec.name)}`;
  const kind = string(spec.kind ?? 'game', `${where}: kind`, ['game', 'sweep']);
  return [kind === 'game' ? await gamePage(spec, ctx, where) : await sweepPage(spec, ctx, where)];
};
