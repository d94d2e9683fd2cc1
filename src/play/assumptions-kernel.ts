/**
 * One kernel per game that declares the interface, `<game>.findings`: the game's own findings
 * (StateGame.findings) measured in self-play — one player in every seat, one game per deal — so
 * the generic `assumptions` command (src/play/assumptions.ts) re-measures them at each alternative
 * rule over seeded shards and worker threads. A worker thread imports this module by URL.
 */
import type { Kernel } from '../parallel/kernel.js';
import { registerKernels } from '../parallel/registry.js';
import { meanEstimate, type MeanEstimate } from '../core/stats.js';
import type { StatePlayer } from '../games/state.js';
import { playGame } from './match.js';
import { makePlayer } from './players.js';
import { playKernels, stateGameOf } from './kernels.js';

export interface FindingsParams {
  game: string;
  rules: unknown;
  /** the player spec in every seat */
  player: string;
  players: number;
}

export interface FindingEstimate {
  name: string;
  kind: 'rate' | 'value';
  /** over the games that measured it (a finding may say nothing about a game: NaN) */
  estimate: MeanEstimate;
}

/** The kernel name of a game's findings in self-play. */
export function findingsKernelName(id: string): string {
  return `${id}.findings`;
}

/** The players' stream of a deal, apart from its chance stream. */
const moveSeed = (dealSeed: number) => dealSeed + 4294967296 * 7;

/** Per finding: Σ value, Σ value², games that measured it. */
export function playFindings(p: FindingsParams, rng: { nextU32(): number }, count: number): Float64Array {
  const sg = stateGameOf(p.game), P = p.players, rules = p.rules;
  const findings = sg.findings ?? [];
  const acc = new Float64Array(3 * findings.length);
  const atSeat: StatePlayer[] = Array.from({ length: P }, (_, s) => makePlayer(sg, rules, p.player, s, P));
  const out = new Float64Array(P);
  for (let k = 0; k < count; k++) {
    const dealSeed = rng.nextU32();
    const state = playGame(sg, rules, P, dealSeed, moveSeed(dealSeed), atSeat);
    state.returns(out);
    for (let f = 0; f < findings.length; f++) {
      const v = findings[f].measure(state, out);
      if (Number.isNaN(v)) continue;
      acc[3 * f] += v;
      acc[3 * f + 1] += v * v;
      acc[3 * f + 2]++;
    }
  }
  return acc;
}

export function summarizeFindings(p: FindingsParams, acc: Float64Array): FindingEstimate[] {
  return (stateGameOf(p.game).findings ?? []).map((f, i) => {
    const m = meanEstimate(acc[3 * i + 2], acc[3 * i], acc[3 * i + 1]);
    // a share's normal interval, cut to the shares there are
    const estimate = f.kind === 'rate' ? { ...m, ci95: [Math.max(0, m.ci95[0]), Math.min(1, m.ci95[1])] as [number, number] } : m;
    return { name: f.name, kind: f.kind, estimate };
  });
}

function kernelFor(id: string): Kernel<FindingsParams, FindingEstimate[]> {
  return {
    name: findingsKernelName(id),
    progress: { label: `${id} self-play games`, unit: 'games' },
    run: (params, rng, count) => playFindings(params, rng, count),
    summarize: (params, acc) => summarizeFindings(params, acc),
    sample: () => {
      const sample = playKernels.find((k) => k.name === `${id}.play`)!.sample().params;
      return { params: { game: id, rules: sample.rules, player: 'uniform', players: sample.entrants.length }, count: 3 };
    },
  };
}

export const findingsKernels: Kernel<FindingsParams, FindingEstimate[]>[] = [];

/**
 * Register the kernel of every game over the interface that declares findings and has none yet: at
 * import, and again after games are loaded from modules (the main thread, before a run).
 */
export function registerFindingsKernels(): void {
  const fresh = playKernels
    .map((k) => k.name.slice(0, -'.play'.length))
    .filter((id) => (stateGameOf(id).findings ?? []).length > 0 && !findingsKernels.some((k) => k.name === findingsKernelName(id)))
    .map(kernelFor);
  findingsKernels.push(...fresh);
  registerKernels(import.meta.url, fresh as unknown as readonly Kernel<never, unknown>[]);
}
registerFindingsKernels();
