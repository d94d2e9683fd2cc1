/// <reference lib="dom" />
/**
 * The rules workbench (reports/workbench/index.html): every figure is computed in the page by the
 * project's exact solvers, imported read-only from the game packages and bundled by esbuild
 * (src/report/bundle.ts). Rules files are validated by the CLI's own validators, so a file the page
 * accepts is one `--rules` accepts, with the same one-line messages.
 */
import { schema as wulongSchema, validateRules as validateWulong, type WulongRules } from '../games/wulong/turn/rules.js';
import { TurnAnalysis, bettingCards, expectedTurnScore, type FinalDistribution, type SolveResult } from '../games/wulong/turn/exact.js';
import { schema as liarsSchema, validateRules as validateLiars } from '../games/liars-dice/rules.js';
import { atLeastTable, parseBid, parseDice, type bidOdds } from '../games/liars-dice/exact.js';
import { odds as liarsOdds } from '../games/liars-dice/questions.js';
import { schema as mahjongSchema, validateRules as validateMahjong, type SichuanRules } from '../games/sichuan-mahjong/rules.js';
import { DEFAULT_DRAWS, type Objective } from '../games/sichuan-mahjong/exact-advisor.js';
import { discard as mahjongDiscard, waits as mahjongWaits, type DiscardResult } from '../games/sichuan-mahjong/questions.js';
import type { WaitsResult } from '../games/sichuan-mahjong/exact-waits.js';
import { CanvasPlot, COLORS, drawFinal, drawPolicy } from './canvas-charts.js';
import { $, h, esc, table, setTable, num, pct, fixed, delta, b64urlEncode, readHash, addressOf, writeHash, linkProblem, clearLinkProblem, last, tabTiming } from './dom.js';
import { cantStopTab, draculaTab, tichuTab, weilongTab } from './odds-tabs.js';
import { trainerTab } from './trainer.js';
import { presetsOf, RulesEditor, tabRules } from './rules-editor.js';
import { genericTab } from './generic-tab.js';
import { VIEWS, type WorkbenchTab } from './views.js';

/** the tab bar derived from the registry of games when the reports were written (null: every view) */
declare const __WORKBENCH_TABS__: WorkbenchTab[] | null;

/** rules/<game>/*.json, injected by the bundler: path → parsed JSON */
declare const __PRESETS__: Record<string, unknown>;

// ---- Wulong / Farkle family ---------------------------------------------------------------------
/** Last per-edit timings, read by the browser test. */
export const timing = {
  wulongMs: [] as number[],
  phases: [] as Record<string, number>[],
  /** the last sensitivity table: its whole run, and its longest single task (what an edit can wait behind) */
  sensitivityMs: 0,
  sensitivitySliceMaxMs: 0,
  /** true while sensitivity solves are still queued: an edit now may wait behind one of them */
  sensitivityRunning: false,
  /** sensitivity runs completed (solved, not from the cache) */
  sensitivityRuns: 0,
  /** per edit: whether the sensitivity run was in progress when it came in */
  duringSensitivity: [] as boolean[],
};
/** Where a mark is on each chart's canvas (CSS pixels), for the browser test's hover. */
const chartAt: { policy?: (total: number, dice: number) => { x: number; y: number }; final?: (score: number) => { x: number; y: number } } = {};

/** What the turn solve depends on: everything but the name, the cards' odds and names, the all-in and the full-game settings (card minimums stay: they set the scoring unit). */
function turnKey(r: WulongRules): string {
  const { name: _n, bettingCards: cards, allIn: _a, game: _g, ...turn } = r;
  return JSON.stringify([turn, cards.map((c) => c.min)]);
}

function wulongTab(root: HTMLElement): (q: URLSearchParams) => void {
  root.innerHTML = `<div class="cols"><div>
<div id="w-rules"></div>
</div><div id="w-results">
<h2>Exact figures <span class="note" id="w-label"></span></h2>
<p class="stale-note" id="w-stale" role="status" hidden></p>
<div id="w-figures">
<p>Expected turn score (optimal play): <span class="big" id="expected-turn-score"></span> <span class="note" id="w-time"></span></p>
<p id="w-summary"></p>
<h3>Stop thresholds and bust odds</h3><div id="w-thresholds"></div>
<h3>Betting cards</h3><div id="w-cards"></div>
<h3 class="live">Advise me</h3>
<p class="live"><label>turn total <input type="number" id="w-adv-total" value="2000"></label><label>dice to roll <input type="number" id="w-adv-dice" value="3"></label><label>roll (optional) <input type="text" id="w-adv-roll" placeholder="D,T,3,3,5"></label> <button type="button" id="w-adv-go">Advise me</button></p>
<div id="w-advice" class="live"></div>
<h3>Policy map</h3>
<figure class="chart"><figcaption><b>Roll or stop, by turn total and dice left (optimal play)</b><br><span class="note" id="w-policy-note"></span></figcaption>
<div class="legend"><span><i style="background:${COLORS.roll}"></i>roll</span> <span><i style="background:${COLORS.forced}"></i>roll (stopping not allowed yet)</span> <span><i style="background:${COLORS.stop}"></i>stop and bank</span> <span><i style="background:${COLORS.never};border-color:#bbb"></i>total cannot occur with that many dice</span> <span><i class="bar" style="background:${COLORS.threshold}"></i>stop threshold (the table above): stop at every total from here on</span></div>
<div id="w-policy"></div></figure>
<h3>Final turn score distribution</h3>
<figure class="chart"><figcaption><b>Final turn score (optimal play)</b><br><span class="note" id="w-final-note"></span></figcaption>
<div class="legend"><span><i style="background:${COLORS.bar}"></i>probability of ending the turn with that score</span> <span><i style="background:${COLORS.bust}"></i>bust (score 0): <b id="w-final-bust"></b></span> <span><i class="dash"></i>expected turn score</span></div>
<div id="w-final"></div></figure>
<h3>Sensitivity (finite differences through the exact solver)</h3><div id="w-sens"></div>
</div></div></div>`;
  let rules: WulongRules;
  /** the rules in the editor, as the address carries them once their figures are shown */
  let raw: unknown;
  /** the validator's message while the rules in the form are invalid (the figures shown are then for the last valid rules) */
  let invalid: string | null = null;
  let analysis: TurnAnalysis;
  let sensTimer: ReturnType<typeof setTimeout> | undefined;
  /** the turn solved last: its key, result and final-score distribution (a card edit reuses them) */
  let solved: { key: string; result: SolveResult; dist: FinalDistribution } | undefined;
  /** sensitivity: the bumped solves' distributions for the current turn key, so card edits redo only the card sums */
  let sensCache: { key: string; rows: { name: string; expected: number; dist: FinalDistribution; unit: number }[] } | undefined;
  let sensGeneration = 0;
  const fair = h('button', { type: 'button', id: 'w-fair', title: 'set each card\'s odds to break even' }, 'Fair odds');
  /** while the address is read: the editor's changes are not edits */
  let loading = false;
  const editor = new RulesEditor($('#w-rules'), {
    id: 'w', game: 'Wulong', schema: wulongSchema, validate: validateWulong, tools: [fair],
    presets: presetsOf(__PRESETS__, ['rules/wulong/', 'rules/farkle/'], 'rules/wulong/default.json'),
    onChange: (c) => accept(c.raw, c.rules as WulongRules | null, c.error, c.t0, loading),
  });
  const policyPlot = new CanvasPlot($('#w-policy'), 230, 'policy map: roll or stop by turn total and dice left; hover a cell for its values');
  const finalPlot = new CanvasPlot($('#w-final'), 250, 'final turn score distribution; hover a bar for its exact probability');
  /** bars below this probability are left out of the distribution chart (the note says so) */
  const MIN_BAR = 1e-4;

  function recompute(t0: number, interrupted: boolean): void {
    const ph: Record<string, number> = {};
    let tp = t0;
    const mark = (k: string) => { const n = performance.now(); ph[k] = n - tp; tp = n; };
    mark('validate');
    // a betting-card or all-in edit leaves the turn as it was: the cards are re-summed from the
    // cached final-score distribution and the turn is not solved again (nor its charts redrawn)
    const key = turnKey(rules);
    const turnChanged = !solved || solved.key !== key;
    let r: SolveResult;
    if (turnChanged) {
      analysis = new TurnAnalysis(rules);
      mark('solve');
      const dist = analysis.distribution();
      r = analysis.solveResult();
      solved = { key, result: r, dist };
    } else {
      mark('solve');
      r = { ...solved!.result, rules: rules.name, bettingCards: bettingCards(rules, solved!.dist, solved!.result.unit) };
    }
    mark('result');
    // the charts first: a canvas font is resolved against the document's style, which the table
    // updates below would leave dirty (forcing a style pass inside the drawing)
    if (turnChanged) {
      const shown = r.finalScore.filter((x) => x.probability >= MIN_BAR);
      const rest = r.finalScore.length - shown.length, restP = r.finalScore.reduce((sum, x) => (x.probability < MIN_BAR ? sum + x.probability : sum), 0);
      const maxTotal = r.policyTable.reduce((m, x) => Math.max(m, x.total), 0);
      const p = drawPolicy(policyPlot, { rows: r.policyTable, unit: r.unit, dice: rules.dice, thresholds: r.thresholds, minimumBank: rules.minimumBank });
      const f = drawFinal(finalPlot, { scores: r.finalScore, unit: r.unit, expected: r.expectedTurnScore, minProbability: MIN_BAR });
      chartAt.policy = p.at;
      chartAt.final = f.at;
      const breakNote = (b: typeof p.broken) => (b ? ` The axis is broken after ${b.after.toLocaleString('en-US')} points: past the break it is squeezed ${b.squeeze.toFixed(1)}×.` : '');
      $('#w-policy-note').textContent = `exact: optimal play for ${r.rules}, solved in this page; every reachable state with a turn total up to ${maxTotal.toLocaleString('en-US')} (2 steps past the highest stop threshold), in steps of ${r.unit} points.${breakNote(p.broken)} Hover a cell for the expected value of rolling and of stopping.`;
      $('#w-final-note').textContent = `exact: probability of each final turn score under optimal play for ${r.rules}, solved in this page. ${shown.length} of ${r.finalScore.length} scores drawn (probability ≥ ${pct(MIN_BAR, 2)})${rest ? `; the other ${rest} add up to ${pct(restP, 4)}` : ''}.${rules.instantWin ? ` ${rules.instantWin.name} (instant win, ${pct(r.instantWinProbability, 4)}) ends the game and is not a score here.` : ''}${breakNote(f.broken)} Hover a bar for its exact probability.`;
      $('#w-final-bust').textContent = pct(r.turnBustProbability, 3);
    }
    mark('charts');
    last.wulong = r;
    $('#expected-turn-score').textContent = num(r.expectedTurnScore, 2);
    $('#expected-turn-score').dataset.value = String(r.expectedTurnScore);
    $('#w-label').textContent = `— ${editor.title}`;
    $('#w-summary').innerHTML = `Turn ends in a bust: <b id="w-bust">${pct(r.turnBustProbability, 3)}</b>${rules.instantWin ? `; ${esc(rules.instantWin.name)}: <b>${pct(r.instantWinProbability, 4)}</b>` : ''}; expected rolls per turn: <b>${num(r.expectedRolls, 3)}</b>; scores in steps of ${r.unit}.`;
    setTable($('#w-thresholds'), Object.keys(r.thresholds).map((d) => ({ 'dice left': d, 'stop from (points)': r.thresholds[d] === null ? 'never' : r.thresholds[d]!.toLocaleString('en-US'), 'bust chance of the roll': pct(r.bustProbability[d].probability, 3), fraction: r.bustProbability[d].fraction })), 'w-thresholds-table');
    if (r.bettingCards.length) setTable($('#w-cards'), r.bettingCards.map((c) => ({ card: c.name, range: c.range, odds: `1:${c.odds}`, 'win probability': c.probability.toFixed(6), 'EV per chip': fixed(c.evPerChip, 4), 'fair odds': c.fairOdds === null ? '-' : `1:${fixed(c.fairOdds, 3)}`, 'all-in EV per chip': fixed(c.allIn.evPerChip, 4) })), 'w-cards-table');
    else $('#w-cards').innerHTML = '<p class="note">These rules have no betting cards.</p>';
    mark('dom');
    // until the frame that shows it has been rendered: a message posted from requestAnimationFrame
    // runs after that frame's style, layout and paint
    requestAnimationFrame(() => {
      const tv = performance.now();
      ph.vsync = tv - tp; // waiting for the next frame to begin
      const ch = new MessageChannel();
      ch.port1.onmessage = () => {
        ph.render = performance.now() - tv; // that frame's style, layout and paint
        mark('frame');
        timing.phases.push(ph);
        const ms = performance.now() - t0;
        timing.wulongMs.push(ms);
        timing.duringSensitivity.push(interrupted);
        // the address follows once the figures are on screen: a same-document navigation with a
        // few KB of base64 costs about as much as the layout of the new tables
        writeHash({ game: 'wulong', rules: b64urlEncode(JSON.stringify(raw)) });
        clearLinkProblem();
        $('#w-time').textContent = timing.wulongMs.length === 1 ? `(first draw, with the form: ${ms.toFixed(1)} ms)` : `(recomputed and redrawn in ${ms.toFixed(1)} ms)`;
        document.body.dataset.wulongReady = String(timing.wulongMs.length);
        // one solve per payout entry, in slices between edits: it never holds an edit up by more than one solve
        clearTimeout(sensTimer);
        sensTimer = setTimeout(() => sensitivity(r), turnChanged ? 300 : 0);
      };
      ch.port2.postMessage(null);
    });
  }

  /**
   * +1 scoring unit on each payout entry: how the expected score and each card's EV move. Each
   * bumped rules file is solved in its own task (a new edit stops the rest); the distributions are
   * kept, so a card edit recomputes the table from them without solving.
   */
  function sensitivity(base: SolveResult): void {
    const gen = ++sensGeneration;
    const t0 = performance.now();
    const key = solved!.key;
    const unit = base.unit;
    const current = rules;
    const show = () => {
      const rows = sensCache!.rows.map((e) => {
        const row: Record<string, string> = { [`payout entry (+${unit} points)`]: e.name, 'Δ expected score': delta(e.expected - base.expectedTurnScore, base.expectedTurnScore, (x) => fixed(x, 3)) };
        bettingCards(current, e.dist, e.unit).forEach((c, j) => { row[`Δ EV ${c.card}`] = delta(c.evPerChip - base.bettingCards[j].evPerChip, base.bettingCards[j].evPerChip, (x) => x.toExponential(2)); });
        return row;
      });
      timing.sensitivityMs = performance.now() - t0;
      const sens = $('#w-sens');
      if (!sens.querySelector('.sens-note')) sens.innerHTML = '<div></div><p class="note sens-note"></p>';
      setTable(sens.firstElementChild as HTMLElement, rows, 'w-sens-table');
      $('.sens-note', sens).textContent = `${rows.length} exact solves (Δ per +${unit} points on one entry); this table follows the figures above once the edits pause.`;
    };
    if (sensCache?.key === key) return show();
    const entries: { name: string; bump: (r: WulongRules) => void }[] = [];
    current.faces.forEach((f, i) => Object.keys(f.score).forEach((k) => entries.push({ name: `${f.name} ×${k}`, bump: (r) => { r.faces[i].score[k] += unit; } })));
    current.straights.forEach((s, i) => entries.push({ name: s.name, bump: (r) => { r.straights[i].score += unit; } }));
    if (current.threePairs) entries.push({ name: 'three pairs', bump: (r) => { r.threePairs!.score += unit; } });
    if (current.instantWin) entries.push({ name: `${current.instantWin.name} value`, bump: (r) => { r.instantWin!.value += unit; } });
    const rows: NonNullable<typeof sensCache>['rows'] = [];
    timing.sensitivityRunning = true;
    timing.sensitivitySliceMaxMs = 0;
    const step = (i: number) => {
      if (gen !== sensGeneration) return; // an edit came in: its own run replaces this one
      if (i === entries.length) {
        timing.sensitivityRunning = false;
        timing.sensitivityRuns++;
        sensCache = { key, rows };
        show();
        return;
      }
      const ts = performance.now();
      const r2 = structuredClone(current);
      entries[i].bump(r2);
      // only the expected score and the distribution: no policy table, no exact fractions
      const a = new TurnAnalysis(r2);
      rows.push({ name: entries[i].name, expected: expectedTurnScore(a.solution), dist: a.distribution(), unit: a.unit });
      timing.sensitivitySliceMaxMs = Math.max(timing.sensitivitySliceMaxMs, performance.now() - ts);
      sensTimer = setTimeout(() => step(i + 1), 0);
    };
    step(0);
  }

  /** Greys the figures while the rules are invalid and says whose figures they are. */
  function markStale(problem: string | null): void {
    invalid = problem;
    $('#w-figures').classList.toggle('stale', problem !== null);
    $('#w-figures').classList.toggle('none', problem !== null && !solved);
    const note = $('#w-stale');
    note.hidden = problem === null;
    if (problem !== null) {
      note.textContent = solved
        ? `These figures are for the last valid rules (${($('#w-label').textContent ?? '').replace(/^— /, '')}), not for the rules in the form: ${problem}`
        : `No figures: ${problem}`;
    }
  }

  /**
   * A change in the editor: valid rules are solved, invalid ones grey the figures. `t0`: when the
   * edit happened (the input event's time stamp), so the shown time counts from there.
   */
  function accept(x: unknown, valid: WulongRules | null, problem: string | null, t0: number, fromLink: boolean): void {
    const now = performance.now();
    if (!(t0 > 0 && t0 <= now)) t0 = now;
    const interrupted = timing.sensitivityRunning;
    $('#w-advice').textContent = ''; // advice was for the rules before this change
    clearTimeout(sensTimer);
    sensGeneration++;
    timing.sensitivityRunning = false;
    if (valid === null) {
      markStale(problem);
      return;
    }
    markStale(null);
    if (!fromLink) clearLinkProblem();
    rules = valid;
    raw = x;
    recompute(t0, interrupted);
  }

  fair.addEventListener('click', (e) => {
    if (invalid !== null) return; // the error above says why: fair odds of the last valid rules would undo the edit
    const r = last.wulong as SolveResult;
    const x = structuredClone(editor.value) as WulongRules;
    r.bettingCards.forEach((c, i) => { if (c.fairOdds !== null) x.bettingCards[i].odds = Number(c.fairOdds.toFixed(4)); });
    editor.replace(x, e.timeStamp);
  });
  $('#w-adv-go').addEventListener('click', () => {
    const total = Number($<HTMLInputElement>('#w-adv-total').value), dice = Number($<HTMLInputElement>('#w-adv-dice').value);
    const roll = $<HTMLInputElement>('#w-adv-roll').value.trim();
    const out = $('#w-advice');
    if (invalid !== null) {
      out.innerHTML = `<p class="error" id="w-advice-line">No advice: the rules in the form are invalid (${esc(invalid)}). Fix them first; the figures shown are for the last valid rules.</p>`;
      return;
    }
    try {
      const a = new TurnAnalysis(rules, undefined, total + 1);
      if (roll) {
        const r = a.rankSetAsides(total, dice, roll);
        out.innerHTML = r.instantWin ? `<p>${esc(String(r.instantWin))}! The game is won at once.</p>` : r.bust ? '<p>Bust: no scoring dice — the turn ends with 0.</p>'
          : table(r.options.map((o) => ({ 'set aside': o.setAside, score: o.score, 'new total': o.newTotal, 'dice left': o.diceLeft, then: o.then, EV: o.ev.toFixed(1) })));
      } else {
        const r = a.advise(total, dice);
        out.innerHTML = `<p id="w-advice-line"><b>${r.action.toUpperCase()}</b>: stop EV ${r.stopEv === null ? '— (below the minimum bank)' : r.stopEv.toLocaleString('en-US')}, roll EV ${num(r.rollEv, 1)}; the next roll busts with ${pct(r.bustRisk, 2)} (${r.bustRiskFraction}).</p>`;
      }
    } catch (e) {
      out.innerHTML = `<p class="error">${esc((e as Error).message)}</p>`;
    }
  });

  const DEFAULT = 'rules/wulong/default.json';
  /** The address's rules (#game=wulong&rules=<base64url JSON>), else the rulebook; on load and on every hashchange. */
  return (q: URLSearchParams) => {
    const text = q.get('game') === 'wulong' ? q.get('rules') : null;
    loading = text !== null;
    const problem = text === null ? (editor.loadPreset(DEFAULT), null) : editor.loadLink(text);
    loading = false;
    if (problem === null) return;
    // the figures shown (if any) are for the rules before the link; invalid rules are in the form as they came, so the field named can be fixed there
    markStale(problem);
    linkProblem(problem, `Open the rulebook (${DEFAULT}) instead`, () => editor.loadPreset(DEFAULT));
  };
}

// ---- Liar's Dice ----------------------------------------------------------------------------------
const LIARS_FIELDS = { players: ['#l-players', '4'], dice: ['#l-dpp', '5'], mine: ['#l-mine', '2,2,4,1,6'], bid: ['#l-bid', '8x2'] } as const;
function liarsTab(root: HTMLElement): (q: URLSearchParams) => void {
  root.innerHTML = `<h2>Liar's Dice: exact bid odds</h2>
<p><label>players <input type="number" id="l-players" min="2" max="10"></label>
<label>dice per player <input type="number" id="l-dpp" min="1" max="20"></label>
<label>my dice <input type="text" id="l-mine"></label>
<label>bid <input type="text" id="l-bid"></label>
<label><input type="checkbox" id="l-ones"> 1s already bid this round</label></p>
<div class="error" id="l-error" role="alert"></div><p class="stale-note" id="l-stale" hidden></p>
<div id="l-out"><p>Chance the bid is true: <span class="big" id="l-prob"></span> <span id="l-frac" class="note"></span></p>
<p id="l-summary"></p>
<h3>Safest bids per face</h3><div id="l-safe"></div>
<h3>At-least table for the unknown dice</h3><div id="l-table"></div></div><div id="l-rules"></div>`;
  // the rules editor (below the figures): the dice per player asked above override the rules' own, as --dice-per-player does
  const { editor, fromAddress } = tabRules($('#l-rules'), { id: 'l-r', game: "Liar's Dice", schema: liarsSchema, presets: presetsOf(__PRESETS__, ['rules/liars-dice/'], 'rules/liars-dice/default.json'), validate: validateLiars }, () => update(true));
  /** `write`: after an edit; a page opened from a link leaves its address as it was */
  const update = (write: boolean) => {
    const players = $<HTMLInputElement>('#l-players').value, dice = $<HTMLInputElement>('#l-dpp').value;
    const mineT = $<HTMLInputElement>('#l-mine').value, bidT = $<HTMLInputElement>('#l-bid').value, ones = $<HTMLInputElement>('#l-ones').checked;
    const link = editor.linkParam;
    // invalid rules never reach the address: it keeps the last valid ones (every tab alike)
    if (editor.rules !== null) writeHash({ game: 'liars', players, dice, mine: mineT, bid: bidT, ones: ones ? '1' : '0', ...(link ? { rules: link } : {}) }, write);
    try {
      if (editor.rules === null) throw new Error(editor.problem ?? 'the rules are invalid');
      const rules = validateLiars({ ...(editor.rules as object), dicePerPlayer: Number(dice) }, 'rules');
      const p = Number(players);
      if (!Number.isInteger(p)) throw new Error('--players must be an integer');
      const mine = parseDice(mineT, rules);
      // the question `oddsmith liars odds` asks (src/games/liars-dice/questions.ts)
      const r = liarsOdds.answer({ rules, players: p, mine, bid: parseBid(bidT, rules, p * rules.dicePerPlayer), onesBid: ones }, { workers: 1 }) as ReturnType<typeof bidOdds>;
      $('#l-error').textContent = '';
      $('#l-stale').hidden = true;
      $('#l-out').classList.remove('stale');
      $('#l-prob').textContent = pct(r.probability, 3);
      $('#l-frac').textContent = `= ${r.fraction}`;
      $('#l-summary').innerHTML = `${r.unknownDice} unknown dice; each matches with ${r.perDie}${r.wild ? ' (1s wild)' : ''}; I hold ${r.ownMatching}, so ${r.needed} must come from the others. Expected count on the table: <b>${r.expectedCount.toFixed(3)}</b> (${r.expectedCountFraction}).`;
      $('#l-safe').innerHTML = table(r.safestBids.map((s) => ({ face: s.face, wild: s.wild ? 'yes' : 'no', 'highest count ≥ 50%': s.atLeast50, 'its chance': pct(s.probability50, 2), 'highest count ≥ 1/3': s.atLeast33, 'its chance ': pct(s.probability33, 2) })));
      $('#l-table').innerHTML = table(atLeastTable(r.unknownDice, rules.sides).filter((x) => x.nonWild > 1e-6 || x.wild > 1e-6).map((x) => ({ 'at least k': x.k, [`wild face (2/${rules.sides})`]: pct(x.wild, 3), [`non-wild face (1/${rules.sides})`]: pct(x.nonWild, 3) })));
    } catch (e) {
      // the figures stay, greyed, saying whose they are (as in the other tabs)
      $('#l-error').textContent = (e as Error).message;
      const shown = $('#l-prob').textContent !== '';
      $('#l-out').classList.toggle('stale', shown);
      $('#l-stale').hidden = !shown;
      $('#l-stale').textContent = editor.rules === null ? 'These figures are for the last valid rules, not for the rules in the form.' : 'These figures are for the last valid question, not for the one in the form.';
    }
  };
  root.addEventListener('input', (e) => { if (!(e.target as HTMLElement).closest('.rules-editor')) update(true); });
  return (q) => {
    const mine = q.get('game') === 'liars';
    for (const [k, [sel, d]] of Object.entries(LIARS_FIELDS)) $<HTMLInputElement>(sel).value = mine ? q.get(k) ?? d : d;
    $<HTMLInputElement>('#l-ones').checked = mine && q.get('ones') === '1';
    fromAddress(q, mine);
    update(false);
  };
}

// ---- Sichuan mahjong --------------------------------------------------------------------------------
const MAHJONG_FIELDS = { hand: ['#m-hand', '1112345678999m'], melds: ['#m-melds', ''], void: ['#m-void', 's'], seen: ['#m-seen', ''], draws: ['#m-draws', String(DEFAULT_DRAWS)], objective: ['#m-objective', 'points'] } as const;
function mahjongTab(root: HTMLElement): (q: URLSearchParams) => void {
  root.innerHTML = `<h2>Sichuan mahjong: waits, and the discard advisor</h2>
<div class="cols"><div>
<p><label>hand <input type="text" id="m-hand" style="width:16em"></label>
<label>melds <input type="text" id="m-melds" placeholder="pung 5p"></label>
<label>void suit <input type="text" id="m-void" style="width:3em"></label>
<label>seen tiles <input type="text" id="m-seen"></label></p>
<p><label>own draws left <input type="number" id="m-draws" min="1" max="60"></label>
<label>best for <select id="m-objective"><option value="points">expected points</option><option value="win">the chance to win</option></select></label></p>
<p class="note">Tiles as digits then suit: m (characters), p (dots), s (bamboo). 13 tiles (less 3 per meld): waits
(<code>npx oddsmith mahjong waits</code>); 14: every discard with P(ready), P(win) and expected points within the draws left,
ranked for the objective (<code>npx oddsmith mahjong discard --draws N --objective …</code>).</p>
<div id="m-rules"></div></div><div id="m-results">
<div class="error" id="m-error" role="alert"></div><p class="stale-note" id="m-stale" hidden></p>
<div id="m-out"></div><p class="note" id="m-time"></p></div></div>`;
  const { editor, fromAddress } = tabRules($('#m-rules'), { id: 'm-r', game: 'Sichuan mahjong', schema: mahjongSchema, presets: presetsOf(__PRESETS__, ['rules/sichuan-mahjong/'], 'rules/sichuan-mahjong/default.json'), validate: validateMahjong }, (fromForm) => update(true, fromForm ? 120 : 0));
  let timer: ReturnType<typeof setTimeout> | undefined, runs = 0, shown = false;
  const run = () => {
    const hand = $<HTMLInputElement>('#m-hand').value.trim(), melds = $<HTMLInputElement>('#m-melds').value.trim();
    const vd = $<HTMLInputElement>('#m-void').value.trim(), seen = $<HTMLInputElement>('#m-seen').value.trim();
    const drawsT = $<HTMLInputElement>('#m-draws').value.trim(), objective = $<HTMLSelectElement>('#m-objective').value as Objective;
    const t0 = performance.now();
    try {
      const rules = editor.rules as SichuanRules | null;
      if (rules === null) throw new Error(editor.problem ?? 'the rules are invalid');
      const spec = { hand, melds: melds ? melds.split(/\s*[;,]\s*/) : undefined, void: vd || undefined, seen: seen || undefined };
      // the questions `oddsmith mahjong waits` and `mahjong discard` ask (src/games/sichuan-mahjong/questions.ts)
      const r = mahjongWaits.answer({ rules, hand: spec }, { workers: 1 }) as WaitsResult;
      let html = `<p>Hand ${esc(r.hand)}${r.melds.length ? ` + ${esc(r.melds.join(', '))}` : ''}, void ${esc(r.void)}${r.voidInferred ? ' (inferred)' : ''}: shanten <b id="m-shanten">${r.shanten}</b> (standard ${r.shantenStandard}${r.shantenSevenPairs === null ? '' : `, seven pairs ${r.shantenSevenPairs}`}).</p>`;
      if (r.waits) html += r.waits.length ? `<h3>Waits (${r.waits.reduce((s, w) => s + w.live, 0)} live tiles)</h3>` + table(r.waits.map((w) => ({ tile: w.tile, live: w.live, fan: w.fan, 'fan names': w.fanNames.join(', ') || '(plain)', 'discard win pays': w.discardPoints, 'self-draw: each pays': w.selfDrawPointsEach }))) : '';
      if (r.improving) html += `<h3>Tiles that lower the shanten (${r.improvingTiles} live)</h3>` + table(r.improving.map((x) => ({ tile: x.tile, live: x.live })));
      if (r.completeValue) html += `<p>Complete hand: ${r.completeValue.fan} fan (${esc(r.completeValue.fanNames.join(', ') || 'plain')}), a discard win pays ${r.completeValue.discardPoints}.</p>`;
      last.mahjong = r;
      if (r.discards) {
        const draws = Number(drawsT);
        if (!Number.isInteger(draws) || draws < 1 || draws > 60) throw new Error(`own draws left must be an integer in 1..60 (got ${JSON.stringify(drawsT)})`);
        const a = mahjongDiscard.answer({ rules, hand: spec, draws, objective }, { workers: 1 }) as DiscardResult;
        const approx = a.discards.some((d) => d.approximate);
        html += `<h3>Discards, best for ${objective === 'win' ? 'the chance to win' : 'expected points'} first (${draws} own draws)</h3>` +
          table(a.discards.map((d) => ({ discard: d.discard, shanten: d.shanten, 'improving tiles': d.improvingTiles, 'P(ready)': pct(d.pReady, 2), 'P(win)': pct(d.pWin, 2), 'expected points': d.expectedPoints.toFixed(3), ...(approx ? { exact: d.approximate ? 'lower bound' : 'exact' } : {}) }))) +
          `<p class="note">model: ${esc(a.model)}</p>`;
        last.mahjongDiscard = a;
      }
      const ms = performance.now() - t0;
      $('#m-out').innerHTML = html;
      $('#m-error').textContent = '';
      $('#m-stale').hidden = true;
      $('#m-out').classList.remove('stale');
      $('#m-time').textContent = `exact, computed in this page in ${ms < 10 ? ms.toFixed(1) : ms.toFixed(0)} ms`;
      (tabTiming.mahjong ??= []).push(ms);
      shown = true;
    } catch (e) {
      $('#m-error').textContent = (e as Error).message;
      $('#m-out').classList.toggle('stale', shown);
      $('#m-stale').hidden = !shown;
      $('#m-stale').textContent = editor.rules === null ? 'These figures are for the last valid rules, not for the rules in the form.' : 'These figures are for the last valid hand, not for the one in the form.';
    }
    document.body.dataset.mahjongReady = String(++runs);
  };
  const update = (write: boolean, wait: number) => {
    const v = (sel: string) => $<HTMLInputElement>(sel).value.trim();
    const link = editor.linkParam;
    // invalid rules never reach the address: it keeps the last valid ones (every tab alike)
    if (editor.rules !== null) writeHash({ game: 'mahjong', hand: v('#m-hand'), melds: v('#m-melds'), void: v('#m-void'), seen: v('#m-seen'), draws: v('#m-draws'), objective: v('#m-objective'), ...(link ? { rules: link } : {}) }, write);
    clearTimeout(timer);
    timer = setTimeout(run, wait);
  };
  root.addEventListener('input', (e) => { if (!(e.target as HTMLElement).closest('.rules-editor')) update(true, 120); });
  return (q) => {
    const mine = q.get('game') === 'mahjong';
    for (const [k, [sel, d]] of Object.entries(MAHJONG_FIELDS)) $<HTMLInputElement>(sel).value = mine ? q.get(k) ?? d : d;
    fromAddress(q, mine);
    update(false, 0);
  };
}

// ---- tabs ------------------------------------------------------------------------------------------
/** Each tab builds itself and returns what loads its state from an address. */
const TABS: Record<string, (root: HTMLElement) => (q: URLSearchParams) => void> = { wulong: wulongTab, weilong: weilongTab, liars: liarsTab, mahjong: mahjongTab, tichu: tichuTab, dracula: draculaTab, cantstop: cantStopTab, trainer: trainerTab };
/** The tabs shown, in the bar's order: each game's view, or the generic tab of a bundled game module. */
const BAR = (__WORKBENCH_TABS__ ?? VIEWS).filter((t) => TABS[t.tab] || t.module);
for (const t of BAR) if (t.module && t.game) TABS[t.tab] = genericTab(t.tab, t.game, t.module);
const SHOWN = new Set(BAR.map((t) => t.tab));
const loaders: Record<string, (q: URLSearchParams) => void> = {};
/** Shows tab `id`; a tab opened for the first time, or given `q`, loads its state from `q` (else the address). */
function show(id: string, q?: URLSearchParams): void {
  document.querySelectorAll('nav button').forEach((b) => b.setAttribute('aria-selected', String((b as HTMLElement).dataset.tab === id)));
  document.querySelectorAll('.tab').forEach((s) => s.classList.toggle('active', s.id === `tab-${id}`));
  if (!loaders[id]) {
    loaders[id] = TABS[id]($(`#tab-${id}`));
    loaders[id](q ?? readHash());
  } else if (q) loaders[id](q);
}
/** The address decides the tab and its state: on load, and when the hash changes in an open tab. */
function route(): void {
  const q = readHash();
  const id = q.get('game') ?? BAR[0].tab;
  clearLinkProblem();
  if (SHOWN.has(id)) return show(id, q);
  linkProblem(`the address names the game "${id}", which the workbench does not have (it has ${[...SHOWN].join(', ')})`, 'Open the Wulong / Farkle rulebook instead', () => show('wulong', new URLSearchParams()));
}
function start(): void {
  (globalThis as unknown as { oddsmithWorkbench: unknown }).oddsmithWorkbench = { timing, last, chartAt, tabTiming };
  // the tab bar and the tabs' sections, from the list
  const nav = $('nav[role=tablist]');
  for (const t of BAR) {
    nav.append(h('button', { 'data-tab': t.tab }, t.label), ' ');
    document.body.append(h('section', { class: 'tab', id: `tab-${t.tab}` }));
  }
  document.querySelectorAll<HTMLElement>('nav button').forEach((b) => b.addEventListener('click', () => {
    const id = b.dataset.tab!;
    show(id);
    // the link names the tab in view; a link that could not be read stays until it is replaced on purpose
    if ($('#link-problem').hidden && addressOf[id] && location.hash !== addressOf[id]) history.replaceState(null, '', addressOf[id]);
  }));
  // history.replaceState (each edit) fires no hashchange: this is a link pasted, typed or navigated to
  addEventListener('hashchange', route);
  route();
}
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
