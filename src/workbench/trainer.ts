/// <reference lib="dom" />
/**
 * The trainer: play decisions and have each graded against the exact answer, with a session summary.
 * - Wulong turn (the rulebook): set dice aside after each roll, then stop or roll on; graded by
 *   src/games/wulong/turn/exact-grade.ts, the code `oddsmith wulong grade` runs (expected points lost).
 * - Sichuan discards: a run of 14-tile hands from a seeded wall (void suit bamboo); each discard is
 *   graded by the advisor `mahjong discard` runs (expected points, or the chance to win, lost).
 * - Liar's Dice: 1 v 1 rounds against the equilibrium (liars-trainer.ts), graded by the code
 *   `oddsmith liars grade` runs (the chance to win the round lost).
 * A drill is its seed: the same link deals the same dice or tiles for the same choices.
 */
import { validateRules as validateWulong, type WulongRules } from '../games/wulong/turn/rules.js';
import { TurnAnalysis } from '../games/wulong/turn/exact.js';
import { gradeDecision, summarize, type Decision, type Grade } from '../games/wulong/turn/exact-grade.js';
import { validateRules as validateMahjong } from '../games/sichuan-mahjong/rules.js';
import { analyze } from '../games/sichuan-mahjong/exact-waits.js';
import { advise, DEFAULT_DRAWS, type AdvisedDiscard, type Objective } from '../games/sichuan-mahjong/exact-advisor.js';
import { Rng } from '../core/rng.js';
import { fmtNum } from '../core/format.js';
import { $, clearLinkProblem, esc, last, linkProblem, pct, table, writeHash } from './dom.js';
import { liarsDrill, type GradedEntry } from './liars-trainer.js';
import type { LiarsDecision, LiarsGrade } from '../games/liars-dice/exact-grade.js';
import type { Variant } from '../games/liars-dice/exact-cfr.js';

declare const __PRESETS__: Record<string, unknown>;

export function trainerTab(root: HTMLElement): (q: URLSearchParams) => void {
  root.innerHTML = `<h2>Trainer: play, and see every decision graded against the exact answer</h2>
<p><label>drill <select id="t-drill"><option value="wulong">Wulong turn (the rulebook): set aside, stop or roll</option>
<option value="mahjong">Sichuan mahjong: a run of discards</option>
<option value="liars">Liar's Dice: 1 v 1 rounds against the equilibrium</option></select></label>
<label id="t-variant-box">rules <select id="t-variant"><option value="seed">1s wild until 1s are bid (the rules page)</option><option value="plain">no wild face</option></select></label>
<label id="t-objective-box">graded for <select id="t-objective"><option value="points">expected points</option><option value="win">the chance to win</option></select></label>
<label>seed <input type="number" id="t-seed" min="0" max="4294967295" style="width:8em"></label>
<button type="button" id="t-new">New drill</button></p>
<p class="note">The drill is in the address (its seed): the link deals the same dice or tiles to anyone who makes the same choices.</p>
<div class="cols trainer"><div id="t-play"></div><div id="t-session"></div></div>`;
  const wulongRules = validateWulong(__PRESETS__['rules/wulong/default.json'], 'rules/wulong/default.json');
  const mahjongRules = validateMahjong(__PRESETS__['rules/sichuan-mahjong/default.json'], 'rules/sichuan-mahjong/default.json');
  let log: GradedEntry[] = [];
  /** the Wulong decisions as `wulong grade` reads them, with their grades */
  let wulongLog: { decision: Decision; grade: Grade }[] = [];
  /** the Liar's Dice decisions as `liars grade` reads them, with their grades */
  let liarsLog: { decision: LiarsDecision; grade: LiarsGrade }[] = [];
  /** bumped by each new drill: a drill still solving its equilibrium then knows it is not shown */
  let generation = 0;
  let analysis: TurnAnalysis | undefined;
  const play = $('#t-play'), session = $('#t-session');

  /** a loss in the format of the CLI that grades it */
  const amount = (l: GradedEntry) => fmtNum(l.loss, l.digits ?? 2);
  const showSession = () => {
    const s = summarize(log.map((l) => ({ loss: l.loss, optimal: l.optimal ?? l.loss === 0 })));
    const unit = log[0]?.unit ?? '';
    session.innerHTML = `<h3>Session</h3><p id="t-summary">${s.decisions} decision${s.decisions === 1 ? '' : 's'}, ${s.optimal} optimal; lost in all <b>${fmtNum(s.totalLoss, log[0]?.digits ?? ($<HTMLSelectElement>('#t-drill').value === 'wulong' ? 1 : 2))}</b> ${esc(unit)}</p>` +
      (s.worst.length ? `<h3>Worst mistakes</h3><ol id="t-worst">${s.worst.map((i) => `<li>${esc(log[i].what)}: ${esc(log[i].chosen)} instead of ${esc(log[i].best)}, −${amount(log[i])} ${esc(unit)}. ${esc(log[i].why)}</li>`).join('')}</ol>` : '') +
      (log.length ? '<h3>Every decision</h3>' + table(log.map((l, i) => ({ '#': i + 1, decision: l.what, chosen: l.chosen, best: l.best, lost: amount(l) }))) : '') +
      (wulongLog.length || liarsLog.length ? `<p><button type="button" id="t-download">Download the decisions (JSON lines, for <code>oddsmith ${liarsLog.length ? 'liars' : 'wulong'} grade</code>)</button></p>` : '');
    last.trainer = { log, wulong: wulongLog.map((x) => ({ decision: x.decision, grade: x.grade })), liars: liarsLog.map((x) => ({ decision: x.decision, grade: x.grade })) };
    const dl = document.getElementById('t-download');
    if (dl) dl.onclick = () => {
      const a = document.createElement('a');
      const decisions: unknown[] = liarsLog.length ? liarsLog.map((x) => x.decision) : wulongLog.map((x) => x.decision);
      a.href = URL.createObjectURL(new Blob([decisions.map((d) => JSON.stringify(d)).join('\n') + '\n'], { type: 'application/x-ndjson' }));
      a.download = liarsLog.length ? 'liars-decisions.jsonl' : 'wulong-decisions.jsonl';
      a.click();
    };
  };
  const feedback = (l: GradedEntry) => (l.optimal ?? l.loss === 0)
    ? `<p class="good" id="t-feedback">✓ ${esc(l.chosen)} is ${l.chosen === l.best ? 'the best choice' : `as good as the best (${esc(l.best)})`}. ${esc(l.why.replace(/^best:? /, ''))}</p>`
    : `<p class="bad" id="t-feedback">✗ ${esc(l.chosen)} loses ${amount(l)} ${esc(l.unit)}: the best is ${esc(l.best)}. ${esc(l.why)}</p>`;
  const record = (l: GradedEntry) => {
    log.push(l);
    showSession();
    return feedback(l);
  };

  // ---- Wulong turn -------------------------------------------------------------------------------
  function wulong(rng: Rng, rules: WulongRules): void {
    analysis ??= new TurnAnalysis(rules);
    const a = analysis;
    let turn = 0, banked = 0;
    const faces = rules.faces.map((f) => f.id);
    const newTurn = (note = '') => {
      turn++;
      rollAt(0, rules.dice, note);
    };
    const rollAt = (total: number, dice: number, note: string) => {
      const roll = Array.from({ length: dice }, () => faces[rng.below(faces.length)]).join(',');
      const r = a.rankSetAsides(total, dice, roll);
      const head = `${note}<h3>Turn ${turn} · turn total ${total.toLocaleString('en-US')} · banked so far ${banked.toLocaleString('en-US')}</h3><p>You roll ${dice} ${dice === 1 ? 'die' : 'dice'}: <span class="big" id="t-roll">${esc(roll)}</span></p>`;
      if (r.instantWin || r.bust) {
        play.innerHTML = head + `<p>${r.instantWin ? `${esc(r.instantWin)}! The game is won at once.` : 'Bust: no scoring dice — the turn ends with 0.'}</p><p><button type="button" id="t-next">Next turn</button></p>`;
        $('#t-next').onclick = () => newTurn();
        return;
      }
      // the choices in face order, not ranked: the ranking is the answer
      const options = [...r.options].sort((x, y) => x.setAside.localeCompare(y.setAside));
      play.innerHTML = head + '<p>Which dice do you set aside?</p><p class="choices">' +
        options.map((o, i) => `<button type="button" data-choice="${i}">${esc(o.setAside)} <small>(${o.score})</small></button>`).join(' ') + '</p>';
      play.querySelectorAll<HTMLButtonElement>('[data-choice]').forEach((b) => {
        b.onclick = () => {
          const o = options[Number(b.dataset.choice)];
          const decision: Decision = { total, dice, roll, setAside: o.setAside };
          const g = gradeDecision(a, decision);
          wulongLog.push({ decision, grade: g });
          const fb = record({ what: `turn ${turn}: set aside from ${roll} at ${total}`, chosen: g.chosen, best: g.best, loss: g.loss, unit: 'expected points', digits: 1, why: g.why, cli: ['wulong', 'advise', '--score', String(total), '--dice', String(dice), '--roll', roll] });
          afterSetAside(o.newTotal, o.diceLeft, fb);
        };
      });
    };
    const afterSetAside = (total: number, dice: number, note: string) => {
      if (dice === 0) {
        banked += total;
        play.innerHTML = `${note}<p>No dice left: ${total.toLocaleString('en-US')} banked.</p><p><button type="button" id="t-next">Next turn</button></p>`;
        $('#t-next').onclick = () => newTurn();
        return;
      }
      if (total < rules.minimumBank) {
        play.innerHTML = `${note}<p>Turn total ${total.toLocaleString('en-US')} is below the minimum bank (${rules.minimumBank.toLocaleString('en-US')}): you roll on.</p><p><button type="button" id="t-roll-on">Roll ${dice} ${dice === 1 ? 'die' : 'dice'}</button></p>`;
        $('#t-roll-on').onclick = () => rollAt(total, dice, '');
        return;
      }
      play.innerHTML = `${note}<h3>Turn ${turn} · turn total ${total.toLocaleString('en-US')} · ${dice} ${dice === 1 ? 'die' : 'dice'} to roll</h3><p>Stop and bank ${total.toLocaleString('en-US')}, or roll on?</p>` +
        '<p class="choices"><button type="button" data-action="stop">Stop</button> <button type="button" data-action="roll">Roll</button></p>';
      play.querySelectorAll<HTMLButtonElement>('[data-action]').forEach((b) => {
        b.onclick = () => {
          const action = b.dataset.action as 'stop' | 'roll';
          const decision: Decision = { total, dice, action };
          const g = gradeDecision(a, decision);
          wulongLog.push({ decision, grade: g });
          const fb = record({ what: `turn ${turn}: at ${total} with ${dice} ${dice === 1 ? 'die' : 'dice'}`, chosen: g.chosen, best: g.best, loss: g.loss, unit: 'expected points', digits: 1, why: g.why, cli: ['wulong', 'advise', '--score', String(total), '--dice', String(dice)] });
          if (action === 'roll') return rollAt(total, dice, fb);
          banked += total;
          play.innerHTML = `${fb}<p>Banked ${total.toLocaleString('en-US')}.</p><p><button type="button" id="t-next">Next turn</button></p>`;
          $('#t-next').onclick = () => newTurn();
        };
      });
    };
    newTurn();
  }

  // ---- Sichuan discards --------------------------------------------------------------------------
  function mahjong(rng: Rng, objective: Objective): void {
    // a wall of the two suits kept (characters and dots; bamboo is the void suit), shuffled by the seed
    const wall: number[] = [];
    for (let k = 0; k < 18; k++) for (let c = 0; c < 4; c++) wall.push(k);
    for (let i = wall.length - 1; i > 0; i--) {
      const j = rng.below(i + 1);
      [wall[i], wall[j]] = [wall[j], wall[i]];
    }
    const name = (k: number) => `${(k % 9) + 1}${k < 9 ? 'm' : 'p'}`;
    const text = (tiles: number[]) => {
      const m = tiles.filter((k) => k < 9).sort((x, y) => x - y).map((k) => k + 1).join('');
      const p = tiles.filter((k) => k >= 9).sort((x, y) => x - y).map((k) => k - 8).join('');
      return `${m ? `${m}m` : ''}${p ? `${p}p` : ''}`;
    };
    const hand = wall.splice(0, 13);
    const seen: number[] = [];
    let step = 0;
    const draw = (note: string) => {
      const draws = DEFAULT_DRAWS - step;
      if (draws < 1 || wall.length === 0) {
        play.innerHTML = `${note}<p>No draws left in this run.</p>`;
        return;
      }
      hand.push(wall.shift()!);
      step++;
      const spec = { hand: text(hand), void: 's', seen: seen.length ? text(seen) : undefined };
      if (analyze(spec, mahjongRules).completeValue) {
        play.innerHTML = `${note}<p>${esc(spec.hand)}: a complete hand — you win by self-draw!</p>`;
        return;
      }
      const r = advise(spec, mahjongRules, { draws, objective });
      const kinds = [...new Set(hand)].sort((x, y) => x - y);
      play.innerHTML = `${note}<h3>Draw ${step} · ${draws} own draws left</h3><p>Your hand: <span class="big" id="t-hand">${esc(spec.hand)}</span> (drew ${name(hand[hand.length - 1])})</p>` +
        `<p>Which tile do you discard?</p><p class="choices">${kinds.map((k) => `<button type="button" data-tile="${k}">${name(k)}</button>`).join(' ')}</p>`;
      play.querySelectorAll<HTMLButtonElement>('[data-tile]').forEach((b) => {
        b.onclick = () => {
          const k = Number(b.dataset.tile);
          const key = (d: AdvisedDiscard) => (objective === 'win' ? 100 * d.pWin : d.expectedPoints);
          const best = r.discards[0], mine = r.discards.find((d) => d.discard === name(k))!;
          const loss = Math.max(0, key(best) - key(mine));
          const describe = (d: AdvisedDiscard) => `${d.discard}: shanten ${d.shanten}, ${d.improvingTiles} improving tiles, P(win) ${pct(d.pWin, 2)}, ${d.expectedPoints.toFixed(3)} expected points`;
          const why = loss === 0 ? `best: ${describe(best)}` : `best ${describe(best)}; yours ${describe(mine)}`;
          const fb = record({ what: `draw ${step}: ${spec.hand}`, chosen: mine.discard, best: best.discard, loss, unit: objective === 'win' ? 'percentage points of P(win)' : 'expected points', why, cli: ['mahjong', 'discard', spec.hand, '--void', 's', ...(spec.seen ? ['--seen', spec.seen] : []), '--draws', String(draws), '--objective', objective] });
          hand.splice(hand.indexOf(k), 1);
          seen.push(k);
          draw(fb);
        };
      });
    };
    draw('');
  }

  const start = (write: boolean) => {
    if (write) clearLinkProblem();
    const drill = $<HTMLSelectElement>('#t-drill').value, seed = $<HTMLInputElement>('#t-seed').value.trim();
    const objective = $<HTMLSelectElement>('#t-objective').value as Objective;
    const variant = $<HTMLSelectElement>('#t-variant').value as Variant;
    $('#t-objective-box').hidden = drill !== 'mahjong';
    $('#t-variant-box').hidden = drill !== 'liars';
    writeHash({ game: 'trainer', drill, seed, ...(drill === 'mahjong' ? { objective } : {}), ...(drill === 'liars' ? { variant } : {}) }, write);
    const n = Number(seed);
    log = [];
    wulongLog = [];
    liarsLog = [];
    const mine = ++generation;
    showSession();
    if (!/^\d+$/.test(seed) || n > 4294967295) {
      play.innerHTML = `<p class="error" id="t-error">The seed must be a whole number in 0..4294967295 (got ${esc(JSON.stringify(seed))}).</p>`;
      return;
    }
    const rng = new Rng(n);
    if (drill === 'mahjong') mahjong(rng, objective);
    else if (drill === 'liars') liarsDrill(play, n, variant, record, (decision, grade) => liarsLog.push({ decision, grade }), () => mine === generation);
    else wulong(rng, wulongRules);
  };
  root.querySelectorAll('#t-drill, #t-seed, #t-objective, #t-variant').forEach((e) => e.addEventListener('change', () => start(true)));
  $('#t-new').addEventListener('click', () => {
    $<HTMLInputElement>('#t-seed').value = String(Math.floor(Math.random() * 1e9));
    start(true);
  });
  /** the values a select offers, for a link that names another one */
  const offered = (sel: string) => Array.from($<HTMLSelectElement>(sel).options, (o) => o.value);
  return (q) => {
    const mine = q.get('game') === 'trainer';
    const drill = mine ? q.get('drill') ?? 'wulong' : 'wulong';
    const seed = mine ? q.get('seed') ?? '1' : '1';
    // a link naming a drill the trainer does not have, or a seed that is not one, is reported as a
    // share link that cannot be read is: the value named, the address kept, the default offered
    const problems = [
      ...(offered('#t-drill').includes(drill) ? [] : [`the address names the drill ${JSON.stringify(drill)}, which the trainer does not have (it has ${offered('#t-drill').join(', ')})`]),
      ...(/^\d+$/.test(seed) && Number(seed) <= 4294967295 ? [] : [`the seed must be a whole number in 0..4294967295 (got ${JSON.stringify(seed)})`]),
      ...[['variant', '#t-variant'], ['objective', '#t-objective']].flatMap(([k, sel]) => (mine && q.has(k) && !offered(sel).includes(q.get(k)!) ? [`the ${k} must be one of ${offered(sel).join(', ')} (got ${JSON.stringify(q.get(k))})`] : [])),
    ];
    const ok = problems.length === 0;
    $<HTMLSelectElement>('#t-drill').value = ok ? drill : 'wulong';
    $<HTMLSelectElement>('#t-variant').value = ok && q.get('variant') === 'plain' ? 'plain' : 'seed';
    $<HTMLSelectElement>('#t-objective').value = ok && q.get('objective') === 'win' ? 'win' : 'points';
    $<HTMLInputElement>('#t-seed').value = ok ? seed : '1';
    if (!ok) linkProblem(problems.join('; '), 'Open the Wulong drill, seed 1, instead', () => start(true));
    start(false);
  };
}
