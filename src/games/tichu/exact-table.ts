/**
 * Table-level deal odds, exact by combinatorics: the chance that SOME player holds a bomb (a four of a
 * kind, or a straight flush of length ≥ L in one suit) when the whole deck is dealt.
 *
 * Model: colour every suited card with its owner (a player, or the undealt "rest"). Going rank by rank,
 * each suit's state is the owner of its card at the last rank and the length of that owner's current run
 * in the suit (1..L−1; reaching L would be a straight flush). At each rank the `suits` cards go to owners;
 * one player taking all of them is a four of a kind. A deal is bomb-free exactly when the colouring never
 * does either. Suits are interchangeable, so the state is the MULTISET of suit states (3,876 for 4 players
 * and L = 5).
 *
 * The hand sizes couple the four hands. They are enforced by a discrete Fourier transform in the owners'
 * card counts: give owner p the weight x_p per card, run the DP at x_p = ω^{k_p} (ω = e^{2πi/m}), and
 * average with ω^{−h·k} over the grid k ∈ Z_m^P. This extracts the coefficient of x^h exactly (no other
 * count vector aliases onto it when m > h and m > rest — argued at `modulus`). Players are
 * interchangeable, so grid points that are permutations of each other give the same value; with no undealt
 * cards a common shift of all k_p is a symmetry too, and k ↔ −k gives the complex conjugate. That leaves
 * ~110 DP runs for the real deck. The specials (never in a bomb) multiply in as (Σ x_p + rest)^specials.
 *
 * The result is a double: the count is ~10^31, beyond exact integers, and the Fourier sum adds a rounding
 * error around 10^−13 (the test compares against the exact BigInt four-of-a-kind count to 10^−11).
 * It is combinatorics, not sampling.
 */

export interface TableDeck {
  /** players receiving a hand */
  players: number;
  /** cards per player */
  handSize: number;
  /** ranks per suit (13) */
  ranks: number;
  /** suits (4): a four of a kind is one player holding all suits of a rank */
  suits: number;
  /** unsuited cards that never form part of a bomb (4: Mah Jong, Dog, Phoenix, Dragon) */
  specials: number;
  /** minimum straight-flush length L; 0 = straight flushes are not bombs (four of a kind only) */
  minStraightFlush: number;
}

export const TICHU_DECK: TableDeck = { players: 4, handSize: 14, ranks: 13, suits: 4, specials: 4, minStraightFlush: 5 };

export interface TableBombResult {
  /** P(some player holds a bomb) */
  probability: number;
  /** P(no player holds a bomb) */
  noBomb: number;
  /** number of deals, (cards)! / ((h!)^P · rest!), as a decimal string */
  deals: string;
  /** DP runs (grid points after symmetry) and multiset states — for the bench and the docs */
  points: number;
  states: number;
}

/**
 * One rank's transition in two stages, so that its cost is ~10^5 multiply-adds instead of ~10^6:
 * each suit either CONTINUES (its card goes to the owner of the card one rank below: the run grows) or is
 * RESET (it goes to anyone else: the old run length is forgotten). Stage 1 maps a state to
 * (continuing suits with their new lengths, multiset of the old owners of the reset suits); stage 2
 * chooses the reset suits' new owners. Multiplicities count labelled suits, so the product of the two
 * stages counts every assignment of the rank's cards exactly once.
 */
interface Structure {
  /** number of multiset states (reachable); index 0 is the empty start */
  n: number;
  /** stage 1, CSR by source state: intermediate index and multiplicity */
  s1Start: Int32Array; s1Tgt: Int32Array; s1Mult: Float64Array;
  /** number of intermediate states */
  mid: number;
  /** stage 2, CSR by intermediate: target state and multiplicity */
  s2Start: Int32Array; s2Tgt: Int32Array; s2Mult: Float64Array;
  /** cards each player received at the last rank, for each state (n × players); the rest gets suits − Σ */
  inc: Uint8Array;
}

function csr(lists: Map<number, number>[]): { start: Int32Array; tgt: Int32Array; mult: Float64Array } {
  const start = new Int32Array(lists.length + 1);
  for (let i = 0; i < lists.length; i++) start[i + 1] = start[i] + lists[i].size;
  const tgt = new Int32Array(start[lists.length]), mult = new Float64Array(start[lists.length]);
  for (let i = 0; i < lists.length; i++) {
    let j = start[i];
    for (const [t, m] of lists[i]) { tgt[j] = t; mult[j] = m; j++; }
  }
  return { start, tgt, mult };
}

/**
 * Reachable multisets of suit states and the two-stage transitions. Suit state codes: player p with run
 * length l (1..runCap) → p·runCap + l − 1; the undealt rest → players·runCap; the empty start → one more.
 * Owners: players 0..P−1, the rest P, nobody (start) P+1.
 */
function buildStructure(d: TableDeck, rest: boolean): Structure {
  const P = d.players, S = d.suits;
  const sf = d.minStraightFlush > 0;
  const runCap = sf ? d.minStraightFlush - 1 : 1;
  const REST = P * runCap, EMPTY = REST + 1, base = EMPTY + 1;
  const ownerOf = (st: number) => (st < REST ? Math.floor(st / runCap) : st === REST ? P : P + 1);
  const newOwners = P + (rest ? 1 : 0);
  const encode = (t: number[], b: number) => { let k = 0; for (const x of t) k = k * b + x; return k; };
  const states = new Map<number, number>(), tuples: number[][] = [];
  const stateIndex = (t: number[]) => {
    const s = [...t].sort((a, b) => a - b);
    const k = encode(s, base);
    let i = states.get(k);
    if (i === undefined) { i = tuples.length; states.set(k, i); tuples.push(s); }
    return i;
  };
  // intermediate: (continuing codes after the step, sorted) + (old owners of reset suits, sorted)
  const mids = new Map<number, number>(), midCont: number[][] = [], midOwn: number[][] = [];
  const ownBase = P + 2, ownSpan = ownBase ** S;
  const midIndex = (cont: number[], own: number[]) => {
    const c = [...cont].sort((a, b) => a - b), o = [...own].sort((a, b) => a - b);
    // the number of continuing suits, their codes, the reset owners: one integer (< 2^53 for the decks used)
    const k = ((c.length * base ** S + encode(c, base)) * ownSpan) + encode(o, ownBase);
    let i = mids.get(k);
    if (i === undefined) { i = midCont.length; mids.set(k, i); midCont.push(c); midOwn.push(o); }
    return i;
  };
  stateIndex(new Array(S).fill(EMPTY));
  const stage1: Map<number, number>[] = [], stage2: Map<number, number>[] = [];
  const cont: number[] = [], own: number[] = [], choice: number[] = [];
  let doneMid = 0;
  for (let o = 0; o < tuples.length; o++) {
    const cur = tuples[o];
    const out = new Map<number, number>();
    for (let mask = 0; mask < 1 << S; mask++) {
      cont.length = 0; own.length = 0;
      let ok = true;
      for (let s = 0; s < S && ok; s++) {
        const st = cur[s];
        if (!(mask & (1 << s))) { own.push(ownerOf(st)); continue; }
        if (st === EMPTY) ok = false; // nobody to continue from
        else if (st === REST) cont.push(REST);
        else {
          const len = (st % runCap) + 2;
          if (sf && len >= d.minStraightFlush) ok = false; // a straight flush
          else cont.push(Math.floor(st / runCap) * runCap + (sf ? len - 1 : 0));
        }
      }
      if (!ok) continue;
      const i = midIndex(cont, own);
      out.set(i, (out.get(i) ?? 0) + 1);
    }
    stage1.push(out);
    // stage 2 for intermediates created so far (they may create new states, handled by this loop)
    for (; doneMid < midCont.length; doneMid++) {
      const c = midCont[doneMid], ow = midOwn[doneMid];
      const out2 = new Map<number, number>();
      const nb = ow.length;
      for (let a = 0; a < newOwners ** nb; a++) {
        let x = a, ok = true;
        for (let j = 0; j < nb; j++) { choice[j] = x % newOwners; x = Math.floor(x / newOwners); if (choice[j] === ow[j]) ok = false; }
        if (!ok) continue;
        // four of a kind: one player takes every suit of this rank
        const first = c.length ? ownerOf(c[0]) : choice[0];
        let allSame = first < P;
        for (const st of c) if (ownerOf(st) !== first) allSame = false;
        for (let j = 0; j < nb; j++) if (choice[j] !== first) allSame = false;
        if (allSame) continue;
        const t = [...c];
        for (let j = 0; j < nb; j++) t.push(choice[j] === P ? REST : choice[j] * runCap);
        const ti = stateIndex(t);
        out2.set(ti, (out2.get(ti) ?? 0) + 1);
      }
      stage2.push(out2);
    }
  }
  const n = tuples.length;
  const a = csr(stage1), b = csr(stage2);
  const inc = new Uint8Array(n * P);
  for (let o = 0; o < n; o++) for (const st of tuples[o]) if (st < REST) inc[o * P + Math.floor(st / runCap)]++;
  return { n, s1Start: a.start, s1Tgt: a.tgt, s1Mult: a.mult, mid: midCont.length, s2Start: b.start, s2Tgt: b.tgt, s2Mult: b.mult, inc };
}

/**
 * Fourier modulus: coefficient [x^h] is extracted from values at ω^k, ω = e^{2πi/m}. A count vector e
 * aliases onto (h,…,h) when e_p ≡ h (mod m). With m > h every e_p ≥ 0 forces e_p = h + m·t_p, t_p ≥ 0;
 * the total Σ e_p is P·h (+ at most `rest` more cards), so Σ t_p·m ≤ rest, which m > rest rules out.
 */
function modulus(d: TableDeck, rest: number): number {
  return Math.max(d.handSize, rest) + 1;
}

/**
 * P(some player holds a bomb at the deal), exact combinatorics (see the file comment).
 * Throws if the deck cannot deal the hands.
 */
export function tableBombOdds(d: TableDeck = TICHU_DECK): TableBombResult {
  const P = d.players, h = d.handSize;
  const cards = d.ranks * d.suits + d.specials;
  const rest = cards - P * h;
  if (rest < 0) throw new Error(`a deck of ${cards} cards cannot deal ${P} hands of ${h}`);
  if (d.minStraightFlush !== 0 && d.minStraightFlush < 2) throw new Error('minStraightFlush must be 0 (none) or ≥ 2');
  const st = buildStructure(d, rest > 0);
  const m = modulus(d, rest);

  // grid points k ∈ Z_m^P up to symmetry, with their multiplicity
  const points = new Map<string, { k: number[]; weight: number }>();
  const less = (a: number[], b: number[]) => { for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i]; return false; };
  const canon = (k: number[]): number[] => {
    const shifts = rest === 0 ? m : 1; // a common shift leaves f unchanged only when every card is dealt
    let best: number[] | null = null;
    for (let j = 0; j < shifts; j++) {
      const s = k.map((x) => (x + j) % m).sort((a, b) => a - b);
      if (!best || less(s, best)) best = s;
    }
    return best!;
  };
  const k = new Array<number>(P).fill(0);
  const visit = (p: number, lo: number) => {
    if (p === P) { addPoint(); return; }
    for (let v = lo; v < m; v++) { k[p] = v; visit(p + 1, v); }
  };
  const addPoint = () => {
    let c = canon(k);
    const neg = canon(k.map((x) => (m - x) % m));
    if (less(neg, c)) c = neg; // f(−k) = conj f(k): same real part
    const key = c.join();
    let perms = factorial(P);
    for (let i = 0; i < P;) { let j = i; while (j < P && k[j] === k[i]) j++; perms /= factorial(j - i); i = j; }
    const e = points.get(key);
    if (e) e.weight += perms; else points.set(key, { k: c, weight: perms });
  };
  visit(0, 0);

  // DP buffers, complex, normalised by the uniform colouring (x_p → x_p / owners) to keep values ~1
  const owners = P + (rest > 0 ? 1 : 0);
  // all grid points run together: the sparse structure is walked once per rank and the inner loop
  // runs over the points (contiguous). Layout [state][point].
  const pts = [...points.values()];
  const B = pts.length;
  const xr = new Float64Array(B * P), xi = new Float64Array(B * P);
  for (let b = 0; b < B; b++) for (let p = 0; p < P; p++) {
    const a = (2 * Math.PI * pts[b].k[p]) / m;
    xr[b * P + p] = Math.cos(a) / owners; xi[b * P + p] = Math.sin(a) / owners;
  }
  // φ(o) = Π_p x_p^{inc_p(o)}: the weight of the rank's cards that led into state o (rest: 1/owners)
  const phiRe = new Float64Array(st.n * B), phiIm = new Float64Array(st.n * B);
  for (let o = 0; o < st.n; o++) for (let b = 0; b < B; b++) {
    let r = 1, i = 0;
    for (let p = 0; p < P; p++) for (let c = st.inc[o * P + p]; c > 0; c--) { const t = r * xr[b * P + p] - i * xi[b * P + p]; i = r * xi[b * P + p] + i * xr[b * P + p]; r = t; }
    if (rest > 0) for (let c = d.suits - sumInc(st.inc, o, P); c > 0; c--) { r /= owners; i /= owners; }
    phiRe[o * B + b] = r; phiIm[o * B + b] = i;
  }
  const re = new Float64Array(st.n * B), im = new Float64Array(st.n * B), nre = new Float64Array(st.n * B), nim = new Float64Array(st.n * B);
  const ure = new Float64Array(st.mid * B), uim = new Float64Array(st.mid * B);
  runRanks(st, d.ranks, B, re, im, ure, uim, nre, nim, phiRe, phiIm);
  let sum = 0;
  for (let b = 0; b < B; b++) {
    let qr = 0, qi = 0;
    for (let o = 0; o < st.n; o++) { qr += re[o * B + b]; qi += im[o * B + b]; }
    // specials: (Σ_p x_p + rest)^specials; then the shift ω^{−h Σ k}
    let sr = rest > 0 ? 1 / owners : 0, si = 0;
    for (let p = 0; p < P; p++) { sr += xr[b * P + p]; si += xi[b * P + p]; }
    for (let c = 0; c < d.specials; c++) { const t = qr * sr - qi * si; qi = qr * si + qi * sr; qr = t; }
    let ks = 0;
    for (const x of pts[b].k) ks += x;
    const a = (-2 * Math.PI * h * ks) / m;
    sum += pts[b].weight * (qr * Math.cos(a) - qi * Math.sin(a));
  }
  // coefficient = sum / m^P, in units of owners^−cards; divide by the number of deals
  const deals = dealsCount(cards, h, P, rest);
  const noBomb = (sum / m ** P) * (Number(BigInt(owners) ** BigInt(cards)) / Number(deals));
  return { probability: 1 - noBomb, noBomb, deals: deals.toString(), points: points.size, states: st.n };
}

/** The DP over ranks, all B grid points at once (complex weights φ per target state and point). */
function runRanks(st: Structure, ranks: number, B: number, re: Float64Array, im: Float64Array, ure: Float64Array, uim: Float64Array, nre: Float64Array, nim: Float64Array, phiRe: Float64Array, phiIm: Float64Array): void {
  const { n, mid, s1Start, s1Tgt, s1Mult, s2Start, s2Tgt, s2Mult } = st;
  // which states / intermediates carry weight at this rank (the same for every point)
  let live = new Uint8Array(n), nextLive = new Uint8Array(n);
  const liveMid = new Uint8Array(mid);
  re.fill(0); im.fill(0);
  for (let b = 0; b < B; b++) re[b] = 1;
  live[0] = 1;
  for (let rank = 0; rank < ranks; rank++) {
    ure.fill(0); uim.fill(0); liveMid.fill(0);
    for (let o = 0; o < n; o++) {
      if (!live[o]) continue;
      const so = o * B, e = s1Start[o + 1];
      for (let j = s1Start[o]; j < e; j++) {
        const t = s1Tgt[j], w = s1Mult[j], st0 = t * B;
        liveMid[t] = 1;
        for (let b = 0; b < B; b++) { ure[st0 + b] += w * re[so + b]; uim[st0 + b] += w * im[so + b]; }
      }
    }
    nre.fill(0); nim.fill(0); nextLive.fill(0);
    for (let i = 0; i < mid; i++) {
      if (!liveMid[i]) continue;
      const si = i * B, e = s2Start[i + 1];
      for (let j = s2Start[i]; j < e; j++) {
        const t = s2Tgt[j], w = s2Mult[j], st0 = t * B;
        nextLive[t] = 1;
        for (let b = 0; b < B; b++) { nre[st0 + b] += w * ure[si + b]; nim[st0 + b] += w * uim[si + b]; }
      }
    }
    for (let x = 0; x < n * B; x++) { const r = nre[x], i = nim[x]; re[x] = r * phiRe[x] - i * phiIm[x]; im[x] = r * phiIm[x] + i * phiRe[x]; }
    const t = live; live = nextLive; nextLive = t;
  }
}

function sumInc(inc: Uint8Array, o: number, P: number): number {
  let s = 0;
  for (let p = 0; p < P; p++) s += inc[o * P + p];
  return s;
}

function factorial(n: number): number {
  let f = 1;
  for (let i = 2; i <= n; i++) f *= i;
  return f;
}

function dealsCount(cards: number, h: number, P: number, rest: number): bigint {
  const fb = (n: number) => { let f = 1n; for (let i = 2n; i <= BigInt(n); i++) f *= i; return f; };
  return fb(cards) / (fb(h) ** BigInt(P) * fb(rest));
}
