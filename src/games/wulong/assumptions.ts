import type { Assumption, AssumptionsReport, FindingAtValue, FindingCheck } from '../../report/assumptions.js';
import { fmtPct } from '../../core/format.js';
import { runExperiment } from '../../parallel/pool.js';
import { loadRules, type WulongRules } from './turn/rules.js';
import { TurnAnalysis } from './turn/exact.js';
import { OPTIMAL } from './turn/strategy.js';
import { openingTellValue } from './turn/tell.js';
import { gameKernel, type GameResult } from './game/kernels.js';
import { checkGameParams, type GameParams } from './game/engine.js';
import { safeLimit, validateGameRules } from './game/rules.js';
import { bettorFor, parsePlayers } from './strategies/index.js';

/*
 * Findings that carry their assumptions (issue 16, item 6): every rule docs/rules/wulong.md marks
 * as assumed, its default and alternatives, and the headline findings of the Wulong pages
 * re-measured at each alternative — exact (turn solver, tell) where the finding is about a turn,
 * small fixed-seed game simulations with 95% intervals where it is about whole games.
 */

/** One assumption: the report's row, and the --set lines of each alternative (the default first, with none). */
interface Alt {
  label: string;
  sets: string[];
}
interface Def {
  a: Assumption;
  values: Alt[];
  /** which findings depend on it */
  findings: FindingId[];
}

type FindingId = 'turnValue' | 'craneOnly' | 'bestOpening' | 'safeEndings' | 'kellyWins';

const FINDING: Record<FindingId, string> = {
  turnValue: 'An optimal turn is worth 3,714 on average (within 1%)',
  craneOnly: 'Only the crane is above fair: exact bettors open on it',
  bestOpening: 'The best opening bet is a thin edge (under +0.05 per chip)',
  safeEndings: 'About half of 4-player games end on the last safe (40-60%)',
  kellyWins: 'In 4-player games the Kelly bettor wins most often',
};
const EXACT: readonly FindingId[] = ['turnValue', 'craneOnly', 'bestOpening'];

const sides = (limit: number) => [0, 1, 2, 3].map((i) => `game.safes.allInSides.${i}.limit=${limit}`);

const DEFS: Def[] = [
  {
    a: { field: 'game.safes.limitPerPlayer', question: 'The safe limit for 2, 4 and 5 players (only 3 players is printed: 15,000).', byDefault: '5,000 × players', why: 'the printed 15,000 for 3 players, per player', alternatives: ['3,000', '4,000', '6,000', '8,000'] },
    values: [5000, 3000, 4000, 6000, 8000].map((x, i) => ({ label: i === 0 ? 'default' : x.toLocaleString('en-US'), sets: i === 0 ? [] : [`game.safes.limitPerPlayer=${x}`] })),
    findings: ['safeEndings', 'kellyWins'],
  },
  {
    a: { field: 'betting.readAccuracy', question: 'How well passive players read the active player ("gauge ... the reaction").', byDefault: '0 (no read)', why: 'a tell is a person, not a rule', alternatives: ['0.25', '0.5', '1 (the hidden roll itself)'] },
    values: [0, 0.25, 0.5, 1].map((x, i) => ({ label: i === 0 ? 'default' : String(x), sets: i === 0 ? [] : [`betting.readAccuracy=${x}`] })),
    findings: ['craneOnly', 'bestOpening', 'kellyWins'],
  },
  {
    a: { field: 'wholeCombinations', question: 'Must a combination be set aside whole ("all dice involved must be selected")?', byDefault: 'false (a part may be)', why: 'never changes an optimal Wulong turn', alternatives: ['true'] },
    values: [{ label: 'default', sets: [] }, { label: 'true', sets: ['wholeCombinations=true'] }],
    findings: ['turnValue', 'craneOnly'],
  },
  {
    a: { field: 'faces[4].score, faces[5].score', question: 'The 5s and 6s rows (the printed table is cut after the 4s).', byDefault: 'n × 1,000 / 5,000 / 10,000', why: "the printed rows' pattern", alternatives: ['both rows as the 4s row (4,000/20,000/40,000)'] },
    values: [{ label: 'default', sets: [] }, { label: 'as the 4s row', sets: ['5', '6'].flatMap((f) => [`faces.${f}.score.3=4000`, `faces.${f}.score.4=20000`, `faces.${f}.score.5=40000`]) }],
    findings: ['turnValue', 'craneOnly'],
  },
  {
    a: { field: 'straights', question: 'Which five-dice straight is which (printed as icons only).', byDefault: 'D-T-3-4-5 10,000, T-3-4-5-6 5,000', why: '"a tiger straight scoring 5,000"', alternatives: ['swapped'] },
    values: [{ label: 'default', sets: [] }, { label: 'swapped', sets: ['straights.0.score=5000', 'straights.1.score=10000'] }],
    findings: ['turnValue', 'craneOnly'],
  },
  {
    a: { field: 'instantWin.betsSettled', question: 'Are the bets on a Wulong roll settled?', byDefault: 'false (stakes go back)', why: 'the game ends at once; the rulebook settles nothing', alternatives: ['true (the dragon card wins)'] },
    values: [{ label: 'default', sets: [] }, { label: 'true', sets: ['instantWin.betsSettled=true'] }],
    findings: ['craneOnly', 'bestOpening'],
  },
  {
    a: { field: 'instantWin.value', question: 'What a Wulong is worth where one number is needed (turn analyses only).', byDefault: 'turn total + 60,000', why: 'the end-of-game fortune: it wins like a fortune would', alternatives: ['turn total + 0'] },
    values: [{ label: 'default', sets: [] }, { label: '0', sets: ['instantWin.value=0'] }],
    findings: ['turnValue'],
  },
  {
    a: { field: 'game.safes.allInSides', question: 'The all-in side of a closed safe (not printed).', byDefault: 'limit 1,000 at 1:10 (the base card)', why: 'the only all-in values printed', alternatives: ['limit 0 (no all-in once a safe closes)', 'limit 5,000'] },
    values: [{ label: 'default', sets: [] }, { label: 'limit 0', sets: sides(0) }, { label: 'limit 5,000', sets: sides(5000) }],
    findings: ['safeEndings', 'kellyWins'],
  },
  {
    a: { field: 'game.shortStack', question: 'A passive player below the minimum bet.', byDefault: 'bet-all (stakes what he has)', why: 'the initial bet is compulsory', alternatives: ['sit-out'] },
    values: [{ label: 'default', sets: [] }, { label: 'sit-out', sets: ['game.shortStack=sit-out'] }],
    findings: ['safeEndings', 'kellyWins'],
  },
  {
    a: { field: 'game.ties', question: 'Equal largest fortunes at the end.', byDefault: 'split (they share the win)', why: 'the rulebook names no tie-break', alternatives: ['none (nobody wins)'] },
    values: [{ label: 'default', sets: [] }, { label: 'none', sets: ['game.ties=none'] }],
    findings: ['kellyWins'],
  },
];

/** The assumptions, each naming its rules field (test/schema.test.ts checks them against the rules schema). */
export const ASSUMPTIONS: readonly Assumption[] = DEFS.map((d) => d.a);

export interface AssumptionsOptions {
  workers?: number;
  /** games per simulated variant (4 players); default 2,000 */
  games?: number;
  seed?: number;
  /** only the exact findings (the turn page) */
  exactOnly?: boolean;
}

const LINEUP = 'kelly,fraction:0.1,min,naive';

function exactAt(rules: WulongRules, id: FindingId): FindingAtValue {
  const a = rules.betting?.readAccuracy ?? 0;
  if (id === 'turnValue') {
    const v = new TurnAnalysis(rules, OPTIMAL).solveResult().expectedTurnScore;
    return { value: '', measured: `${v.toFixed(2)} (exact)`, holds: Math.abs(v / 3713.6 - 1) <= 0.01 };
  }
  const t = openingTellValue(rules, OPTIMAL, a);
  if (id === 'craneOnly') {
    const above = t.unconditional.filter((c) => c.evPerChip > 0).map((c) => c.card);
    const crane = t.pickShare.find((p) => p.card === 'crane')?.share ?? 0;
    const cr = t.unconditional.find((c) => c.card === 'crane')?.evPerChip ?? NaN;
    const read = a > 0 ? `; with the read, opens on it ${fmtPct(crane, 1)}` : '';
    return { value: '', measured: `crane ${cr >= 0 ? '+' : ''}${cr.toFixed(4)}/chip; above fair: ${above.join(', ') || 'none'}${read} (exact)`, holds: above.length === 1 && above[0] === 'crane' && crane > 1 - 1e-9 };
  }
  return { value: '', measured: `${t.bestEvPerChip >= 0 ? '+' : ''}${t.bestEvPerChip.toFixed(4)} per chip (exact)`, holds: t.bestEvPerChip < 0.05 };
}

function simAt(r: GameResult, id: FindingId): FindingAtValue {
  if (id === 'safeEndings') {
    const e = r.endings.safes;
    return { value: '', measured: `${fmtPct(e.p, 1)} [${fmtPct(e.ci95[0], 1)}, ${fmtPct(e.ci95[1], 1)}]`, holds: e.p >= 0.4 && e.p <= 0.6 };
  }
  const sorted = [...r.strategies].sort((x, y) => y.win.p - x.win.p);
  const kelly = r.strategies.find((s) => s.label.startsWith('kelly'))!;
  const next = sorted.find((s) => s !== kelly)!;
  return { value: '', measured: `kelly ${fmtPct(kelly.win.p, 1)} [${fmtPct(kelly.win.ci95[0], 1)}, ${fmtPct(kelly.win.ci95[1], 1)}]; next ${next.label.split('@')[0]} ${fmtPct(next.win.p, 1)}`, holds: sorted[0] === kelly };
}

/** Re-measure every headline finding at each alternative of each assumption (a few seconds exact; ~10-30 s of games). */
export async function checkAssumptions(opts: AssumptionsOptions = {}): Promise<AssumptionsReport> {
  const games = opts.games ?? 2000, seed = opts.seed ?? 1;
  const sims = new Map<string, GameResult>();
  const simulate = async (sets: string[]): Promise<GameResult> => {
    const key = sets.join('|');
    const hit = sims.get(key);
    if (hit) return hit;
    const rules = loadRules(undefined, sets);
    validateGameRules(rules);
    const params: GameParams = { rules, players: parsePlayers(LINEUP, 4) };
    checkGameParams(params, bettorFor);
    const acc = await runExperiment({ kernel: gameKernel.name, params, seed, total: games, shardCount: 8 }, { workers: opts.workers });
    const r = gameKernel.summarize(params, acc, games);
    sims.set(key, r);
    return r;
  };
  const checks: FindingCheck[] = [];
  for (const d of DEFS) {
    for (const id of d.findings) {
      const exact = EXACT.includes(id);
      if (opts.exactOnly && !exact) continue;
      const values: FindingAtValue[] = [];
      for (const alt of d.values) {
        const m = exact ? exactAt(loadRules(undefined, alt.sets), id) : simAt(await simulate(alt.sets), id);
        values.push({ ...m, value: alt.label });
      }
      checks.push({ finding: FINDING[id], field: d.a.field, values });
    }
  }
  const limit4 = safeLimit(validateGameRules(loadRules()), 4);
  const sim = opts.exactOnly ? '' : ` Game findings: ${games.toLocaleString('en-US')} simulated 4-player games per value (line-up ${LINEUP}, seed ${seed}, 8 shards; default safe limit ${limit4.toLocaleString('en-US')}), 95% Wilson intervals; a finding "holds" on the point estimate.`;
  return {
    game: 'wulong',
    assumptions: DEFS.map((d) => d.a),
    checks,
    method: `Turn and betting findings: exact (turn solver under the optimal policy; the tell's posterior odds).${sim}`,
  };
}
