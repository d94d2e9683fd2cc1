import { buildTree } from '../../exact/tree.js';
import { TreeCfr, profileValue, type Algorithm } from '../../exact/cfr.js';
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
 * The generic exact tools (src/exact, over the game interface) against the specialized solvers
 * they generalize, on the same games, side by side, one thread: the CFR family against the Liar's
 * Dice solver (same iterates; CPU per iteration, warmed up); Can't Stop's bench of the same name
 * sets expectimax against its turn solver. Measured, never asserted.
 */
export async function benchGeneric(log: (line: string) => void): Promise<void> {
  const cases: [Variant, number, Algorithm, number][] = [
    ['openspiel', 6, 'cfr+', 1388], ['openspiel', 6, 'pcfr+', 500], ['seed', 6, 'cfr+', 1000], ['seed', 4, 'cfr+', 1000],
  ];
  log('CFR per iteration, CPU ms, one thread (same game, same iterates; OpenSpiel C++ -O3: 128 ms');
  log('for CFR+ on 1v1 six faces)');
  log('  game                   algorithm  tree nodes  read s  generic  specialized  ratio  vs OpenSpiel');
  for (const [variant, sides, algorithm, iterations] of cases) {
    let t0 = process.cpuUsage();
    const tree = buildTree(new LiarsDuelState(variant, 1, sides), { publicStates: algorithm !== 'cfr+' });
    const readS = cpuMs(t0) / 1000;
    const g = new TreeCfr(tree, algorithm);
    const s = new LiarsSolver({ variant, dice: [1, 1], sides }, { algorithm });
    // warm up both (the first iterations compile the walks)
    g.iterate(5);
    s.iterate(5);
    const n = iterations - 5;
    t0 = process.cpuUsage();
    g.iterate(n);
    const gMs = cpuMs(t0) / n;
    t0 = process.cpuUsage();
    s.iterate(n);
    const sMs = cpuMs(t0) / n;
    const diff = Math.abs(profileValue(tree, g.profile()) - s.value0());
    const name = `1v1 ${variant} ${sides} faces`.padEnd(21);
    const vsOs = variant === 'openspiel' && sides === 6 && algorithm === 'cfr+' ? `${f(OPENSPIEL_MS_PER_ITERATION / gMs, 0)}× faster` : '';
    log(`  ${name}  ${algorithm.padEnd(9)}  ${tree.nodes.toLocaleString('en-US').padStart(10)}  ${f(readS, 2).padStart(6)}  ${f(gMs, 2).padStart(7)}  ${f(sMs, 2).padStart(11)}  ${f(gMs / sMs, 2).padStart(4)}×  ${vsOs}`.trimEnd());
    log(`    after ${iterations} iterations the two values differ by ${diff.toExponential(1)}`);
  }
  await benchThreads(log);
}

/**
 * Both solvers with worker threads (`equilibrium --workers`, `liars solve --workers`): wall and CPU
 * (all threads) per iteration at 1 and 2 threads, on 1v1 openspiel six faces, CFR+. The generic
 * one splits each pass by the deal (its tasks: groups of the root's chance outcomes), the
 * specialized one by bid history; both give the same numbers for any thread count.
 */
export async function benchThreads(log: (line: string) => void): Promise<void> {
  const variant: Variant = 'openspiel', sides = 6, algorithm: Algorithm = 'cfr+', iterations = 300;
  const tree = buildTree(new LiarsDuelState(variant, 1, sides), { publicStates: false });
  log('');
  log(`Threads, 1v1 ${variant} six faces, ${algorithm}, ${iterations} iterations: ms per iteration, wall / CPU`);
  log('  threads  generic wall  generic CPU  specialized wall  specialized CPU  generic value');
  for (const threads of [1, 2]) {
    const g = new TreeCfr(tree, algorithm, { threads });
    const s = new LiarsSolver({ variant, dice: [1, 1], sides }, { algorithm });
    s.useThreads(threads);
    const time = (run: () => void): [number, number] => {
      const w0 = performance.now(), t0 = process.cpuUsage();
      run();
      return [(performance.now() - w0) / (iterations - 5), cpuMs(t0) / (iterations - 5)];
    };
    g.iterate(5);
    s.iterate(5);
    const [gw, gc] = time(() => g.iterate(iterations - 5));
    const [sw, sc] = time(() => s.iterate(iterations - 5));
    g.close();
    s.close();
    const v = profileValue(tree, g.profile());
    log(`  ${String(threads).padStart(7)}  ${f(gw, 2).padStart(12)}  ${f(gc, 2).padStart(11)}  ${f(sw, 2).padStart(16)}  ${f(sc, 2).padStart(15)}  ${v.toPrecision(17)}`);
  }
}
