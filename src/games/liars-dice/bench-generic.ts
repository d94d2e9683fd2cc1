import { buildTree } from '../../exact/tree.js';
import { TreeCfr, profileValue } from '../../exact/cfr.js';
import { f } from '../../bench/timing.js';
import { LiarsSolver, type Variant } from './exact-cfr.js';
import { LiarsDuelState } from './duel-state.js';

/** OpenSpiel's CFR+ on liars_dice 1v1 six faces, C++ -O3, one thread: CPU per iteration (issue #40's measurement). */
const OPENSPIEL_MS_PER_ITERATION = 128;

const cpuMs = (t0: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(t0);
  return (d.user + d.system) / 1e3;
};

/**
 * The generic CFR+ of the exact tools (src/exact, over the game interface) against the specialized
 * Liar's Dice solver, on the same game (the duel: the solver's game as a GameState) and the same
 * iterates, side by side: CPU per iteration, warmed up, one thread. Measured, never asserted.
 */
export async function benchGeneric(log: (line: string) => void): Promise<void> {
  const cases: [Variant, number, number][] = [['openspiel', 6, 1388], ['seed', 6, 1000], ['seed', 4, 1000]];
  log('CFR+ per iteration, CPU ms, one thread (same game, same iterates; OpenSpiel C++ -O3: 128 ms on 1v1 six faces)');
  log('  game                      tree nodes  read (s)   generic  specialized   ratio   vs OpenSpiel');
  for (const [variant, sides, iterations] of cases) {
    let t0 = process.cpuUsage();
    const tree = buildTree(new LiarsDuelState(variant, 1, sides));
    const readS = cpuMs(t0) / 1000;
    const g = new TreeCfr(tree, 'cfr+');
    const s = new LiarsSolver({ variant, dice: [1, 1], sides });
    t0 = process.cpuUsage();
    g.iterate(iterations);
    const gMs = cpuMs(t0) / iterations;
    t0 = process.cpuUsage();
    s.iterate(iterations);
    const sMs = cpuMs(t0) / iterations;
    const diff = Math.abs(profileValue(tree, g.profile()) - s.value0());
    const name = `1v1 ${variant} ${sides} faces`.padEnd(24);
    const vsOs = variant === 'openspiel' && sides === 6 ? `${f(OPENSPIEL_MS_PER_ITERATION / gMs, 0)}× faster` : '';
    log(`  ${name}  ${String(tree.nodes.toLocaleString('en-US')).padStart(10)}  ${f(readS, 2).padStart(8)}  ${f(gMs, 2).padStart(8)}  ${f(sMs, 2).padStart(11)}  ${f(gMs / sMs, 2).padStart(6)}×  ${vsOs}`);
    log(`    after ${iterations} iterations the two values differ by ${diff.toExponential(1)}`);
  }
}
