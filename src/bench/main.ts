// `npm run bench [-- game…]`: each game's figures and ratios, printed, never asserted.
import { availableParallelism, cpus } from 'node:os';

const benches: Record<string, () => Promise<{ bench: (log: (line: string) => void) => Promise<void> }>> = {
  wulong: () => import('../games/wulong/bench.js'),
  'sichuan-mahjong': () => import('../games/sichuan-mahjong/bench.js'),
  'liars-dice': () => import('../games/liars-dice/bench.js'),
  'wulong-game': () => import('../games/wulong/game-bench.js'),
  weilong: () => import('../games/weilong/bench.js'),
};

const wanted = process.argv.slice(2);
const log = (line: string) => process.stdout.write(line + '\n');
log(`oddsmith bench · node ${process.version} · ${availableParallelism()} cores (${cpus()[0]?.model ?? '?'})`);
for (const [name, load] of Object.entries(benches)) {
  if (wanted.length && !wanted.includes(name)) continue;
  log(`\n== ${name} ==`);
  await (await load()).bench(log);
}
