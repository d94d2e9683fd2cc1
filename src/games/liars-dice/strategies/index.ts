/**
 * Every Liar's Dice strategy by name: the game's one strategy registry (src/play/strategy-registry.ts). Specs are `name` or
 * `name:k=v,k=v` (the older `name:k=v:k=v` form is accepted too); labels keep the colon form.
 */
import { UserError } from '../../../core/errors.js';
import { splitSpecList } from '../../../core/spec.js';
import { StrategyRegistry } from '../../../play/strategy-registry.js';
import type { RegisteredLiarsStrategy, Strategy, StrategyContext, StrategyModule } from '../strategy.js';
import * as bluffer from './bluffer.js';
import * as conservative from './conservative.js';
import * as equilibrium from './equilibrium.js';
import * as random from './random.js';
import * as threshold from './threshold.js';

function entry(m: StrategyModule): RegisteredLiarsStrategy {
  const ps = Object.keys(m.info.params).map((k) => `${k}=…`).join(',');
  const file = m.info.file ? ` (or ${m.info.name}:file=PATH: ${m.info.file})` : '';
  return { name: m.info.name, usage: `${m.info.name}${ps ? `[:${ps}]` : ''}${file} — ${m.info.description}`, params: m.info.params, info: m.info, create: m.create };
}

export const STRATEGIES = new StrategyRegistry<RegisteredLiarsStrategy>('liars-dice', [threshold, conservative, bluffer, random, equilibrium].map(entry));

/** A strategy as data (crosses into worker threads): its name and numeric parameters, or a file it reads. */
export interface StrategySpec {
  name: string;
  params: Record<string, number>;
  /** `name:file=PATH`: a strategy read from a file (equilibrium) */
  file?: string;
}

/** The label printed in outputs: "threshold:callBelow=0.3:edge=0". */
export function specLabel(s: StrategySpec): string {
  if (s.file !== undefined) return `${s.name}:file=${s.file}`;
  const ps = Object.entries(s.params).map(([k, v]) => `${k}=${v}`);
  return [s.name, ...ps].join(':');
}

/** `name:file=PATH`: the path is the rest of the text (it may hold `:` and `=`, not `,` in a list). */
const FILE_SPEC = /^([A-Za-z]\w*):\s*file=(.*)$/;

/** "threshold:callBelow=0.3,edge=0" (or "…:callBelow=0.3:edge=0") → {name, params}; the name must exist and the params be numbers. */
export function parseStrategySpec(text: string): StrategySpec {
  const t = text.trim();
  const file = FILE_SPEC.exec(t);
  if (file) {
    if (!STRATEGIES.get(file[1]).info.file) throw new UserError(`strategy ${file[1]}: reads no file (file= is for ${STRATEGIES.all.filter((m) => m.info.file).map((m) => m.info.name).join(', ')})`);
    if (file[2].trim() === '') throw new UserError(`strategy ${file[1]}: file= needs a path`);
    return { name: file[1], params: {}, file: file[2].trim() };
  }
  // the name, then the parameters against the declared ones, here, before any worker starts; the spec keeps the given ones
  const { spec } = STRATEGIES.resolve(t);
  return { name: spec.name, params: spec.params };
}

/**
 * A comma-separated list of specs, one per seat: "threshold:callBelow=0.3,edge=0,random". A piece
 * with `=` and no `:` is one more parameter of the spec before it.
 */
export function parseStrategyList(text: string, what = '--strategies'): StrategySpec[] {
  return splitSpecList(text, what).map(parseStrategySpec);
}

export function createStrategy(spec: StrategySpec, ctx: StrategyContext): Strategy {
  return STRATEGIES.create(spec, ctx, spec.file);
}
