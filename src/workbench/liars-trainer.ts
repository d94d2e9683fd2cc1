/// <reference lib="dom" />
/**
 * The trainer's Liar's Dice drill: rounds of 1 v 1 (one die each, six sides) against the
 * two-player equilibrium. The page solves it in its worker (CFR+, as `liars grade` does: about a
 * second) and the opponent draws each move from its strategy. Every bid or call of the player is
 * graded by src/games/liars-dice/exact-grade.ts, the code `oddsmith liars grade` runs: each
 * action's exact chance to win the round, the best, the loss and why.
 * The seed deals the dice (one stream) and draws the opponent's moves (another), so the same link
 * deals the same dice and plays the same way to anyone who makes the same choices.
 */
import { LiarsGrader, type LiarsDecision, type LiarsGrade } from '../games/liars-dice/exact-grade.js';
import type { Variant } from '../games/liars-dice/exact-cfr.js';
import { Rng } from '../core/rng.js';
import { $, esc, inWorker, pct, table } from './dom.js';

/** One graded decision of any drill, as the trainer's session log keeps it (trainer.ts). */
export interface GradedEntry {
  what: string;
  chosen: string;
  best: string;
  /** in the drill's unit (points, or percentage points of P(win)) */
  loss: number;
  unit: string;
  why: string;
  /** the CLI command giving the exact answer graded against (for the browser test and the curious) */
  cli: string[];
  /** when not given: optimal if nothing is lost */
  optimal?: boolean;
  /** decimals of the loss, as the CLI that grades it prints them (`wulong grade`: 1); else 2 */
  digits?: number;
}

const SIDES = 6;
const FACES = ['', '⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];
const die = (f: number) => `<span class="die">${FACES[f]}</span>&nbsp;${f}`;

/** Equilibria solved in this page, by variant (kept for the session: a drill of the same rules reuses it). */
const solved = new Map<Variant, Promise<LiarsGrader>>();
export function equilibrium(variant: Variant): Promise<LiarsGrader> {
  let p = solved.get(variant);
  if (!p) {
    p = inWorker<{ avg: Float64Array; iterations: number; exploitability: number }>({ job: 'liarsEquilibrium', variant, sides: SIDES }).then(({ result: r, ms }) => {
      const g = LiarsGrader.fromAverage({ variant, dice: [1, 1], sides: SIDES }, r.avg, r.iterations, r.exploitability);
      solveMs.set(variant, ms);
      return g;
    });
    solved.set(variant, p);
  }
  return p;
}
const solveMs = new Map<Variant, number>();

/**
 * Plays the drill in `play`: `record` adds a graded decision to the session and returns its
 * feedback line; `logged` keeps the decision as `liars grade` reads it; `current` is false once the
 * player has started another drill (a solve still running then does nothing).
 */
export function liarsDrill(play: HTMLElement, seed: number, variant: Variant, record: (l: GradedEntry) => string, logged: (d: LiarsDecision, g: LiarsGrade) => void, current: () => boolean): void {
  play.innerHTML = `<p class="note" id="t-solving">Solving the equilibrium in this page (CFR+ to an exploitability of 10⁻⁴, a second or two)…</p>`;
  void equilibrium(variant).then((g) => {
    if (current()) rounds(play, g, seed, variant, record, logged);
  }, (e: Error) => {
    if (current()) play.innerHTML = `<p class="error">The equilibrium could not be solved: ${esc(e.message)}</p>`;
  });
}

function rounds(play: HTMLElement, g: LiarsGrader, seed: number, variant: Variant, record: (l: GradedEntry) => string, logged: (d: LiarsDecision, g: LiarsGrade) => void): void {
  const dice = Rng.forShard(seed, 0), moves = Rng.forShard(seed, 1);
  const s = g.solver, topBid = s.bidLabel(s.B - 1);
  const labels = Array.from({ length: s.B }, (_, b) => s.bidLabel(b));
  let round = 0, youOpen = true, mine = 0, theirs = 0, won = 0, lost = 0;
  let bids: string[] = [];
  const ms = solveMs.get(variant);
  const about = `Opponent: the equilibrium (${variant === 'seed' ? '1s wild until 1s are bid, bid order 2 < … < 6 < 1' : 'no wild face, bid order 1 < … < 6'}), CFR+ ${g.iterations} iterations, exploitability ${g.exploitability.toExponential(1)}${ms === undefined ? '' : `, solved in this page in ${(ms / 1000).toFixed(1)} s`}; it draws each move from its mixed strategy.`;
  /** who made bid k: the opener made the even ones */
  const by = (k: number) => ((k % 2 === 0) === youOpen ? 'you' : 'they');
  const history = () => (bids.length ? bids.map((b, k) => `<span class="bid ${by(k)}">${by(k) === 'you' ? 'You' : 'They'}: <b>${esc(b)}</b></span>`).join(' → ') : '<span class="note">no bid yet</span>');
  const head = () => `<h3>Round ${round} · ${youOpen ? 'you open' : 'they open'} · rounds won ${won}, lost ${lost}</h3>` +
    `<p>Your die: <span class="big" id="t-die">${die(mine)}</span></p><p id="t-bids">Bids: ${history()}</p>`;

  const newRound = (note: string) => {
    round++;
    mine = 1 + dice.below(SIDES);
    theirs = 1 + dice.below(SIDES);
    bids = [];
    if (youOpen) yourTurn(note);
    else theirTurn(note);
  };
  const theirTurn = (note: string) => {
    const strategy = g.strategyAt(bids, [theirs]);
    let u = moves.nextFloat(), pick = strategy[strategy.length - 1].action;
    for (const x of strategy) {
      if (u < x.probability) { pick = x.action; break; }
      u -= x.probability;
    }
    if (pick === 'liar') return resolve(false, note, 'They call liar.');
    bids.push(pick);
    if (pick === topBid) return resolve(true, note, `They bid ${pick}, the highest bid: you have to call it.`);
    yourTurn(note);
  };
  const yourTurn = (note: string) => {
    const top = bids.length ? labels.indexOf(bids[bids.length - 1]) : -1;
    const choices = [...(bids.length ? ['liar'] : []), ...labels.slice(top + 1)];
    play.innerHTML = `${note}${head()}<p>${bids.length ? `Call liar on ${esc(bids[bids.length - 1])}, or raise:` : 'Your opening bid:'}</p><p class="choices">` +
      choices.map((c) => `<button type="button" data-bid="${esc(c)}">${c === 'liar' ? 'Liar!' : esc(c)}</button>`).join(' ') + `</p><p class="note">${esc(about)}</p>`;
    play.querySelectorAll<HTMLButtonElement>('[data-bid]').forEach((b) => {
      b.onclick = () => {
        const decision: LiarsDecision = { mine: String(mine), bids: [...bids], action: b.dataset.bid! };
        const gr = g.grade(decision);
        logged(decision, gr);
        const fb = record({
          what: `round ${round}: die ${mine}, bids ${bids.join(' ') || '(none)'}`, chosen: gr.chosen, best: gr.best, loss: 100 * gr.loss,
          unit: 'percentage points of the chance to win the round', why: gr.why, cli: ['liars', 'grade', '-'], optimal: gr.optimal,
        }) + details(gr);
        if (gr.chosen === 'liar') return resolve(true, fb, 'You call liar.');
        bids.push(gr.chosen);
        if (gr.chosen === topBid) return resolve(false, fb, `You bid ${gr.chosen}, the highest bid: they have to call it.`);
        theirTurn(fb);
      };
    });
  };
  /** The last bid called (by you if `youCall`): who wins, and the next round's opener (the loser). */
  const resolve = (youCall: boolean, note: string, what: string) => {
    const last = bids[bids.length - 1];
    const holds = g.lastBidHolds(bids, youOpen ? [mine] : [theirs], youOpen ? [theirs] : [mine]);
    const youWin = holds !== youCall;
    if (youWin) won++;
    else lost++;
    play.innerHTML = `${note}${head()}<p>${esc(what)} They hold <span class="big" id="t-their-die">${die(theirs)}</span>: ${esc(last)} is <b>${holds ? 'true' : 'false'}</b>, so <b id="t-result">${youWin ? 'you win the round' : 'they win the round'}</b>.</p>` +
      `<p><button type="button" id="t-next">Next round (${youWin ? 'they' : 'you'} open)</button></p>`;
    $('#t-next').onclick = () => {
      // the loser opens the next round
      youOpen = !youWin;
      newRound('');
    };
  };
  newRound('');
}

/** Every choice the player had, with its exact chance to win, and the other's die given its bids. */
function details(gr: LiarsGrade): string {
  const rows = gr.actions.map((a) => ({
    choice: a.action === gr.chosen ? `${a.action} (yours)` : a.action,
    'P(true)': pct(a.bidTrue, 1),
    'P(win)': pct(a.pWin, 1),
    lost: (100 * a.loss).toFixed(2),
    'eq.': pct(a.equilibrium, 0),
  }));
  const opp = gr.opponent.map((o) => `${o.hand}: ${pct(o.probability, 0)}`).join(' · ');
  // open on a wide screen; on a phone folded, so the next decision stays near the top
  const open = matchMedia('(min-width: 761px)').matches ? ' open' : '';
  return `<details class="grade"${open}><summary>Every choice, exactly: P(true) that the bid holds; P(win) the round, the rest of it played as well as possible; lost, in percentage points; eq., how often the equilibrium chooses it</summary>${table(rows)}` +
    `<p class="note">Their die, given their bids${gr.onPath ? '' : ' (which the equilibrium never makes: taken as unknown)'}: ${esc(opp)}</p></details>`;
}
