/**
 * Module hooks (node:module register) that load the listed game modules as ES modules whatever
 * the nearest package.json says: `npm init -y` writes "type": "commonjs", and a designer's
 * `my-game/index.js` with `import … from 'oddsmith'` should run as written.
 */
const forced = new Set<string>();

export function initialize(data: { urls: readonly string[] }): void {
  for (const u of data.urls) forced.add(u);
}

type LoadContext = { format?: string | null };
type NextLoad = (url: string, context: LoadContext) => Promise<unknown>;

export async function load(url: string, context: LoadContext, nextLoad: NextLoad): Promise<unknown> {
  return nextLoad(url, forced.has(url) ? { ...context, format: 'module' } : context);
}
