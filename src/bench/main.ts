// `npm run bench [-- name…]`: each game's figures and ratios, printed, never asserted.
import { availableParallelism, cpus } from 'node:os';
import { GAMES } from '../games/index.js';

const wanted = process.argv.slice(2);
const log = (line: string) => process.stdout.write(line + '\n');
log(`oddsmith bench · node ${process.version} · ${availableParallelism()} cores (${cpus()[0]?.model ?? '?'})`);
// benches of the tools written once over the game interface, after the games' own
const TOOLS: [string, () => Promise<(log: (line: string) => void) => Promise<void>>][] = [
  ['search', async () => (await import('./search.js')).bench],
  ['ladder', async () => (await import('./ladder.js')).bench],
  ['bgio', async () => (await import('./bgio.js')).bench],
];
for (const [name, load] of [...GAMES.flatMap((g) => Object.entries(g.benches)), ...TOOLS]) {
  if (wanted.length && !wanted.includes(name)) continue;
  log(`\n== ${name} ==`);
  await (await load())(log);
}
