/// <reference lib="dom" />
/**
 * The workbench tab every outside game gets from its definition alone: the rules editor its schema
 * generates (src/workbench/rules-editor.ts), and the balance figures — the first player's win rate
 * with its 95% interval, every seat's, the game's length — simulated in a worker
 * (generic-worker.ts) as the rules change, with a progress count while the deals are played. The
 * figures are `oddsmith <game> balance`'s for the same deals, seed and shard count. The exact
 * answers are solved in a second worker of the tab's own, which Stop (or an edit) ends at once.
 */
import { defaults } from '../core/schema.js';
import { validate } from '../core/schema.js';
import type { MatchResult } from '../play/match.js';
import { $, esc, num, pct, setTable, writeHash } from './dom.js';
import type { BalanceReply, BalanceRequest, ExactReply, ExactRequest } from './generic-worker.js';
import { exactRefusal, exactRow, exactSubject, gameExactAnswers, PAGE_BUDGET, type ExactAnswer } from '../exact/summary.js';
import { workbenchGame } from './generic-games.js';
import { tabRules } from './rules-editor.js';

/** the generic worker's script, bundled as text (src/report/bundle.ts) */
declare const __GENERIC_WORKER_SOURCE__: string;

let worker: Worker | undefined, nextId = 0;
const listeners = new Map<number, (r: BalanceReply) => void>();
function balanceWorker(): Worker {
  if (!worker) {
    worker = new Worker(URL.createObjectURL(new Blob([__GENERIC_WORKER_SOURCE__], { type: 'text/javascript' })));
    worker.onmessage = (e: MessageEvent<BalanceReply>) => listeners.get(e.data.id)?.(e.data);
  }
  return worker;
}
/**
 * Another instance of the same script for a tab's exact answers, so a long solve never holds up the
 * deals; one a tab, so that stopping a tab's solve (ending its worker) leaves the other tabs' alone.
 */
function exactWorker(listeners: Map<number, (r: ExactReply) => void>): Worker {
  const w = new Worker(URL.createObjectURL(new Blob([__GENERIC_WORKER_SOURCE__], { type: 'text/javascript' })));
  w.onmessage = (e: MessageEvent<ExactReply>) => listeners.get(e.data.id)?.(e.data);
  return w;
}

/** A time as a reader wants it: milliseconds under a second (never "0.0 s"), else tenths of seconds. */
const took = (ms: number) => (ms < 1000 ? `${Math.max(1, Math.round(ms))} ms` : `${(ms / 1000).toFixed(1)} s`);
/** Why an answer was refused, in a few words: its message without the subject, to the first aside. */
const shortReason = (a: ExactAnswer) => a.refused!.replace(`${a.what}: `, '').split(/ \(|, |; /)[0].replace(/\.$/, '');

/** The exact answers' status line: how many were solved, where and how fast, and why the others were not. */
export function exactStatus(answers: readonly ExactAnswer[], ms: number, where: string, id: string): string {
  const solved = answers.filter((a) => a.refused === undefined), refused = answers.filter((a) => a.refused !== undefined);
  const of = `of ${answers.length}`;
  return [
    ...(solved.length ? [`${solved.length} ${of} solved in this page${where} in ${took(ms)}`] : []),
    ...(refused.length ? [`${refused.length} ${of} not solved: ${refused.map((a) => `${exactSubject(a, id)} (${shortReason(a)})`).join(', ')}`] : []),
  ].join('; ');
}

/** The shard count of the command the figures equal (`--shard-count`): also the number of progress steps. */
export const SHARDS = 16;

const isObj = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x);
/** A preset laid over the defaults: sections merge field by field, anything else replaces. */
function overlay(base: unknown, over: unknown): unknown {
  if (!isObj(base) || !isObj(over)) return over;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = overlay(base[k], v);
  return out;
}

const ci = (c: readonly number[], f: (x: number) => string) => `[${f(c[0])}, ${f(c[1])}]`;

/** The builder of the tab `tab` for the bundled game `id` (main.ts calls it on first view). */
export function genericTab(tab: string, id: string, module: string): (root: HTMLElement) => (q: URLSearchParams) => void {
  return (root) => {
    const { definition: def, sg, schema } = workbenchGame(id);
    const base = defaults(schema);
    const presets = [{ path: 'default', rules: base }, ...Object.entries(def.rules.presets ?? {}).map(([name, p]) => ({ path: name, rules: overlay(base, p) }))];
    const own = sg.playerNames;
    const players = ['uniform', ...own];
    const p = `${tab}-g`;
    root.innerHTML = `<h2>${esc(def.title)}: balance as the rules change</h2><div class="cols"><div>
<form onsubmit="return false"><p class="field"><label>player in every seat <select id="${p}-player">${players.map((n) => `<option value="${esc(n)}">${esc(n)}</option>`).join('')}</select></label>
<label>seats <input type="number" id="${p}-seats" min="1" max="64"></label>
<label>deals <input type="number" id="${p}-deals" min="16" max="100000" step="100"></label>
<label>seed <input type="number" id="${p}-seed" min="0"></label></p></form>
<p class="note">${esc(def.summary ?? def.title)}. Every edit replays the deals in a worker of this page, with the game's own code (its module, bundled when the reports were written).</p>
<div id="${p}-rules"></div></div>
<div id="${p}-results"><p class="note">Rules: <span id="${p}-label"></span></p><div class="error" id="${p}-error" role="alert"></div><p class="stale-note" id="${p}-stale" hidden></p>
<div id="${p}-out"><p>First player's win rate: <span class="big" id="${p}-first"></span> <span id="${p}-first-ci"></span> <span class="note" id="${p}-fair"></span></p>
<p><progress id="${p}-progress" max="1" value="0"></progress> <span class="note" id="${p}-count"></span></p>
<h3>Each seat's share of the win</h3><div id="${p}-seats-table"></div>
<h3>Game length and shared wins</h3><div id="${p}-length-table"></div>
<p class="note" id="${p}-command"></p>
<section id="${p}-exact"><h3>Exact answers</h3><p class="note">Computed, not sampled, in a second worker of this page, with the report page's budget: at most ${PAGE_BUDGET.nodes.toLocaleString('en-US')} states or tree nodes and ${PAGE_BUDGET.iterations.toLocaleString('en-US')} iterations (stopping at exploitability ${PAGE_BUDGET.target}), on the whole game at these seats (one or two) and on each part the game declares. A value is the first seat's return (the decider's under <code>optimal</code>).</p>
<p><progress id="${p}-exact-progress" max="1" value="0"></progress> <button type="button" id="${p}-exact-stop" hidden>Stop</button> <span class="note" id="${p}-exact-count"></span></p>
<div id="${p}-exact-table"></div><div id="${p}-exact-refused"></div></section></div></div></div>`;
    const el = <T extends HTMLElement = HTMLInputElement>(k: string) => $<T>(`#${p}-${k}`);
    let runs = 0, shown = false, current = 0;
    const { editor, fromAddress } = tabRules(el('rules'), { id: `${p}r`, game: def.title, schema, presets, validate: (raw, where) => validate(schema, raw, where) }, () => update(true));
    const stale = (message: string) => {
      el('out').classList.toggle('stale', shown);
      el('stale').hidden = false;
      el('stale').textContent = shown ? `These figures are for the last valid rules and settings, not for these: ${message}` : `No figures: ${message}`;
    };
    const settings = () => ({ player: el<HTMLSelectElement>('player').value, seats: el('seats').value.trim(), deals: el('deals').value.trim(), seed: el('seed').value.trim() });
    const show = (r: MatchResult, done: number, of: number, final: boolean, ms: number, req: BalanceRequest) => {
      const first = r.seats[0];
      const fair = 1 / (r.teams ?? r.players);
      el('first').textContent = pct(first.winRate.p, 1);
      el('first-ci').textContent = `95% CI ${ci(first.winRate.ci95, (x) => pct(x, 1))}`;
      el('fair').textContent = `fair share ${pct(fair, 1)}; ${req.players} × ${req.player}`;
      const bar = el<HTMLProgressElement>('progress');
      bar.max = of;
      bar.value = done;
      el('count').textContent = final ? `${done.toLocaleString('en-US')} deals × ${r.teams ?? r.players} seatings = ${r.games.toLocaleString('en-US')} games, simulated in this page in ${(ms / 1000).toFixed(1)} s` : `${done.toLocaleString('en-US')} of ${of.toLocaleString('en-US')} deals played…`;
      setTable(el('seats-table'), r.seats.map((s) => ({ seat: s.role ?? `${s.seat + 1}${s.seat === 0 ? ' (first)' : ''}`, 'win rate': pct(s.winRate.p, 1), '95% CI (by deal)': ci(s.winRate.ci95, (x) => pct(x, 1)), 'vs fair share': `${s.advantage >= 0 ? '+' : '−'}${Math.abs(100 * s.advantage).toFixed(1)} pts` })));
      setTable(el('length-table'), [{ figure: 'decisions per game', value: num(r.length.mean, 1), '95% CI': ci(r.length.ci95, (x) => num(x, 1)) }, { figure: 'shared wins', value: pct(r.sharedWins.p, 1), '95% CI': ci(r.sharedWins.ci95, (x) => pct(x, 1)) }]);
      const rules = editor.linkParam ? ' --rules <these rules, downloaded>' : '';
      el('command').innerHTML = `The same figures as <code>${esc(`npx oddsmith --game ${module} ${id} balance --strategies ${req.player} --players ${req.players} --deals ${req.deals} --seed ${req.seed} --shard-count ${SHARDS}${rules}`)}</code>.`;
    };
    const run = () => {
      const s = settings();
      if (editor.rules === null) {
        stale(editor.problem ?? 'the rules are invalid');
        root.ownerDocument.body.setAttribute(`data-${tab}-ready`, String(++runs));
        return;
      }
      const rules = editor.rules;
      const range = sg.seats(rules);
      const seats = s.seats === '' ? range.default : Number(s.seats);
      const deals = Number(s.deals), seed = Number(s.seed);
      let problem: string | null = null;
      if (!Number.isInteger(seats) || seats < range.min || seats > range.max) problem = `seats: ${id} seats ${range.min}..${range.max} players under these rules (got ${s.seats})`;
      else if (!Number.isInteger(deals) || deals < SHARDS || deals > 100_000) problem = `deals: a whole number in ${SHARDS}..100000 (got ${s.deals})`;
      else if (!Number.isInteger(seed) || seed < 0 || seed > 2 ** 32 - 1) problem = `seed: a whole number in 0..4294967295 (got ${s.seed})`;
      if (problem) {
        el('error').textContent = problem;
        stale(problem);
        root.ownerDocument.body.setAttribute(`data-${tab}-ready`, String(++runs));
        return;
      }
      el('error').textContent = '';
      el('label').textContent = editor.title;
      const req: BalanceRequest = { id: ++nextId, tab, game: id, rules, player: s.player, players: seats, deals, seed, shardCount: SHARDS };
      current = req.id;
      listeners.set(req.id, (reply) => {
        if (reply.id !== current) return void listeners.delete(reply.id);
        if ('error' in reply) {
          listeners.delete(reply.id);
          el('error').textContent = reply.error;
          stale(reply.error);
          root.ownerDocument.body.setAttribute(`data-${tab}-ready`, String(++runs));
          return;
        }
        show(reply.result, reply.done, reply.of, reply.final, reply.ms, req);
        el('stale').hidden = true;
        el('out').classList.remove('stale');
        shown = true;
        if (reply.final) {
          listeners.delete(reply.id);
          root.ownerDocument.body.setAttribute(`data-${tab}-ready`, String(++runs));
        }
      });
      balanceWorker().postMessage(req);
      runExact(rules, seats);
    };
    let exactRuns = 0, exactCurrent = 0;
    const prefix = `npx oddsmith --game ${module} ${id}`;
    const exactListeners = new Map<number, (r: ExactReply) => void>();
    let exactW: Worker | undefined, lastExact: [unknown, number] | undefined, progressLine = '', exactStops = 0, stopped = false;
    /** A solve under way is stopped by ending its worker: it runs in one piece; a new worker starts with the next request. */
    const endSolve = () => {
      if (exactListeners.size === 0) return;
      exactW?.terminate();
      exactW = undefined;
      exactListeners.clear();
      exactCurrent = 0;
    };
    const stop = el<HTMLButtonElement>('exact-stop');
    // Stop, or Solve after a stop (the same rules and seats again)
    stop.addEventListener('click', () => {
      if (stopped) {
        if (lastExact) runExact(...lastExact);
        return;
      }
      endSolve();
      stopped = true;
      stop.textContent = 'Solve';
      const table = el('exact-table');
      const earlier = !table.hidden && table.querySelector('table') ? ' (the greyed table is for the rules before)' : '';
      el('exact-count').textContent = `stopped${progressLine ? ` at ${progressLine}` : ''}: no answers for these rules${earlier}; Solve starts again`;
      root.ownerDocument.body.setAttribute(`data-${tab}-exact-stopped`, String(++exactStops));
    });
    const runExact = (rules: unknown, seats: number) => {
      // an edit replaces the solve under way, at once
      endSolve();
      const rulesOption = editor.linkParam ? ' --rules <these rules, downloaded>' : '';
      const req: ExactRequest = { kind: 'exact', id: ++nextId, tab, game: id, rules, players: seats, rulesOption };
      exactCurrent = req.id;
      lastExact = [rules, seats];
      progressLine = '';
      const bar = el<HTMLProgressElement>('exact-progress');
      bar.max = PAGE_BUDGET.iterations;
      bar.value = 0;
      el('exact').classList.add('stale');
      el('exact-count').textContent = 'solving…';
      stopped = false;
      stop.textContent = 'Stop';
      stop.hidden = false;
      exactListeners.set(req.id, (reply) => {
        if (reply.id !== exactCurrent) return void exactListeners.delete(reply.id);
        if ('progress' in reply) {
          bar.value = reply.progress.iterations;
          progressLine = `${reply.progress.what === id ? 'the whole game' : `part ${reply.progress.what.slice(id.length + 1)}`}: ${reply.progress.iterations.toLocaleString('en-US')} iterations, exploitability ${reply.progress.exploitability.toExponential(2)}`;
          el('exact-count').textContent = `${progressLine}…`;
          return;
        }
        exactListeners.delete(reply.id);
        // what follows is not the worker's: the page's own thread cannot be stopped mid-solve
        stop.hidden = true;
        if ('stackTooShort' in reply) {
          el('exact-count').textContent = "solving on the page's thread (a play is deeper than a worker's stack)…";
          setTimeout(() => {
            if (exactCurrent !== req.id) return;
            const t0 = performance.now();
            showExact(gameExactAnswers(sg, rules, seats, id, rulesOption), performance.now() - t0, " on the page's own thread (deeper than a worker's stack)");
          }, 0);
          return;
        }
        if ('error' in reply) {
          el('exact').classList.remove('stale');
          el('exact-count').textContent = reply.error;
          root.ownerDocument.body.setAttribute(`data-${tab}-exact-ready`, String(++exactRuns));
          return;
        }
        showExact(reply.answers, reply.ms, '');
      });
      exactW ??= exactWorker(exactListeners);
      exactW.postMessage(req);
    };
    const showExact = (answers: ExactAnswer[], ms: number, where: string) => {
      const bar = el<HTMLProgressElement>('exact-progress');
      el('exact').classList.remove('stale');
      bar.value = bar.max;
      const solved = answers.filter((a) => a.refused === undefined);
      const refused = answers.filter((a) => a.refused !== undefined);
      el('exact-count').textContent = exactStatus(answers, ms, where, id);
      setTable(el('exact-table'), solved.map((a) => exactRow(a, id, prefix)));
      el('exact-table').hidden = solved.length === 0;
      el('exact-refused').innerHTML = answers.length === 0
        ? '<p>The game seats more than two players and declares no part of one or two: the exact tools have nothing to solve here.</p>'
        : refused.length ? `<p>Not solved:</p>\n<ul>\n${refused.map((a) => exactRefusal(a, id, prefix)).map((r) => `<li>${esc(r.subject)} (<code>${esc(r.command)}</code>): ${esc(r.reason)}.</li>`).join('\n')}\n</ul>` : '';
      root.ownerDocument.body.setAttribute(`data-${tab}-exact-ready`, String(++exactRuns));
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    /** `write`: after an edit; a page opened from a link keeps its address as it was */
    const update = (write: boolean) => {
      const link = editor.linkParam;
      writeHash({ game: tab, ...settings(), ...(link ? { rules: link } : {}) }, write);
      clearTimeout(timer);
      timer = setTimeout(run, write ? 150 : 0);
    };
    root.addEventListener('input', (e) => { if (!(e.target as HTMLElement).closest('.rules-editor')) update(true); });
    return (q) => {
      const mine = q.get('game') === tab;
      const get = (k: string, d: string) => (mine ? q.get(k) ?? d : d);
      el<HTMLSelectElement>('player').value = players.includes(get('player', '')) ? get('player', '') : (own[0] ?? 'uniform');
      el('seats').value = get('seats', '');
      el('deals').value = get('deals', '1000');
      el('seed').value = get('seed', '1');
      fromAddress(q, mine);
      update(false);
    };
  };
}
