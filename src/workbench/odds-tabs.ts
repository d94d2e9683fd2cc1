/// <reference lib="dom" />
/**
 * The workbench tabs that answer one typed question with the CLI's exact functions: Weilong one-turn
 * odds, Tichu deal odds, Dracula row odds, Can't Stop bust odds. Each is a small form (its state in
 * the address) and the figures the CLI's `--json` prints, computed by the same calls with the
 * rulebook's rules. The work runs in a task after typing pauses (120 ms), so keys are never held up;
 * the time each answer took is shown under it.
 */
import { parseSon, schema as weilongSchema, SON_NAMES, validateRules as validateWeilong, type WeilongRules } from '../games/weilong/rules.js';
import { checkCollected, parseCollected, type TurnOdds } from '../games/weilong/exact.js';
import { odds as weilongOdds, STRATEGY_CHOICES } from '../games/weilong/questions.js';
import { schema as tichuSchema, validateRules as validateTichu, type TichuRules } from '../games/tichu/rules.js';
import { cardsText, parseCards, sortCards } from '../games/tichu/cards.js';
import type { OddsLine } from '../games/tichu/exact.js';
import { odds as tichuOdds, type OddsResult as TichuOdds } from '../games/tichu/questions.js';
import type { TableBombResult } from '../games/tichu/exact-table.js';
import { schema as draculaSchema, validateRules as validateDracula, type DraculaRules } from '../games/dracula/rules.js';
import { cardText, parseCard, parseRanking } from '../games/dracula/cards.js';
import { freshTable, rowOdds } from '../games/dracula/questions.js';
import { schema as cantStopSchema, validateRules as validateCantStop, columnSum, type CantStopRules } from '../games/cant-stop/rules.js';
import { bustRolls, bustTable, columnRolls, parseSums } from '../games/cant-stop/exact.js';
import { splitList } from '../core/parse.js';
import type { RulesSchema } from '../core/schema.js';
import { $, esc, fixed, folded, inWorker, last, pct, table, tabTiming, writeHash } from './dom.js';
import { presetsOf, tabRules, type RulesPreset } from './rules-editor.js';

declare const __PRESETS__: Record<string, unknown>;

export interface Field {
  key: string;
  label: string;
  def: string;
  /** default text input */
  kind?: 'text' | 'select' | 'checkbox';
  options?: [string, string][];
  width?: string;
  placeholder?: string;
}
export interface FormTabSpec {
  game: string;
  title: string;
  fields: Field[];
  /** under the form: what to type */
  help: string;
  /** the rules editor's game name and rules (schema, shipped files, validator); the tab's figures use the edited rules */
  rules: { name: string; schema: RulesSchema; presets: RulesPreset[]; validate: (raw: unknown, where: string) => unknown };
  /** the figures for the form's values and the rules as HTML, and the result the CLI's --json prints */
  compute(v: Record<string, string>, rules: unknown): { html: string; result: unknown } | Promise<{ html: string; result: unknown }>;
}

/** A form tab: fields → figures; the figures come first on a phone (CSS), the address holds the fields. */
export function formTab(spec: FormTabSpec): (root: HTMLElement) => (q: URLSearchParams) => void {
  const g = spec.game;
  return (root) => {
    const input = (f: Field) => {
      const id = `${g}-${f.key}`;
      if (f.kind === 'checkbox') return `<label><input type="checkbox" id="${id}"> ${esc(f.label)}</label>`;
      if (f.kind === 'select') return `<label>${esc(f.label)} <select id="${id}">${f.options!.map(([v, t]) => `<option value="${esc(v)}">${esc(t)}</option>`).join('')}</select></label>`;
      return `<label>${esc(f.label)} <input type="text" id="${id}"${f.width ? ` style="width:${f.width}"` : ''}${f.placeholder ? ` placeholder="${esc(f.placeholder)}"` : ''}></label>`;
    };
    root.innerHTML = `<h2>${esc(spec.title)}</h2><div class="cols"><div>
<form onsubmit="return false">${spec.fields.map((f) => `<p class="field">${input(f)}</p>`).join('')}</form>
<p class="note">${spec.help}</p><div id="${g}-rules"></div></div>
<div id="${g}-results"><p class="note">Rules: <span id="${g}-label"></span></p><div class="error" id="${g}-error" role="alert"></div><p class="stale-note" id="${g}-stale" hidden></p>
<div id="${g}-out"></div><p class="note" id="${g}-time"></p></div></div>`;
    const el = (f: Field) => $<HTMLInputElement>(`#${g}-${f.key}`);
    const values = () => Object.fromEntries(spec.fields.map((f) => [f.key, f.kind === 'checkbox' ? (el(f).checked ? '1' : '0') : el(f).value.trim()]));
    let timer: ReturnType<typeof setTimeout> | undefined, runs = 0, shown = false;
    const { editor, fromAddress } = tabRules($(`#${g}-rules`), { id: `${g}-r`, game: spec.rules.name, schema: spec.rules.schema, presets: spec.rules.presets, validate: spec.rules.validate }, (fromForm) => update(true, fromForm ? 120 : 0));
    /** the figures stay, greyed, with a note saying whose they are (`rules`: the rules are invalid, else the question) */
    const stale = (rules: boolean) => {
      $(`#${g}-out`).classList.toggle('stale', shown);
      const el = $(`#${g}-stale`);
      el.hidden = !shown && !rules;
      el.textContent = rules
        ? (shown ? `These figures are for the last valid rules, not for the rules in the form: ${editor.problem ?? ''}` : `No figures: ${editor.problem ?? ''}`)
        : 'These figures are for the last valid question, not for the one in the form.';
    };
    const run = async () => {
      const v = values();
      const t0 = performance.now();
      if (editor.rules === null) {
        $(`#${g}-error`).textContent = '';
        if (!shown) $(`#${g}-label`).textContent = `${editor.title} (invalid)`;
        stale(true);
        document.body.dataset[`${g}Ready`] = String(++runs);
        return;
      }
      try {
        const { html, result } = await spec.compute(v, editor.rules);
        const ms = performance.now() - t0;
        $(`#${g}-out`).innerHTML = html;
        $(`#${g}-error`).textContent = '';
        $(`#${g}-stale`).hidden = true;
        $(`#${g}-out`).classList.remove('stale');
        $(`#${g}-label`).textContent = editor.title;
        $(`#${g}-time`).textContent = `exact, computed in this page in ${ms < 10 ? ms.toFixed(1) : ms.toFixed(0)} ms`;
        (tabTiming[g] ??= []).push(ms);
        last[g] = JSON.parse(JSON.stringify(result)) as unknown;
        shown = true;
      } catch (e) {
        $(`#${g}-error`).textContent = (e as Error).message;
        stale(false);
      }
      document.body.dataset[`${g}Ready`] = String(++runs);
    };
    /** `write`: after an edit; a page opened from a link keeps its address as it was */
    const update = (write: boolean, wait: number) => {
      // invalid rules never reach the address (as in the Wulong tab): it keeps the last valid ones,
      // so a copied link always opens figures
      const link = editor.linkParam;
      if (editor.rules !== null) writeHash({ game: g, ...values(), ...(link ? { rules: link } : {}) }, write);
      clearTimeout(timer);
      timer = setTimeout(() => void run(), wait);
    };
    root.addEventListener('input', (e) => {
      // the rules editor's own inputs are passed on by its onChange (once validated)
      if (!(e.target as HTMLElement).closest('.rules-editor')) update(true, 120);
    });
    return (q) => {
      const mine = q.get('game') === g;
      for (const f of spec.fields) {
        const x = mine ? q.get(f.key) ?? f.def : f.def;
        if (f.kind === 'checkbox') el(f).checked = x === '1';
        else el(f).value = x;
      }
      fromAddress(q, mine);
      update(false, 0);
    };
  };
}

const rowsTable = (rows: Record<string, unknown>[]) => table(rows);

// ---- Weilong -------------------------------------------------------------------------------------
/** The rules editor of a game whose shipped files are rules/<dir>/*.json (default.json the rulebook). */
const rulesOf = (name: string, dir: string, schema: RulesSchema, validate: (raw: unknown, where: string) => unknown): FormTabSpec['rules'] =>
  ({ name, schema, validate, presets: presetsOf(__PRESETS__, [`rules/${dir}/`], `rules/${dir}/default.json`) });
export const weilongTab = formTab({
  game: 'weilong',
  title: 'Weilong: exact one-turn odds by Son and Collected set',
  fields: [
    { key: 'son', label: 'Son', def: 'all', kind: 'select', options: [['all', 'all five'], ...SON_NAMES.map((n, i) => [String(i + 1), n] as [string, string])] },
    { key: 'collected', label: 'Collected dice', def: '', placeholder: 'e.g. 1,1', width: '8em' },
    { key: 'strategy', label: 'strategy', def: 'adaptive', kind: 'select', options: STRATEGY_CHOICES.map(([n, usage]) => [n, usage] as [string, string]) },
    { key: 'ability', label: "the Son's ability on", def: '1', kind: 'checkbox' },
  ],
  help: 'Collected: the die faces 1–6 collected at the start of the turn, separated by commas (empty: none). ' +
    'The same as <code>npx oddsmith weilong odds --son K --collected … --strategy …</code>, with the rules below.',
  rules: rulesOf('Weilong', 'weilong', weilongSchema, validateWeilong),
  async compute(v, r) {
    const rules = r as WeilongRules;
    const counts = parseCollected(v.collected);
    const one = v.son !== 'all';
    const sons = one ? [parseSon(v.son)] : [1, 2, 3, 4, 5];
    // the CLI's checks: one Son's set, or for all five the size and a Dragon already made
    if (one) checkCollected(sons[0], counts);
    else {
      checkCollected(1, counts.map((x, i) => (i === 1 ? 0 : x)));
      if (counts[1] === 1 && counts[2] === 1 && counts[3] === 1 && counts[4] === 1 && counts[5] === 1) checkCollected(1, counts);
    }
    // the question `oddsmith weilong odds` asks (src/games/weilong/questions.ts), exact only
    const results: TurnOdds[] = await weilongOdds.answer({ rules, sons: sons.filter((k) => one || counts[k] < 5), collected: counts, strategy: v.strategy, ability: v.ability === '1', simulate: 0, seed: 1, shardCount: 1 }, { workers: 1 });
    const html = `<p>One turn from Collected <b>${esc(results[0].collected.join(',') || 'none')}</b> (Supply ${results[0].supply}), strategy ${esc(v.strategy)}, ability ${v.ability === '1' ? 'on' : 'off'}:</p>` +
      rowsTable(results.map((o) => ({ Son: o.name, 'five-of-element': pct(o.pElement, 4), Dragon: pct(o.pDragon, 4), finish: pct(o.pFinish, 4), 'dice collected': fixed(o.expectedCollected, 4), 'ends at once': pct(o.pEndAtOnce, 4), rolls: fixed(o.expectedRolls, 4) }))) +
      '<p class="note">Solo turn: abilities acting on other players (Second/Fourth Son on an opponent, the Fifth Son\'s trade) have no one to act on.</p>';
    return { html, result: one ? results[0] : results };
  },
});

// ---- Tichu ---------------------------------------------------------------------------------------
/** the table-level counts depend on the rules only through the shortest straight flush: one per length */
type TichuTable = { four: OddsLine; bomb: TableBombResult };
const tichuTables = new Map<number, { job: Promise<TichuTable>; done?: TichuTable; ms: number }>();
/** the shortest straight flush of the rules shown last */
let tichuShownL = 0;
export const tichuTab = formTab({
  game: 'tichu',
  title: 'Tichu: exact deal odds for a hand, and at the table',
  fields: [{ key: 'hand', label: 'my cards (none, 8 or 14)', def: '', placeholder: 'Aj As Kp Qr 7s 7j Dr MJ', width: '20em' }],
  help: 'Cards: rank 2-9 T J Q K A + suit j (Jade) s (Sword) p (Pagoda) r (Star); MJ, Dg, Ph, Dr for Mah Jong, Dog, Phoenix, Dragon. ' +
    'Empty: the odds for any first 8 and any 14 cards and at the table (<code>npx oddsmith tichu odds</code>); 8 cards: the odds for the 14 given them (<code>--hand</code>); 14 cards: what the hand holds.',
  rules: rulesOf('Tichu', 'tichu', tichuSchema, validateTichu),
  async compute(v, r) {
    const rules = r as TichuRules;
    const L = rules.minStraightFlush;
    tichuShownL = L;
    const lines = (r: TichuOdds['fourteen']) => rowsTable(r.lines.map((l) => ({ event: l.label, probability: pct(l.probability, 4), fraction: folded(l.fraction) })));
    if (v.hand !== '') {
      const given = sortCards(parseCards(v.hand, [8, 14], 'my cards'));
      // the question `oddsmith tichu odds --hand` asks (src/games/tichu/questions.ts); here also with all 14
      const { fourteen: r14 } = await tichuOdds.answer({ rules, given, atTable: false }, { workers: 1 });
      const head = given.length === 8
        ? `Full 14 cards given ${esc(cardsText(given))} (the 6 still to come from the 48 unseen: C(48,6) = ${BigInt(r14.lines[0].total).toLocaleString('en-US')}):`
        : `The 14 cards ${esc(cardsText(given))} hold (1/1) or do not hold (0/1) each of:`;
      return { html: `<p>${head}</p>${lines(r14)}`, result: { given: cardsText(given), fourteen: r14 } };
    }
    // the question `oddsmith tichu odds` asks, without the table (counted once, in the worker, below)
    const answer = await tichuOdds.answer({ rules, atTable: false }, { workers: 1 });
    const r8 = answer.eight!, r14 = answer.fourteen;
    const result: Record<string, unknown> = { eight: r8, fourteen: r14 };
    const cached = tichuTables.get(L);
    const tichuTable = cached?.done;
    const tableHtml = (t: TichuTable) => `<p>some player holds a four of a kind: <b>${pct(t.four.probability, 4)}</b> ${folded(`${t.four.fraction}`).html.replace(/^(?!<details)(.*)$/, '(exact: $1)')}<br>` +
      `some player holds any bomb: <b>${pct(t.bomb.probability, 10)}</b> (exact combinatorics to 12 digits, not sampled)</p>`;
    const showTable = (t: TichuTable) => {
      if (tichuShownL !== L) return; // the rules changed meanwhile: their own table is coming
      result.table = { fourOfAKind: t.four, anyBomb: t.bomb };
      last.tichu = JSON.parse(JSON.stringify(result)) as unknown;
      const el = document.getElementById('tichu-table');
      if (el) el.innerHTML = tableHtml(t);
      document.body.dataset.tichuTable = 'ready';
    };
    if (tichuTable) result.table = { fourOfAKind: tichuTable.four, anyBomb: tichuTable.bomb };
    else {
      // about 2 s of exact counting: in the worker, so typing a hand meanwhile is not held up
      const entry = cached ?? { job: inWorker<TichuTable>({ job: 'tichuTable', rules }).then(({ result: t, ms }) => { entry.done = t; entry.ms = ms; return t; }), ms: 0 };
      tichuTables.set(L, entry);
      void entry.job.then(showTable, (e: Error) => {
        const el = document.getElementById('tichu-table');
        if (el) el.textContent = `the table could not be computed: ${e.message}`;
      });
    }
    const html = `<h3>First 8 cards</h3><p class="note">exact, counts over C(56,8) = ${BigInt(r8.lines[0].total).toLocaleString('en-US')} hands</p>${lines(r8)}` +
      `<h3>Full 14 cards</h3><p class="note">exact, counts over C(56,14) = ${BigInt(r14.lines[0].total).toLocaleString('en-US')} hands</p>${lines(r14)}` +
      `<h3>At the table (14 cards each, before passing)</h3><div id="tichu-table">${tichuTable ? tableHtml(tichuTable) : '<p class="note">counting the deals in a worker (about 2 s)…</p>'}</div>` +
      (cached?.ms ? `<p class="note">the table took ${(cached.ms / 1000).toFixed(1)} s in a worker, once for these rules</p>` : '');
    return { html, result };
  },
});

// ---- Dracula -------------------------------------------------------------------------------------
function draculaCards(text: string, rules: DraculaRules, what: string, allowUnknown = false): number[] {
  if (text === '') return [];
  return splitList(text, what).map((t) => (allowUnknown && (t === '-' || t === '?') ? -1 : parseCard(t, rules, what)));
}
export const draculaTab = formTab({
  game: 'dracula',
  title: 'Dracula vs Van Helsing: exact district and row odds',
  fields: [
    { key: 'row', label: 'my row', def: '5R,8Y,1G,3B,6R', width: '12em' },
    { key: 'opp', label: "opponent's row (- unknown)", def: '-,7G,-,-,-', width: '10em' },
    { key: 'ranking', label: 'suit ranking, lowest → trump', def: 'G,B,R,Y', width: '7em' },
    { key: 'seen', label: 'other cards seen', def: '2Y,4B', width: '10em' },
  ],
  help: 'Cards: value then suit letter (R, G, B, Y), e.g. 5R. The unknown cards are any cards not seen, each deal equally likely. ' +
    'An empty row: the fresh-deck table by value × trump. The same as <code>npx oddsmith dracula odds --row … --opp-row … --ranking … --seen …</code>.',
  rules: rulesOf('Dracula vs Van Helsing', 'dracula', draculaSchema, validateDracula),
  async compute(v, given) {
    const rules = given as DraculaRules;
    if (v.row === '') {
      // the questions `oddsmith dracula odds --table` and `--row` ask (src/games/dracula/questions.ts)
      const { table: t } = await freshTable.answer({ rules }, { workers: 1 });
      return {
        html: `<p>P(win) of a district by my card against a random other card (fresh deck: ${rules.suits * rules.values - 1} unseen), exact:</p>` +
          rowsTable(t.map((r) => ({ value: r.value, trump: pct(r.trump, 1), 'non-trump (avg)': pct(r.nonTrump, 1), ...Object.fromEntries(r.byPosition.map((p, i) => [`${i + 1}${['st', 'nd', 'rd'][i] ?? 'th'} suit`, pct(p, 1)])) }))),
        result: { table: t },
      };
    }
    const rankOf = parseRanking(v.ranking, rules);
    const mine = draculaCards(v.row, rules, 'my row');
    if (mine.length !== rules.districts) throw new Error(`my row needs ${rules.districts} cards, one per district (got ${mine.length})`);
    const opp = v.opp === '' ? mine.map(() => -1) : draculaCards(v.opp, rules, "opponent's row", true);
    if (opp.length !== rules.districts) throw new Error(`the opponent's row needs ${rules.districts} entries, - for unknown (got ${opp.length})`);
    const seen = draculaCards(v.seen, rules, 'seen');
    const all = [...mine, ...opp.filter((c) => c >= 0), ...seen];
    const twice = all.find((x, i) => all.indexOf(x) !== i);
    if (twice !== undefined) throw new Error(`a card is given twice (my row, opponent's row, seen): ${cardText(twice, rules.values)}`);
    const r = await rowOdds.answer({ rules, rankOf, mine, opponent: opp, seen }, { workers: 1 });
    const html = `<p>Row ${esc(mine.map((c) => cardText(c, rules.values)).join(' '))} (ranking ${r.ranking}, trump last), exact over ${r.deals.toLocaleString('en-US')} deals of the unseen cards:</p>` +
      rowsTable(r.districts.map((o, d) => ({ district: d + 1, card: o.card, against: o.opponent ?? 'unknown', 'P(win)': pct(o.p, 1), exact: `${o.wins}/${o.outOf}` }))) +
      `<p>Expected districts won: <span class="big">${r.expected.toFixed(4)}</span></p>` +
      rowsTable(r.distribution.map((p, k) => ({ 'districts won': k, probability: pct(p, 2), exact: r.distributionFractions[k] })));
    return { html, result: r };
  },
});

// ---- Can't Stop ----------------------------------------------------------------------------------
export const cantStopTab = formTab({
  game: 'cantstop',
  title: "Can't Stop: exact bust odds for runners on given columns",
  fields: [{ key: 'columns', label: 'runner columns (sums)', def: '6,7,8', width: '8em' }],
  help: "Columns as the sums 2–12 the runners stand on, separated by commas. A roll of four dice busts when none of its three pairings makes one of them (with fewer runners placed than the rules' <code>runners</code> allow, the chance of missing these columns). " +
    'The same as <code>npx oddsmith cant-stop odds --columns …</code>.',
  rules: rulesOf("Can't Stop", 'cant-stop', cantStopSchema, validateCantStop),
  compute(v, r) {
    const rules = r as CantStopRules;
    const cols = parseSums(v.columns, 'runner columns');
    if (cols.length > rules.runners) throw new Error(`runner columns: at most ${rules.runners} runner columns under these rules (got ${cols.length})`); // the CLI's words (cant-stop odds --columns)
    const k = bustRolls(cols);
    const sums = cols.map(columnSum).sort((a, b) => a - b);
    const per = columnRolls();
    const t = bustTable(rules.runners);
    const rank = t.findIndex((r) => r.sums.join() === sums.join());
    const html = `<p>Runners on ${sums.join(', ')}: a roll busts in ${k} of 1296 = <span class="big" id="cantstop-bust">${pct(k / 1296, 2)}</span> (offers one of them ${pct(1 - k / 1296, 2)}), exact.` +
      (rank >= 0 ? ` Of the ${t.length} sets of ${rules.runners} columns it is the ${rank + 1}${['st', 'nd', 'rd'][rank] ?? 'th'} safest.` : '') + '</p>' +
      '<h3>The chance one roll offers each column</h3>' +
      rowsTable(per.map((n, c) => ({ column: columnSum(c), height: rules.heights[c], rolls: `${n}/1296`, chance: pct(n / 1296, 1) }))) +
      `<h3>Safest and riskiest sets of ${rules.runners}</h3>` +
      rowsTable([...t.slice(0, 5), ...t.slice(-3)].map((r) => ({ columns: r.sums.join(','), 'bust rolls': r.bustRolls, bust: pct(r.bust, 2) })));
    return { html, result: { columns: sums, bustRolls: k, rolls: 1296, bust: k / 1296 } };
  },
});
