/**
 * boardgame.io games as oddsmith games (`--game bgio:<path|package>`): a boardgame.io Game object
 * becomes a game definition (src/games/define.ts) whose GameState runs boardgame.io's own engine —
 * InitializeGame and the reducer of CreateGameReducer from `boardgame.io/internal`, so turns, phases,
 * stages, events and plugins are boardgame.io's, never re-implemented here.
 *
 * - Actions: the moves `ai.enumerate(G, ctx, playerID)` lists at a state, by index (converted to
 *   actions by boardgame.io's own Bot.enumerate). The seat to move is the current player, or the
 *   first active player in stages (as boardgame.io's bots and Simulate choose).
 * - Chance: a game starts at one chance event, which draws the seed of boardgame.io's PRNG from the
 *   deal's stream; every random.D6() / Shuffle() after it is boardgame.io's seeded PRNG. The same
 *   seed gives the same game, bit for bit, on any number of workers.
 * - Rules: the game's `oddsmith.rules.fields` are passed to setup as `setupData` (`--set`, sweeps);
 *   `validateSetupData` runs as the rules' check. Seats: minPlayers..maxPlayers (2..2 when unset).
 * - Hidden information: a search player searches determinizations: the PRNG reseeded (the future
 *   dice are unknown), and hidden state redrawn by the game's `oddsmith.determinize` hook where it
 *   declares one; a game with a playerView and no hook is searched with every card face up, and its
 *   summary and players say so.
 * - Players: besides uniform and ismcts, `bgio-mcts:iters=…` is boardgame.io's own MCTSBot.
 */
import { createRequire, register } from 'node:module';
import { fileURLToPath } from 'node:url';
import { isMainThread, workerData } from 'node:worker_threads';
import { UserError } from '../core/errors.js';
import { esmSyntaxInCommonJs } from '../core/paths.js';
import type { Rng } from '../core/rng.js';
import type { Field } from '../core/schema.js';
import { checkDefinition, GAME_ID, type GameDefinition, type PlayerDefinition } from '../games/define.js';
import { CHANCE, TERMINAL, type GameState, type StatePlayer } from '../games/state.js';

/** boardgame.io's state: G (the game's), ctx (the framework's), plugins' data. */
export interface BgioStateData {
  G: unknown;
  ctx: BgioCtx;
  plugins: Record<string, { data: unknown }>;
  transients?: { error?: { type: string } };
  [k: string]: unknown;
}
interface BgioCtx {
  numPlayers: number;
  turn: number;
  currentPlayer: string;
  phase: string | null;
  activePlayers: Record<string, string> | null;
  numMoves?: number;
  gameover?: unknown;
}
interface BgioAction {
  type: string;
  payload: { type: string; args?: unknown; playerID?: string };
}
type Enumerate = (G: unknown, ctx: BgioCtx, playerID: string) => unknown;
interface RandomApi {
  Number(): number;
  Shuffle<T>(deck: readonly T[]): T[];
  Die(sides?: number): number;
}
/** What a Game may declare for oddsmith (all optional). */
interface OddsmithPart {
  title?: string;
  summary?: string;
  rules?: { fields?: Record<string, Field>; presets?: Record<string, unknown> };
  /** a full G consistent with what `playerID` sees: redraw what it cannot see (G is a copy: change it or return a new one) */
  determinize?: (a: { G: unknown; ctx: BgioCtx; playerID: string; random: RandomApi }) => unknown;
  /** moves after which a game that has not ended is an error (default MAX_MOVES) */
  maxMoves?: number;
}
/** The parts of a boardgame.io Game the adapter reads. */
interface BgioGame {
  name?: unknown;
  moves?: unknown;
  setup?: unknown;
  minPlayers?: number;
  maxPlayers?: number;
  playerView?: (a: { G: unknown; ctx: BgioCtx; playerID: string | null }) => unknown;
  validateSetupData?: (setupData: unknown, numPlayers: number) => string | undefined;
  ai?: { enumerate?: Enumerate };
  oddsmith?: OddsmithPart;
  seed?: unknown;
  [k: string]: unknown;
}
/** The entry points of boardgame.io the adapter uses (from the copy the game file resolves). */
interface BgioModules {
  ProcessGameConfig(game: object): object;
  InitializeGame(a: { game: object; numPlayers: number; setupData?: unknown }): BgioStateData;
  CreateGameReducer(a: { game: object }): (state: BgioStateData, action: BgioAction) => BgioStateData;
  Bot: new (a: { enumerate: Enumerate; seed?: unknown }) => { enumerate(G: unknown, ctx: BgioCtx, playerID: string): BgioAction[] };
  RandomBot: new (a: { enumerate: Enumerate; seed?: unknown }) => { seed: unknown; prngstate?: unknown; random(n: number): number };
  MCTSBot: new (a: {
    game: object;
    enumerate: Enumerate;
    seed?: unknown;
    iterations: number;
    playoutDepth: number;
    iterationCallback?: (a: { metadata: MctsNode }) => void;
  }) => { seed: unknown; prngstate?: unknown; play(state: BgioStateData, playerID: string): Promise<unknown> };
}
interface MctsNode {
  children: { visits: number; parentAction: BgioAction }[];
}

/** A game that has not ended after this many moves is an error (a game may declare its own cap). */
export const MAX_MOVES = 10_000;

/** Everything a state of one game shares: boardgame.io's engine over the processed Game. */
export class BgioEngine {
  readonly hidden: boolean;
  readonly maxMoves: number;
  readonly reducer: (state: BgioStateData, action: BgioAction) => BgioStateData;
  private readonly toActions: (G: unknown, ctx: BgioCtx, playerID: string) => BgioAction[];

  constructor(
    readonly name: string,
    readonly source: BgioGame,
    /** the processed Game (undo off: it only copies states a search never returns to) */
    readonly game: object,
    readonly bgio: BgioModules,
  ) {
    captureConsoleError();
    this.hidden = typeof source.playerView === 'function';
    this.maxMoves = source.oddsmith?.maxMoves ?? MAX_MOVES;
    this.reducer = bgio.CreateGameReducer({ game });
    // boardgame.io's Bot turns the listed moves into actions (it is handed the list made here)
    let listed: unknown[] = [];
    const bot = new bgio.Bot({ enumerate: () => listed });
    const enumerate = source.ai!.enumerate!;
    this.toActions = (G, ctx, playerID) => {
      const got = enumerate(G, ctx, playerID);
      if (!Array.isArray(got)) throw new Error(`ai.enumerate returned ${got === null ? 'null' : typeof got}, not a list of { move, args }`);
      listed = got;
      const actions = bot.enumerate(G, ctx, playerID);
      const bad = actions.findIndex((a) => a === undefined);
      if (bad >= 0) throw new Error(`ai.enumerate listed ${JSON.stringify(listed[bad])}, not { move, args } or { event, args }`);
      return actions;
    };
  }

  /** The state of a new game from a seed of boardgame.io's PRNG. */
  initialize(seed: number, players: number, setupData: unknown): BgioStateData {
    return this.bgio.InitializeGame({ game: { ...this.game, seed }, numPlayers: players, ...(setupData === undefined ? {} : { setupData }) });
  }

  actions(s: BgioStateData, playerID: string): BgioAction[] {
    return this.toActions(s.G, s.ctx, playerID);
  }

  /** A determinized G for `playerID` (the game's hook), or G itself. */
  redraw(s: BgioStateData, playerID: string, rng: Rng): unknown {
    const hook = this.source.oddsmith?.determinize;
    if (!hook) return s.G;
    const G = structuredClone(s.G);
    const random: RandomApi = {
      Number: () => rng.nextFloat(),
      Shuffle: (deck) => {
        const out = [...deck];
        for (let i = out.length - 1; i > 0; i--) {
          const j = rng.below(i + 1);
          [out[i], out[j]] = [out[j], out[i]];
        }
        return out;
      },
      Die: (sides = 6) => 1 + rng.below(sides),
    };
    const got = hook({ G, ctx: s.ctx, playerID, random });
    return got === undefined ? G : got;
  }
}

/**
 * What boardgame.io says on console.error while the adapter applies a move (it says why it refused
 * one there): kept, not printed. console.error is wrapped once, when the first Game is adapted,
 * rather than swapped around every move (a property write on console costs a playout's speed).
 */
const capture = { on: false, said: '', installed: false };
function captureConsoleError(): void {
  if (capture.installed) return;
  capture.installed = true;
  const print = console.error;
  console.error = (...m: unknown[]) => {
    if (capture.on) capture.said = m.map(String).join(' ');
    else print.apply(console, m);
  };
}

/** The text of an action: `clickCell(4)`, `endTurn`. */
function actionName(a: BgioAction): string {
  const args = a.payload.args;
  const list = args === undefined ? [] : Array.isArray(args) ? args : [args];
  return list.length ? `${a.payload.type}(${list.map((x) => JSON.stringify(x)).join(', ')})` : a.payload.type;
}

/** The seed of boardgame.io's PRNG, drawn from one of our streams. */
const drawSeed = (rng: Rng): number => rng.below(0x40000000) * 4 + rng.below(4);

/** A boardgame.io game as a GameState: `s` is boardgame.io's state, null before the seed is drawn. */
export class BgioState implements GameState {
  private acts: BgioAction[] | null = null;

  constructor(
    readonly engine: BgioEngine,
    readonly players: number,
    readonly setupData: unknown,
    public s: BgioStateData | null = null,
    /** moves made so far (for the move cap) */
    public moves = 0,
  ) {}

  /** The player ID to move (boardgame.io's): the current player, or the first active player in stages. */
  playerID(): string {
    const ctx = this.s!.ctx;
    if (ctx.activePlayers) {
      for (const id in ctx.activePlayers) return id;
    }
    return ctx.currentPlayer;
  }

  currentPlayer(): number {
    if (this.s === null) return CHANCE;
    if (this.s.ctx.gameover !== undefined) return TERMINAL;
    return Number(this.playerID());
  }

  /** The actions `ai.enumerate` lists at this state (boardgame.io's action objects). */
  actions(): BgioAction[] {
    if (this.acts === null) {
      const acts = this.engine.actions(this.s!, this.playerID());
      if (acts.length === 0) throw new Error(`ai.enumerate listed no move for player ${this.playerID()} at turn ${this.s!.ctx.turn}, and the game is not over`);
      this.acts = acts;
    }
    return this.acts;
  }

  legalActions(out: Int32Array): number {
    const n = this.actions().length;
    for (let i = 0; i < n; i++) out[i] = i;
    return n;
  }

  applyAction(action: number): void {
    const a = this.actions()[action];
    if (a === undefined) throw new Error(`action ${action} is not one of the ${this.acts!.length} moves ai.enumerate listed`);
    if (this.moves >= this.engine.maxMoves) {
      throw new Error(`the game did not end within ${this.engine.maxMoves.toLocaleString('en-US')} moves (the move cap; a game may raise it with oddsmith.maxMoves)`);
    }
    // boardgame.io reports a refused move on console.error and in the state's transients: the
    // message is kept for our one line instead
    let next: BgioStateData;
    capture.on = true;
    capture.said = '';
    try {
      next = this.engine.reducer(this.s!, a);
    } finally {
      capture.on = false;
    }
    const said = capture.said;
    if (next.transients?.error) {
      throw new Error(`ai.enumerate offered an illegal move: ${actionName(a)} by player ${a.payload.playerID} at turn ${this.s!.ctx.turn} (boardgame.io: ${said.replace(/^ERROR: /, '') || next.transients.error.type})`);
    }
    this.s = next;
    this.acts = null;
    this.moves++;
  }

  applyChance(rng: Rng): void {
    this.s = this.engine.initialize(drawSeed(rng), this.players, this.setupData);
    this.acts = null;
  }

  isTerminal(): boolean {
    return this.s !== null && this.s.ctx.gameover !== undefined;
  }

  returns(out: Float64Array): void {
    const over = this.s!.ctx.gameover as { winner?: unknown; winners?: unknown; draw?: unknown } | null;
    out.fill(0);
    const seatOf = (id: unknown): number => {
      const seat = Number(id);
      if (!Number.isInteger(seat) || seat < 0 || seat >= this.players) throw new Error(`gameover names no player of the table: ${JSON.stringify(over)}`);
      return seat;
    };
    if (over !== null && typeof over === 'object' && 'winner' in over && over.winner !== undefined) out[seatOf(over.winner)] = 1;
    else if (over !== null && typeof over === 'object' && Array.isArray(over.winners) && over.winners.length) {
      for (const w of over.winners) out[seatOf(w)] = 1 / over.winners.length;
    } else if (over !== null && typeof over === 'object' && over.draw) out.fill(1 / this.players);
    else throw new Error(`endIf returned ${JSON.stringify(over)}: oddsmith reads { winner }, { winners: [...] } or { draw: true }`);
  }

  informationKey(seat: number): string {
    if (this.s === null) return '';
    const { G, ctx } = this.s;
    const view = this.engine.hidden ? this.engine.source.playerView!({ G, ctx, playerID: String(seat) }) : G;
    return JSON.stringify([view, ctx.turn, ctx.currentPlayer, ctx.phase, ctx.activePlayers, ctx.numMoves ?? 0]);
  }

  determinize(seat: number, rng: Rng): GameState {
    if (this.s === null) return this.clone();
    // the future of boardgame.io's PRNG is unknown to every seat: reseed it
    const random = this.s.plugins.random;
    const s = { ...this.s, G: this.engine.redraw(this.s, String(seat), rng), plugins: { ...this.s.plugins, random: { ...random, data: { seed: drawSeed(rng) } } } };
    return new BgioState(this.engine, this.players, this.setupData, s, this.moves);
  }

  clone(): GameState {
    // boardgame.io's states are immutable: a copy shares them
    const c = new BgioState(this.engine, this.players, this.setupData, this.s, this.moves);
    c.acts = this.acts;
    return c;
  }

  actionText(action: number): string {
    const a = this.actions()[action];
    return a === undefined ? `action ${action}` : actionName(a);
  }

  toString(): string {
    if (this.s === null) return `${this.engine.name}: before the seed`;
    const { G, ctx } = this.s;
    const g = JSON.stringify(G);
    return `${this.engine.name}: turn ${ctx.turn}, player ${this.playerID()}${ctx.phase ? `, phase ${ctx.phase}` : ''}, G ${g.length > 200 ? `${g.slice(0, 200)}…` : g}`;
  }
}

/** boardgame.io's RandomBot at a seat: its own seeded choice, seeded from our stream. */
function randomPlayer(engine: BgioEngine): StatePlayer {
  const bot = new engine.bgio.RandomBot({ enumerate: engine.source.ai!.enumerate!, seed: 1 });
  return {
    act(state: GameState, rng: Rng): number {
      const n = (state as BgioState).actions().length;
      bot.seed = drawSeed(rng);
      bot.prngstate = undefined;
      return bot.random(n);
    },
  };
}

/** boardgame.io's MCTSBot at a seat: it searches a determinization (the PRNG reseeded; hidden state redrawn where the game says how). */
function mctsPlayer(engine: BgioEngine, iterations: number, playoutDepth: number): StatePlayer {
  let root: MctsNode | null = null;
  const bot = new engine.bgio.MCTSBot({
    game: engine.game,
    enumerate: engine.source.ai!.enumerate!,
    seed: 1,
    iterations,
    playoutDepth,
    iterationCallback: ({ metadata }) => {
      root = metadata;
    },
  });
  return {
    act(state: GameState, rng: Rng): number {
      const st = state as BgioState;
      const acts = st.actions();
      if (acts.length === 1) return 0;
      const seen = st.determinize(st.currentPlayer(), rng) as BgioState;
      bot.seed = drawSeed(rng);
      bot.prngstate = undefined;
      root = null;
      // MCTSBot runs its iterations synchronously when not in async mode; its choice is the most visited child
      void bot.play(seen.s!, st.playerID());
      let best: MctsNode['children'][number] | null = null;
      for (const child of (root as MctsNode | null)?.children ?? []) if (best === null || child.visits > best.visits) best = child;
      if (best === null) return rng.below(acts.length);
      const want = JSON.stringify([best.parentAction.type, best.parentAction.payload.type, best.parentAction.payload.args]);
      const i = acts.findIndex((a) => JSON.stringify([a.type, a.payload.type, a.payload.args]) === want);
      if (i < 0) throw new Error(`MCTSBot chose ${actionName(best.parentAction)}, which ai.enumerate does not list here`);
      return i;
    },
  };
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
/** An object that reads as a boardgame.io Game (moves, setup, turn or phases). */
const isGameLike = (x: unknown): x is BgioGame => isObject(x) && (isObject(x.moves) || typeof x.setup === 'function' || isObject(x.phases) || isObject(x.turn));

/** The Game a module exports: its default export, its `game` export, or its only Game-like export. */
export function gameOfModule(module: Record<string, unknown>, name: string): BgioGame {
  const def = module.default;
  for (const c of [def, module.game, isObject(def) ? def.default : undefined, isObject(def) ? def.game : undefined]) if (isGameLike(c)) return c;
  const found = new Map<string, BgioGame>();
  for (const source of [module, isObject(def) ? def : {}]) for (const [k, v] of Object.entries(source)) if (k !== 'default' && isGameLike(v)) found.set(k, v);
  if (found.size === 1) return [...found.values()][0];
  if (found.size > 1) throw new UserError(`boardgame.io module ${name} exports several Games (${[...found.keys()].join(', ')}): export the one to analyze as default`);
  const what = def === undefined ? 'has no default export' : `exports ${Array.isArray(def) ? 'an array' : def === null ? 'null' : typeof def} as default`;
  throw new UserError(`boardgame.io module ${name} ${what}, and no boardgame.io Game (an object with moves): export the Game as default`);
}

/** boardgame.io's entry points, from the copy the game file resolves (else ours). */
function boardgameIo(file: string): BgioModules {
  for (const from of [file, fileURLToPath(import.meta.url)]) {
    const require = createRequire(from);
    try {
      const internal = require('boardgame.io/internal') as Pick<BgioModules, 'ProcessGameConfig' | 'InitializeGame' | 'CreateGameReducer'>;
      const ai = require('boardgame.io/ai') as Pick<BgioModules, 'Bot' | 'RandomBot' | 'MCTSBot'>;
      return { ProcessGameConfig: internal.ProcessGameConfig, InitializeGame: internal.InitializeGame, CreateGameReducer: internal.CreateGameReducer, Bot: ai.Bot, RandomBot: ai.RandomBot, MCTSBot: ai.MCTSBot };
    } catch {
      // not installed there: try the next
    }
  }
  throw new UserError('boardgame.io is not installed: npm install boardgame.io');
}

/** The definition of a boardgame.io Game: the Game's own name is its id (the command group). */
export function definitionOf(source: BgioGame, bgio: BgioModules, name: string): GameDefinition<never> {
  const fail = (m: string): never => {
    throw new UserError(`boardgame.io module ${name}: ${m}`);
  };
  if (!isGameLike(source)) fail('not a boardgame.io Game (an object with moves)');
  if (typeof source.name !== 'string' || !GAME_ID.test(source.name)) {
    fail(`the Game's name is its command (oddsmith <name> …): it must match ${GAME_ID} (got ${JSON.stringify(source.name)}; add name: 'my-game')`);
  }
  const id = source.name as string;
  if (typeof source.ai?.enumerate !== 'function') fail(`the Game ${id} has no ai.enumerate: oddsmith plays the moves it lists (ai: { enumerate: (G, ctx, playerID) => [{ move, args }] })`);
  const part: OddsmithPart = source.oddsmith ?? {};
  if (typeof part !== 'object' || part === null || Array.isArray(part)) fail('oddsmith must be an object ({ title, rules, determinize, maxMoves })');
  for (const k of Object.keys(part)) if (!['title', 'summary', 'rules', 'determinize', 'maxMoves'].includes(k)) fail(`oddsmith: unknown part ${JSON.stringify(k)} (parts: title, summary, rules, determinize, maxMoves)`);
  if (part.maxMoves !== undefined && !(Number.isInteger(part.maxMoves) && part.maxMoves > 0)) fail('oddsmith.maxMoves must be a positive integer');
  if (part.determinize !== undefined && typeof part.determinize !== 'function') fail('oddsmith.determinize must be a function ({ G, ctx, playerID, random }) => G');
  let game: object;
  try {
    // a copy: ProcessGameConfig fills in defaults on the object it is given
    game = bgio.ProcessGameConfig({ ...source, disableUndo: true });
  } catch (e) {
    return fail(`boardgame.io refuses the Game: ${String((e as Error)?.message ?? e).split('\n')[0]}`);
  }
  const engine = new BgioEngine(id, source, game, bgio);
  const fields = part.rules?.fields ?? {};
  const hasRules = Object.keys(fields).length > 0;
  const setupOf = (rules: unknown): unknown => (hasRules ? rules : undefined);
  const min = source.minPlayers ?? 2, max = source.maxPlayers ?? Math.max(min, 2);
  const seats = { min, max, default: Math.min(max, Math.max(min, 2)) };
  if (!(Number.isInteger(min) && Number.isInteger(max) && min >= 1 && max >= min)) fail(`minPlayers..maxPlayers must be whole numbers, min ≤ max (got ${min}..${max})`);
  const faceUp = engine.hidden && !part.determinize;
  const hiddenNote = engine.hidden ? (faceUp ? '; search players see every hidden card (no oddsmith.determinize)' : '; search players redraw hidden cards (oddsmith.determinize)') : '';
  const validate = source.validateSetupData;
  const players: Record<string, PlayerDefinition<never>> = {
    // first: the default of balance and the like (a search player there would be slow)
    'bgio-random': {
      summary: "boardgame.io's RandomBot: one of the moves ai.enumerate lists, uniformly",
      create: () => randomPlayer(engine),
    },
    'bgio-mcts': {
      summary: `boardgame.io's MCTSBot${faceUp ? ' (sees every hidden card)' : ''}`,
      params: {
        iters: { kind: 'integer', help: 'MCTS iterations per move', min: 1, max: 1_000_000, default: 200 },
        depth: { kind: 'integer', help: 'moves per playout before it counts as no result', min: 1, max: 100_000, default: 50 },
      },
      create: (_rules, params) => mctsPlayer(engine, params.iters as number, params.depth as number),
    },
  };
  const def: GameDefinition<never> = {
    id,
    title: part.title ?? id,
    summary: `${part.summary ?? `${part.title ?? id} (a boardgame.io game)`}${hiddenNote}`,
    rules: {
      fields,
      ...(part.rules?.presets ? { presets: part.rules.presets } : {}),
      ...(validate
        ? {
            check: (rules: never, where: string) => {
              const m = validate(setupOf(rules), seats.default);
              if (m) throw new Error(`${where}: ${m}`);
            },
          }
        : {}),
    },
    state: {
      seats: () => seats,
      newGame: (rules, P) => new BgioState(engine, P, setupOf(rules)),
    },
    players,
    findings: [
      {
        name: 'draws',
        kind: 'rate',
        measure: (state) => ((state as BgioState).s?.ctx.gameover as { draw?: unknown } | undefined)?.draw ? 1 : 0,
      },
    ],
    ladder: { rungs: ['uniform', 'bgio-mcts:iters=100', 'ismcts:iters=100'] },
  };
  if (faceUp && (isMainThread || (workerData as { oddsmithCli?: unknown } | null)?.oddsmithCli)) {
    // said once, where the command runs (not again in each worker thread)
    process.stderr.write(`note: ${id} hides information (playerView) but declares no oddsmith.determinize: search players see every hidden card\n`);
  }
  try {
    checkDefinition(def);
  } catch (e) {
    return fail(String((e as Error).message).replace(/^defineGame\([^)]*\): /, ''));
  }
  return def;
}

/**
 * Load `bgio:<module URL>` (the registry resolved the path): register the module hooks (folder
 * imports of boardgame.io; import/export syntax in a CommonJS package), import it, adapt its Game.
 */
export async function loadBoardgameIo(name: string, url: string): Promise<{ url: string; definition: GameDefinition<never> }> {
  const moduleUrl = url.slice('bgio:'.length);
  const file = fileURLToPath(moduleUrl);
  const esmSyntax = /\.js$/.test(file) && esmSyntaxInCommonJs(file);
  const here = import.meta.url;
  const hooks = here.endsWith('.ts') ? new URL('../../dist/src/bgio/hooks.js', here) : new URL('./hooks.js', here);
  register(hooks, { data: { urls: esmSyntax ? [moduleUrl] : [] } });
  let module: Record<string, unknown>;
  try {
    module = (await import(moduleUrl)) as Record<string, unknown>;
  } catch (e) {
    throw new UserError(`boardgame.io module ${name} does not load: ${(e as Error)?.name ?? 'Error'}: ${String((e as Error)?.message ?? e).split('\n')[0].slice(0, 300)}`);
  }
  return { url, definition: definitionOf(gameOfModule(module, name), boardgameIo(file), name) };
}
