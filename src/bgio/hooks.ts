/**
 * Module hooks (node:module register) for boardgame.io game files. boardgame.io publishes its
 * entry points as folders (`boardgame.io/core` is a folder whose package.json names the file),
 * which Node's ES module resolver refuses (ERR_UNSUPPORTED_DIR_IMPORT): such an import is resolved
 * as `require` would resolve it, so `import { INVALID_MOVE } from 'boardgame.io/core'` runs as
 * written. The listed game files are loaded as ES modules whatever the nearest package.json says.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const forced = new Set<string>();

export function initialize(data: { urls: readonly string[] }): void {
  for (const u of data.urls) forced.add(u);
}

type ResolveContext = { parentURL?: string };
type Resolved = { url: string; format?: string | null; shortCircuit?: boolean };
type NextResolve = (specifier: string, context: ResolveContext) => Promise<Resolved>;
type LoadContext = { format?: string | null };
type NextLoad = (url: string, context: LoadContext) => Promise<unknown>;

export async function resolve(specifier: string, context: ResolveContext, nextResolve: NextResolve): Promise<Resolved> {
  try {
    return await nextResolve(specifier, context);
  } catch (e) {
    if ((e as { code?: string })?.code !== 'ERR_UNSUPPORTED_DIR_IMPORT' || !context.parentURL?.startsWith('file:')) throw e;
    const file = createRequire(context.parentURL).resolve(specifier);
    return { url: pathToFileURL(file).href, shortCircuit: true };
  }
}

export async function load(url: string, context: LoadContext, nextLoad: NextLoad): Promise<unknown> {
  return nextLoad(url, forced.has(url) ? { ...context, format: 'module' } : context);
}
