/**
 * The exact analyses as named questions (issue 21, item 2): Wulong `solve`, Sichuan `waits` and
 * `discard`, Tichu `odds`, Dracula `odds` (table, one card, a row) and Liar's Dice `solve`. Each is
 * listed by its game's descriptor; the command, the report page and the workbench tab call the
 * question, not the function that computes it; and it gives the exact figures the docs quote.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../src/games/index.js';
import { reportQuestionContext } from '../src/report/experiment.js';
import { solve as wulongSolve } from '../src/games/wulong/questions.js';
import { loadRules as wulongRules } from '../src/games/wulong/turn/rules.js';
import { OPTIMAL } from '../src/games/wulong/turn/strategy.js';
import { discard, waits } from '../src/games/sichuan-mahjong/questions.js';
import { loadRules as mahjongRules } from '../src/games/sichuan-mahjong/rules.js';
import { odds as tichuOdds, tableBombOf } from '../src/games/tichu/questions.js';
import { loadRules as tichuRules } from '../src/games/tichu/rules.js';
import { parseCards, sortCards } from '../src/games/tichu/cards.js';
import { cardOdds, freshTable, rowOdds } from '../src/games/dracula/questions.js';
import { loadRules as draculaRules } from '../src/games/dracula/rules.js';
import { parseCard, parseRanking } from '../src/games/dracula/cards.js';
import { solve as liarsSolve } from '../src/games/liars-dice/questions.js';
import { runCli } from './helpers/cli.js';

const ctx = reportQuestionContext({ reportsDir: '/nonexistent', workers: 1, quiet: true });
const source = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');
/** the names a module imports from a module whose path matches `from` */
function importedFrom(text: string, from: RegExp): string[] {
  const names: string[] = [];
  for (const m of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g)) {
    if (m[1] || !from.test(m[3])) continue;
    for (const n of m[2].split(',')) if (n.trim() && !n.trim().startsWith('type ')) names.push(n.trim().split(/\s+as\s+/)[0]);
  }
  return names;
}

/**
 * Where each question is asked: files that must call it (`ask(q, …)`, `q.answer(…)`, `q.sections!(…)`,
 * as imported there), the computing functions those files must not import any more, and the call
 * that would compute it beside the question (Wulong's cli.ts still solves turns for `advise` and `bets`).
 */
const CALLERS: { game: string; question: string; calls: { file: string; as: string }[]; computing: { from: RegExp; names: string[]; notCalled: RegExp } }[] = [
  { game: 'wulong', question: 'solve', calls: [{ file: 'src/games/wulong/turn/cli.ts', as: 'solve' }], computing: { from: /exact\.js$/, names: [], notCalled: /\.solveResult\(/ } },
  { game: 'wulong', question: 'solve', calls: [{ file: 'src/games/wulong/turn/report.ts', as: 'solve' }], computing: { from: /exact\.js$/, names: ['TurnAnalysis'], notCalled: /\.solveResult\(|new TurnAnalysis\(/ } },
  { game: 'sichuan-mahjong', question: 'waits', calls: [{ file: 'src/games/sichuan-mahjong/cli.ts', as: 'waits' }, { file: 'src/workbench/main.ts', as: 'mahjongWaits' }], computing: { from: /exact-waits/, names: ['analyze'], notCalled: /(?<![.\w])analyze\(/ } },
  { game: 'sichuan-mahjong', question: 'discard', calls: [{ file: 'src/games/sichuan-mahjong/cli.ts', as: 'discard' }, { file: 'src/workbench/main.ts', as: 'mahjongDiscard' }], computing: { from: /exact-advisor/, names: ['advise'], notCalled: /(?<![.\w])advise\(/ } },
  { game: 'tichu', question: 'odds', calls: [{ file: 'src/games/tichu/cli.ts', as: 'odds' }, { file: 'src/games/tichu/report.ts', as: 'odds' }, { file: 'src/workbench/odds-tabs.ts', as: 'tichuOdds' }, { file: 'src/workbench/worker.ts', as: 'odds' }], computing: { from: /tichu\/exact|\.\/exact(-table)?\.js$/, names: ['handOdds', 'tableFourOfAKind', 'tableBombOdds'], notCalled: /\b(handOdds|tableFourOfAKind|tableBombOdds)\(/ } },
  { game: 'dracula', question: 'freshTable', calls: [{ file: 'src/games/dracula/cli.ts', as: 'freshTable' }, { file: 'src/games/dracula/report.ts', as: 'freshTable' }, { file: 'src/workbench/odds-tabs.ts', as: 'freshTable' }], computing: { from: /dracula\/exact|\.\/exact\.js$/, names: ['freshTable'], notCalled: /\bfreshTable\(/ } },
  { game: 'dracula', question: 'cardOdds', calls: [{ file: 'src/games/dracula/cli.ts', as: 'cardOdds' }], computing: { from: /dracula\/exact|\.\/exact\.js$/, names: ['cardOdds', 'unseenOf'], notCalled: /\bunseenOf\(/ } },
  { game: 'dracula', question: 'rowOdds', calls: [{ file: 'src/games/dracula/cli.ts', as: 'rowOdds' }, { file: 'src/workbench/odds-tabs.ts', as: 'rowOdds' }], computing: { from: /dracula\/exact|\.\/exact\.js$/, names: ['rowOdds'], notCalled: /\browOdds\(/ } },
  { game: 'liars-dice', question: 'solve', calls: [{ file: 'src/games/liars-dice/cli.ts', as: 'solve' }, { file: 'src/games/liars-dice/report.ts', as: 'solve' }], computing: { from: /exact-cfr/, names: ['solve'], notCalled: /\bsolve\(\{/ } },
];

describe('the exact analyses are named questions', () => {
  for (const c of CALLERS) {
    it(`${c.game} ${c.question}: listed by the descriptor; ${c.calls.map((x) => x.file.replace(/^src\//, '')).join(', ')} ask it and import no computing function`, async () => {
      const qs = await GAMES.find((g) => g.id === c.game)!.questions!();
      expect(qs[c.question]?.name).toBe(c.question);
      for (const { file, as } of c.calls) {
        const text = source(file);
        expect(text, `${file} imports the question`).toMatch(new RegExp(`import \\{[^}]*\\b${c.question}${as === c.question ? '' : ` as ${as}`}\\b[^}]*\\} from '[^']*questions\\.js'`));
        expect(text, `${file} asks ${as}`).toMatch(new RegExp(`ask\\(${as},|\\b${as}\\.(answer|sections!?)\\(`));
        const imported = importedFrom(text, c.computing.from);
        for (const n of c.computing.names) expect(imported, `${file} imports ${n} itself`).not.toContain(n);
        expect(text, `${file} computes it itself`).not.toMatch(c.computing.notCalled);
      }
    });
  }
});

describe('the questions give the figures the docs quote', () => {
  it('wulong solve (docs/wulong.md): 3,713.60 expected, a turn busts 28.998%, one die busts 2/3; the page sections are its own', async () => {
    const r = await wulongSolve.answer({ rules: wulongRules(), policy: OPTIMAL }, ctx);
    expect(r.expectedTurnScore.toFixed(2)).toBe('3713.60');
    expect((r.turnBustProbability * 100).toFixed(3)).toBe('28.998');
    expect(r.bustProbability['1'].fraction).toBe('2/3');
    expect(r.bustProbability['5'].fraction).toBe('25/324');
    expect(wulongSolve.text(r, { rules: wulongRules(), policy: OPTIMAL })).toContain('expected final turn score: 3,713.60 (Wulong counted as total + 60000)');
    expect(wulongSolve.sections!(r, { rules: wulongRules(), policy: OPTIMAL }).map((s) => s.heading)).toEqual(['When to stop', 'Final turn score', 'Betting cards']);
  });

  it('mahjong waits (docs/sichuan-mahjong.md): 1112345678999m waits on 9 tiles, 23 live, 1m and 9m at 3 fan', async () => {
    const r = await waits.answer({ rules: mahjongRules(), hand: { hand: '1112345678999m', void: 's' } }, ctx);
    expect(r.shanten).toBe(0);
    expect(r.waits!.length).toBe(9);
    expect(r.waits!.reduce((a, w) => a + w.live, 0)).toBe(23);
    expect(r.waits!.filter((w) => w.fan === 3).map((w) => w.tile)).toEqual(['1m', '9m']);
    expect(r.readyValue).toBe(8);
  });

  it('mahjong discard (docs/sichuan-mahjong.md): 9m first at 2.889 expected points, 99.55% ready and 48.16% to win in 13 draws', async () => {
    const r = await discard.answer({ rules: mahjongRules(), hand: { hand: '11123456789m135p', void: 's' }, draws: 13, objective: 'points' }, ctx);
    const best = r.discards[0];
    expect([best.discard, best.expectedPoints.toFixed(3), (best.pReady * 100).toFixed(2), (best.pWin * 100).toFixed(2)]).toEqual(['9m', '2.889', '99.55', '48.16']);
    // the run time and state count are left out: the answer is the same run to run
    expect(Object.keys(r)).not.toContain('seconds');
  });

  it('tichu odds (docs/tichu.md): any bomb 36151/12140975 in 8 cards, 49110533273/967455327300 in 14, 18.6634257034% at the table; given 8 cards 126021/4090504', async () => {
    const rules = tichuRules();
    const r = await tichuOdds.answer({ rules, atTable: true }, ctx);
    expect(r.eight!.lines[0].fraction).toBe('36151/12140975');
    expect(r.fourteen.lines[0].fraction).toBe('49110533273/967455327300');
    expect(r.table!.fourOfAKind.fraction).toBe('2138344066619201024219051/16189704250016547583816875');
    expect((tableBombOf(r.table!.anyBomb)!.probability * 100).toFixed(10)).toBe('18.6634257034');
    const given = sortCards(parseCards('Aj As Kp Qr 7s 7j Dr MJ', 8));
    const h = await tichuOdds.answer({ rules, given, atTable: true }, ctx);
    expect(h.given).toBe('7j 7s Qr Kp Aj As MJ Dr');
    expect(h.fourteen.lines[0].fraction).toBe('126021/4090504');
    expect(h.table).toBeUndefined();
    // beyond minStraightFlush 8 the table's any-bomb count is not computed, and says so
    const far = await tichuOdds.answer({ rules: tichuRules(undefined, ['minStraightFlush=9']), atTable: true }, ctx);
    expect(tableBombOf(far.table!.anyBomb)).toBeNull();
  });

  it('dracula odds (docs/dracula.md): a trump 1 wins 77.4%, 5R against the unknown card 8/24, the row 2.25 districts over 255024 deals', async () => {
    const rules = draculaRules();
    const t = await freshTable.answer({ rules }, ctx);
    expect((t.table[0].trump * 100).toFixed(1)).toBe('77.4');
    expect((t.table[7].nonTrump * 100).toFixed(1)).toBe('71.0');
    const hand = ['1G', '2G', '3B', '4B', '5R'].map((c) => parseCard(c, rules, 'hand'));
    const seen = ['6R', '7R', '1Y'].map((c) => parseCard(c, rules, 'seen'));
    const c = await cardOdds.answer({ rules, rankOf: parseRanking('R,G,B,Y', rules), card: hand[4], opponent: -1, known: [...hand, ...seen], wholeHand: true }, ctx);
    expect([c.wins, c.outOf, c.fraction, c.ranking]).toEqual([8, 24, '1/3', 'R < G < B < Y']);
    const mine = ['5R', '8Y', '1G', '3B', '6R'].map((x) => parseCard(x, rules, 'row'));
    const r = await rowOdds.answer({ rules, rankOf: parseRanking('G,B,R,Y', rules), mine, opponent: [-1, parseCard('7G', rules, 'opp'), -1, -1, -1], seen: ['2Y', '4B'].map((x) => parseCard(x, rules, 'seen')) }, ctx);
    expect([r.deals, r.expected.toFixed(4), r.distributionFractions[2], r.ranking]).toEqual([255024, '2.2500', '21/46', 'G < B < R < Y']);
  });

  it('dracula cardOdds refuses a position that leaves the opponent fewer unseen cards than it must hold', async () => {
    const rules = draculaRules();
    const all = Array.from({ length: rules.suits * rules.values }, (_, i) => i);
    await expect(Promise.resolve().then(() => cardOdds.answer({ rules, rankOf: parseRanking('R,G,B,Y', rules), card: 0, opponent: -1, known: all, wholeHand: false }, ctx))).rejects.toThrow(/too many cards seen/);
  });

  it("liars solve (docs/liars-dice.md): OpenSpiel's game, one die each, opener's value -0.027137 against -7/258", async () => {
    const checkpoints: number[] = [];
    const r = await liarsSolve.answer({ variant: 'openspiel', dice: [1, 1], sides: 6, target: 1e-4, maxIterations: 100_000, onCheckpoint: (p) => checkpoints.push(p.iteration) }, ctx);
    expect(r.value0.toFixed(6)).toBe('-0.027137');
    expect(Math.abs(r.value0 + 7 / 258)).toBeLessThan(2 * r.exploitability);
    expect(r.iterations).toBe(1388);
    expect(checkpoints.length).toBe(r.convergence.length);
    expect(liarsSolve.text(r, { variant: 'openspiel', dice: [1, 1], sides: 6, target: 1e-4, maxIterations: 100_000 })).toContain('  4   1x4 92%, 1x5 7%');
  }, 60_000);

  it('the command line prints the question: mahjong discard --json is the answer, without run time', async () => {
    const cli = runCli(['mahjong', 'discard', '11123456789m135p', '--void', 's', '--draws', '5', '--json']);
    expect(cli.stderr).toBe('');
    const r = await discard.answer({ rules: mahjongRules(), hand: { hand: '11123456789m135p', void: 's' }, draws: 5, objective: 'points' }, ctx);
    expect(JSON.parse(cli.stdout)).toEqual(JSON.parse(JSON.stringify(r)));
  });
});
