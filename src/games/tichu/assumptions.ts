/**
 * Tichu's assumed rules (docs/rules/tichu.md) and the headline findings of docs/tichu.md re-measured
 * at each alternative. Each alternative is played on the same deals as the default (common random
 * numbers, kernels.ts tichu.compare), so beside each finding the table gives the share of rounds
 * whose score the choice changes. Heuristic self-play; simulated, 95% intervals.
 */
import { UserError } from '../../core/errors.js';
import { applySets } from '../../core/rules.js';
import { fmtPct, fmtPctCi, wrapWords } from '../../core/format.js';
import { runExperiment as runShards } from '../../parallel/pool.js';
import type { Assumption, AssumptionsReport, FindingAtValue, FindingCheck } from '../../report/assumptions.js';
import { compareKernel, type CompareParams, type CompareSide, type CompareSummary } from './kernels.js';
import { REAL_GAMES } from './reference.js';
import { loadRules, validateRules, type TichuRules } from './rules.js';

export const ASSUMPTIONS_SEED = 23;
export const ASSUMPTIONS_ROUNDS = 4000;
const STRATEGIES = ['heuristic', 'heuristic', 'heuristic', 'heuristic'];

export interface TichuAssumptionsOptions {
  rules?: TichuRules;
  /** deals per comparison (each played under the default and the alternative) */
  rounds?: number;
  seed?: number;
  workers?: number;
  only?: readonly string[];
}

type Key = keyof TichuRules['assumptions'];
const yesNo = (key: Key, byDefault: boolean, question: string, why: string, alternative: string): Assumption & { key: Key } => ({
  field: `assumptions.${key}`, key, question, byDefault: String(byDefault), why, alternatives: [`${!byDefault} (${alternative})`],
});

export const ASSUMPTIONS: (Assumption & { key: Key })[] = [
  yesNo('bombsAfterPasses', true, 'may a player who passed still bomb before the trick is taken?', 'the text: "every player given a chance … before the trick is taken"', 'bombs only after a play'),
  yesNo('outOfTurnBombs', true, 'may bombs be played out of turn at all?', 'the text: "at any time (even out of turn)"', 'bombs only in turn'),
  yesNo('tichuUntilFirstCard', true, 'may Tichu be called after passing, until one\'s first card?', 'the text: "at any time prior to playing his first card"', 'only before passing'),
  yesNo('tichuOutOfTurn', true, 'may Tichu be called out of turn (before another player plays)?', 'the text: "at any time" before one\'s first card', 'only before one\'s own turns'),
  yesNo('grandTichuInSeatOrder', true, 'are Grand Tichu calls made in seat order, later seats seeing earlier calls?', 'the text is silent; at a table people speak in turn', 'all at once, unseen'),
  yesNo('wishAllowed', true, 'may the Mah Jong player wish a rank? (stated; kept as a house-rule option)', 'the text: "you may make a Wish"', 'no wish'),
  yesNo('wishBindsLead', true, 'must a leader holding the wished rank lead it?', 'the wish binds whoever can fulfil it', 'only followers are bound'),
  yesNo('wishBindsBombs', true, 'does a bomb containing the wished rank count as a way to fulfil it?', '"cannot play it" excepts no bombs', 'bombs never forced'),
  yesNo('lastHandToOpponents', true, 'do the last player\'s hand cards go to the opponents? (stated)', 'the text: "remaining cards to the opposing team"', 'their points are lost'),
  yesNo('lastTricksToFirstOut', true, 'do the last player\'s tricks go to the first player out? (stated)', 'the text: "tricks … to the first player out"', 'the last player keeps them'),
];

interface Finding {
  finding: string;
  measure(s: CompareSide, r: CompareSummary, isDefault: boolean): { measured: string; holds: boolean };
}

const pc = (x: number) => fmtPct(x, 1);
const pcI = (c: readonly number[]) => fmtPctCi(c, 1);

const FINDINGS: Finding[] = [
  {
    finding: `the bots make fewer Tichus than people (${REAL_GAMES.tichuSuccess.toFixed(1)}%)`,
    measure: (s) => ({ measured: `${pc(s.tichu.success.p)} ${pcI(s.tichu.success.ci95)} of ${s.tichu.calls} calls`, holds: s.tichu.success.ci95[1] * 100 < REAL_GAMES.tichuSuccess }),
  },
  {
    finding: `the bots make fewer Grand Tichus than people (${REAL_GAMES.grandSuccess.toFixed(1)}%)`,
    measure: (s) => ({ measured: `${pc(s.grandTichu.success.p)} ${pcI(s.grandTichu.success.ci95)} of ${s.grandTichu.calls} calls`, holds: s.grandTichu.success.ci95[1] * 100 < REAL_GAMES.grandSuccess }),
  },
  {
    finding: 'a Tichu caller holding a bomb makes fewer than one without',
    measure: (s) => ({
      measured: `${pc(s.tichuCallerBomb.success.p)} ${pcI(s.tichuCallerBomb.success.ci95)} against ${pc(s.tichuCallerNoBomb.success.p)} ${pcI(s.tichuCallerNoBomb.success.ci95)}`,
      holds: s.tichuCallerBomb.success.ci95[1] < s.tichuCallerNoBomb.success.ci95[0],
    }),
  },
  {
    finding: 'bombs are played in fewer than 1 round in 5',
    measure: (s) => ({ measured: `${pc(s.roundsWithBombPlayed.p)} ${pcI(s.roundsWithBombPlayed.ci95)} of rounds, ${s.bombsPlayedPerRound.mean.toFixed(3)} bombs per round`, holds: s.roundsWithBombPlayed.ci95[1] < 0.2 }),
  },
  {
    finding: 'the choice changes the score of fewer than 1 round in 10',
    measure: (_s, r, isDefault) => (isDefault
      ? { measured: 'the reference (same deals)', holds: true }
      : { measured: `${pc(r.scoreDiffers.p)} ${pcI(r.scoreDiffers.ci95)} of rounds; first out differs in ${pc(r.firstOutDiffers.p)}`, holds: r.scoreDiffers.ci95[1] < 0.1 }),
  },
];

async function compare(rules: TichuRules, alt: TichuRules, rounds: number, seed: number, workers: number): Promise<CompareSummary> {
  const params: CompareParams = { rules, alt, strategies: STRATEGIES };
  const acc = await runShards({ kernel: compareKernel.name, params, seed, total: rounds, shardCount: Math.min(16, rounds) }, { workers });
  return compareKernel.summarize(params, acc, rounds);
}

/** Every assumption with its alternative, and each finding re-measured on the same deals. */
export async function checkAssumptions(o: TichuAssumptionsOptions = {}): Promise<AssumptionsReport> {
  const rules = o.rules ?? loadRules();
  const rounds = o.rounds ?? ASSUMPTIONS_ROUNDS, seed = o.seed ?? ASSUMPTIONS_SEED, workers = o.workers ?? 1;
  const fields = ASSUMPTIONS.map((a) => a.field);
  for (const f of o.only ?? []) if (!fields.includes(f)) throw new UserError(`--only: unknown assumption ${JSON.stringify(f)} (known: ${fields.join(', ')})`);
  const chosen = o.only?.length ? ASSUMPTIONS.filter((a) => o.only!.includes(a.field)) : ASSUMPTIONS;
  const checks: FindingCheck[] = [];
  for (const a of chosen) {
    // the alternative is the opposite of the rules in use (with --set field=<alternative> it is the default)
    const cur = rules.assumptions[a.key];
    const alt = validateRules(applySets(structuredClone(rules), [`${a.field}=${!cur}`]));
    const isDefault = String(cur) === a.byDefault;
    const r = await compare(rules, alt, rounds, seed, workers);
    for (const f of FINDINGS) {
      const values: FindingAtValue[] = [
        { value: isDefault ? `default (${cur})` : `${cur} (--set)`, ...f.measure(r.rules, r, true) },
        { value: isDefault ? a.alternatives[0] : `default (${!cur})`, ...f.measure(r.alt, r, false) },
      ];
      checks.push({ finding: f.finding, field: a.field, values });
    }
  }
  return {
    game: 'tichu',
    assumptions: chosen.map(({ key: _key, ...a }) => a),
    checks,
    method: wrapWords(`Simulated: ${rounds.toLocaleString('en-US')} deals of four heuristic players per assumption, each played under the default and under the alternative from the same random numbers (rounds independent, no scores carried), seed ${seed}; 95% Wilson intervals. The people's figures are ${REAL_GAMES.source}. Not re-run: tieAtTargetContinues (whole games only; equal scores at the target are rare) and maxRounds (a safety cap never reached). Assumed without an option, as no variant is known: a straight flush beats any four of a kind, a longer straight flush a shorter one, else the higher rank; a full house ranks by its triple; when the third player goes out the round ends at once and the trick on the table goes to its last player.`),
  };
}
