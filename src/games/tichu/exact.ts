import { UserError } from '../../core/errors.js';
import { chooseBig, fractionText } from '../../core/stats.js';
import { cardRank, cardSuit, cardsText, DOG, DRAGON, MAHJONG, PHOENIX } from './cards.js';

/**
 * Exact deal odds by counting over rank/suit structure, never by sampling.
 *
 * A hand is a set of suited cards plus some of the 4 specials. "No four of a kind" and "no
 * straight flush" are both properties of the suited part, so they are counted by a dynamic
 * programme over the 13 ranks whose state is, for each suit, the length of the run of consecutive
 * ranks held in that suit (0..L−1, L = minimum straight-flush length) and whose weight is the
 * number of unseen suited cards drawn so far. A rank where all four suits are held makes a four of a
 * kind; a run reaching L makes a straight flush. Specials multiply in by C(available, j).
 * Counts stay below C(56,14) ≈ 5.8·10^12 < 2^53, so float arithmetic is exact; results are BigInt.
 */

export interface OddsLine {
  /** machine name of the event */
  event: string;
  label: string;
  /** exact count of deals (of the drawn cards) where the event holds */
  count: string;
  /** number of equally likely deals: C(56,n) or, given a hand, C(unseen, still to come) */
  total: string;
  /** count/total in lowest terms */
  fraction: string;
  probability: number;
}

export interface HandOddsResult {
  cards: number;
  given: string | null;
  lines: OddsLine[];
}

const NO_FK = 1, NO_SF = 2;

/**
 * Number of ways to draw `draw` suited cards from the available ones (avail[r] = suit mask of
 * unseen cards at rank index r = rank − 2) such that, together with forced[r], the hand has no four
 * of a kind (flag NO_FK) and/or no straight flush of length ≥ L (flag NO_SF), by count drawn.
 * Returns an array w[k] = ways having drawn exactly k suited cards.
 */
export function countSuited(forced: Uint8Array, avail: Uint8Array, maxDraw: number, flags: number, L: number): Float64Array {
  const base = flags & NO_SF ? L : 1;
  const nStates = base ** 4;
  const K = maxDraw + 1;
  let cur = new Float64Array(nStates * K);
  let nxt = new Float64Array(nStates * K);
  cur[0] = 1;
  const pop = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];
  for (let r = 0; r < 13; r++) {
    nxt.fill(0);
    const f = forced[r], av = avail[r];
    for (let st = 0; st < nStates; st++) {
      const off = st * K;
      let any = false;
      for (let k = 0; k < K; k++) if (cur[off + k] !== 0) { any = true; break; }
      if (!any) continue;
      for (let sub = av; ; sub = (sub - 1) & av) {
        const full = sub | f;
        const take = pop[sub];
        let ok = !((flags & NO_FK) && full === 15);
        let ns = 0;
        if (ok && flags & NO_SF) {
          let s = st, mul = 1;
          for (let suit = 0; suit < 4; suit++) {
            const run = s % base;
            s = (s - run) / base;
            let nr = 0;
            if (full & (1 << suit)) {
              nr = run + 1;
              if (nr >= L) { ok = false; break; }
            }
            ns += nr * mul;
            mul *= base;
          }
        }
        if (ok) {
          const noff = ns * K;
          for (let k = 0; k + take < K; k++) {
            const v = cur[off + k];
            if (v !== 0) nxt[noff + k + take] += v;
          }
        }
        if (sub === 0) break;
      }
    }
    const t = cur; cur = nxt; nxt = t;
  }
  const out = new Float64Array(K);
  for (let st = 0; st < nStates; st++) for (let k = 0; k < K; k++) out[k] += cur[st * K + k];
  return out;
}

function line(event: string, label: string, count: bigint, total: bigint): OddsLine {
  return { event, label, count: count.toString(), total: total.toString(), fraction: fractionText(count, total), probability: Number(count) / Number(total) };
}

/**
 * Odds for a hand of `size` cards: unconditional (given = []) or with `given` cards already held
 * (the rest drawn from the 56 − |given| unseen). minStraightFlush is the rules' L.
 */
export function handOdds(size: number, given: readonly number[] = [], minStraightFlush = 5): HandOddsResult {
  if (given.length > size) throw new UserError(`a ${size}-card hand cannot contain ${given.length} given cards`);
  const draw = size - given.length;
  const unseen = 56 - given.length;
  const total = chooseBig(unseen, draw);
  const forced = new Uint8Array(13), avail = new Uint8Array(13).fill(15);
  const held = new Set(given);
  for (const c of given) {
    if (c < 52) {
      forced[cardRank(c) - 2] |= 1 << cardSuit(c);
      avail[cardRank(c) - 2] &= ~(1 << cardSuit(c));
    }
  }
  const specialsAvail = [MAHJONG, DOG, PHOENIX, DRAGON].filter((c) => !held.has(c)).length;
  // combine suited counts by drawn size with the specials: sum_j C(specialsAvail, j) · w[draw − j]
  const withSpecials = (w: Float64Array): bigint => {
    let s = 0n;
    for (let j = 0; j <= Math.min(specialsAvail, draw); j++) s += chooseBig(specialsAvail, j) * BigInt(w[draw - j]);
    return s;
  };
  const L = minStraightFlush;
  const noFK = withSpecials(countSuited(forced, avail, draw, NO_FK, L));
  const noSF = withSpecials(countSuited(forced, avail, draw, NO_SF, L));
  const noBomb = withSpecials(countSuited(forced, avail, draw, NO_FK | NO_SF, L));
  const lines: OddsLine[] = [
    line('anyBomb', `any bomb (four of a kind or straight flush ≥ ${L})`, total - noBomb, total),
    line('fourOfAKind', 'four of a kind', total - noFK, total),
    line('straightFlush', `straight flush (≥ ${L} cards)`, total - noSF, total),
  ];
  // one special card: held already, or one of the drawn cards
  const specialCount = (c: number) => (held.has(c) ? total : chooseBig(unseen - 1, draw - 1));
  lines.push(line('dragon', 'Dragon', specialCount(DRAGON), total));
  lines.push(line('phoenix', 'Phoenix', specialCount(PHOENIX), total));
  lines.push(line('mahjong', 'Mah Jong', specialCount(MAHJONG), total));
  lines.push(line('dog', 'Dog', specialCount(DOG), total));
  // hypergeometric on a class of cards (aces; Dragon/Phoenix/aces)
  const classCounts = (isIn: (c: number) => boolean, classSize: number) => {
    const h = given.filter(isIn).length;
    const left = classSize - h;
    const out: bigint[] = [];
    for (let k = 0; k <= classSize; k++) out.push(k < h ? 0n : chooseBig(left, k - h) * chooseBig(unseen - left, draw - (k - h)));
    return out;
  };
  const aces = classCounts((c) => c < 52 && cardRank(c) === 14, 4);
  for (let k = 0; k <= 4; k++) lines.push(line(`aces${k}`, `exactly ${k} ace${k === 1 ? '' : 's'}`, aces[k], total));
  const power = classCounts((c) => c === DRAGON || c === PHOENIX || (c < 52 && cardRank(c) === 14), 6);
  lines.push(line('twoPlusPower', 'two or more of Dragon, Phoenix, aces', power.slice(2).reduce((a, b) => a + b, 0n), total));
  return { cards: size, given: given.length ? cardsText(given) : null, lines };
}

/** Table-level: P(at least one player holds a four of a kind in the 14-card deal), exact. */
export function tableFourOfAKind(): OddsLine {
  // Distribute each rank's 4 distinct suits to 4 players with per-player counts, excluding all four
  // to one player; DP over ranks with state (c0, c1, c2) (c3 follows from the total); the 4
  // specials are dealt after, any player taking up to 14 − ci. Count = coefficient with all ci = 14.
  const N = 15;
  // ways to give 4 distinct cards with counts (a,b,c,d): multinomial 4!/(a!b!c!d!)
  const fact = [1, 1, 2, 6, 24];
  const splits: [number, number, number, number, number][] = [];
  for (let a = 0; a <= 4; a++) for (let b = 0; a + b <= 4; b++) for (let c = 0; a + b + c <= 4; c++) {
    const d = 4 - a - b - c;
    if (a === 4 || b === 4 || c === 4 || d === 4) continue;
    splits.push([a, b, c, d, fact[4] / (fact[a] * fact[b] * fact[c] * fact[d])]);
  }
  // the totals of a DP grow to ~10^31: exact bigint needed
  let curB = new Map<number, bigint>([[0, 1n]]);
  for (let r = 0; r < 13; r++) {
    const nxt = new Map<number, bigint>();
    const dealt = r * 4;
    for (const [key, v] of curB) {
      const c0 = key % N, c1 = Math.floor(key / N) % N, c2 = Math.floor(key / (N * N));
      const c3 = dealt - c0 - c1 - c2;
      for (const [a, b, c, d, w] of splits) {
        if (c0 + a > 14 || c1 + b > 14 || c2 + c > 14 || c3 + d > 14) continue;
        const nk = c0 + a + (c1 + b) * N + (c2 + c) * N * N;
        nxt.set(nk, (nxt.get(nk) ?? 0n) + v * BigInt(w));
      }
    }
    curB = nxt;
  }
  // specials: 4 distinct cards filling each player to 14; ways = 4!/∏(14 − ci)!
  let noFK = 0n;
  for (const [key, v] of curB) {
    const c0 = key % N, c1 = Math.floor(key / N) % N, c2 = Math.floor(key / (N * N));
    const c3 = 52 - c0 - c1 - c2;
    const need = [14 - c0, 14 - c1, 14 - c2, 14 - c3];
    if (need.some((x) => x < 0)) continue;
    noFK += v * BigInt(fact[4] / need.reduce((p, x) => p * fact[x], 1));
  }
  // all deals: 56! / (14!)^4
  let f56 = 1n, f14 = 1n;
  for (let i = 2n; i <= 56n; i++) f56 *= i;
  for (let i = 2n; i <= 14n; i++) f14 *= i;
  const total = f56 / f14 ** 4n;
  return line('tableFourOfAKind', 'some player holds a four of a kind (14 cards each)', total - noFK, total);
}
