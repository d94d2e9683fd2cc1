import type { WulongRules } from './rules.js';
import type { Solution } from './exact.js';

/**
 * A straightforward turn simulator, kept only as the bench's baseline: Math.random per die, fresh
 * arrays every roll, and every set-aside's score recomputed from the rules each time. It follows
 * the same policy tables as the fast kernel, so the two play identically up to randomness.
 */
export function naiveTurns(rules: WulongRules, sol: Solution, turns: number): number {
  const F = rules.faces.length;
  const faceScore = (f: number, k: number): number => {
    const table = rules.faces[f].score;
    if (table[String(k)] !== undefined) return table[String(k)];
    const listed = Object.keys(table).map(Number);
    const top = Math.max(...listed);
    if (rules.faces[f].beyond === 'double' && k > top) return faceScore(f, k - 1) * 2;
    return -Infinity;
  };
  const bestOf = (kept: number[]): number => {
    // try every way to split the kept dice into units, recursively
    let best = -Infinity;
    const f = kept.findIndex((c) => c > 0);
    if (f < 0) return 0;
    for (let k = 1; k <= kept[f]; k++) {
      const v = faceScore(f, k);
      if (v === -Infinity) continue;
      const rest = kept.slice();
      rest[f] -= k;
      best = Math.max(best, v + bestOf(rest));
    }
    for (const s of rules.straights) {
      const rest = kept.slice();
      let ok = true;
      for (const id of s.faces) {
        const i = rules.faces.findIndex((x) => x.id === id);
        if (--rest[i] < 0) ok = false;
      }
      if (ok) best = Math.max(best, s.score + bestOf(rest));
    }
    return best;
  };
  const S = rules.dice + 1;
  let total = 0;
  for (let i = 0; i < turns; i++) {
    let t = 0, n = rules.dice, score = 0;
    for (;;) {
      const dice: number[] = [];
      for (let d = 0; d < n; d++) dice.push(Math.floor(Math.random() * F));
      const counts = new Array<number>(F).fill(0);
      for (const d of dice) counts[d]++;
      if (rules.instantWin && counts[rules.faces.findIndex((f) => f.id === rules.instantWin!.face)] >= rules.instantWin.count) {
        score = t * sol.unit + rules.instantWin.value;
        break;
      }
      const options: { score: number; used: number }[] = [];
      const kept = new Array<number>(F).fill(0);
      const rec = (f: number) => {
        if (f === F) {
          const used = kept.reduce((a, b) => a + b, 0);
          const s = used ? bestOf(kept) : -Infinity;
          if (s > -Infinity) options.push({ score: s, used });
          return;
        }
        for (let c = 0; c <= counts[f]; c++) {
          kept[f] = c;
          rec(f + 1);
        }
      };
      rec(0);
      if (options.length === 0) break;
      let best = -Infinity, next = [0, 0];
      for (const o of options) {
        const nt = t + o.score / sol.unit;
        const nn = o.used < n ? n - o.used : rules.hotDice ? rules.dice : 0;
        const v = nn === 0 || nt > sol.cap ? nt * sol.unit : sol.value[nt * S + nn];
        if (v > best) [best, next] = [v, [nt, nn]];
      }
      [t, n] = next;
      if (n === 0 || t > sol.cap || sol.stop[t * S + n]) {
        score = t * sol.unit;
        break;
      }
    }
    total += score;
  }
  return total / turns;
}
