/** The `oddsmith weilong …` command group. */
import type { Command } from 'commander';
import { addAssumptionsCommand, addRulesOptions, addSimOptions, emit, intArg, questionContext, rulesFromOptions, runAndPrint, type RulesOptions, type SimOptions } from '../../cli/common.js';
import { splitList } from '../../core/parse.js';
import { parseSon, SON_SHORT, validateRules, type WeilongRules } from './rules.js';
import { gamesKernel, type GamesParams } from './kernels.js';
import { checkCollected, parseCollected } from './exact.js';
import { odds } from './questions.js';
import { END_ELEMENT, WeilongGame } from './engine.js';
import { getStrategy, parsePlayers, parseStrategies, STRATEGY_NAMES } from './strategies/index.js';
import { checkAssumptions } from './assumptions.js';
import { printDefaultPlayerNote, type LadderDefault } from '../../core/default-player.js';

/** Who plays every seat of `simulate` (and its ability worth) unless --strategies says: the ladder's strongest. */
export const GAMES_DEFAULT: LadderDefault = { game: 'weilong', spec: 'adaptive', elo: 1190, low: 1103, high: 1296 };

const GAME = 'weilong';

function rulesFrom(opts: RulesOptions): WeilongRules {
  return rulesFromOptions(GAME, opts, validateRules);
}

export function register(program: Command): void {
  const weilong = program.command('weilong').description('Weilong: whole-game simulation with the Sons\' abilities, ability worth, exact single-turn odds');

  addSimOptions(
    addRulesOptions(
      weilong
        .command('simulate')
        .description('play whole games (5 rounds) at a table of strategies, seats rotated game by game; win rate and points by strategy, seat and Son; round length and endings; each ability\'s worth by common random numbers')
        .option('--players <p>', 'players at the table, 2..5 (default: the number of strategies given, or 4)')
        .option('--strategies <list>', `comma-separated strategy per player (seats rotate game by game), or one for all (${STRATEGY_NAMES.join(', ')}; default: ${GAMES_DEFAULT.spec}, the ladder's strongest)`)
        .requiredOption('--games <n>', 'games to play', intArg('--games', 1, 1e10))
        .option('--no-ability-worth', 'skip the replays with each ability switched off (6× faster)')
        .option('--no-rotate', 'keep strategies in fixed seats (default: rotate seats game by game)'),
      GAME,
    ),
    { shardCount: 32 },
  )
    .addHelpText('after', '\nExamples:\n  npx oddsmith weilong simulate --players 4 --strategies adaptive,element,dragon,noability \\\n    --games 20000 --seed 1 --workers 2\n  npx oddsmith weilong simulate --players 5 --strategies adaptive --games 10000 \\\n    --set penalty.5=3 --json\n\nSons are numbered 1..5 everywhere: --set penalty.1 is the First Son\'s card, penalty.5 the Fifth\'s.')
    .action(async (opts: SimOptions & RulesOptions & { players?: string; strategies?: string; games: number; abilityWorth: boolean; rotate: boolean }) => {
      const list = splitList(opts.strategies ?? GAMES_DEFAULT.spec, '--strategies');
      const players = opts.players !== undefined ? parsePlayers(opts.players) : list.length > 1 ? parsePlayers(String(list.length)) : 4;
      const params: GamesParams = { rules: rulesFrom(opts), strategies: parseStrategies(list, players), rotate: opts.rotate, abilityWorth: opts.abilityWorth };
      printDefaultPlayerNote(GAMES_DEFAULT, opts.strategies === undefined, opts);
      // through the kernel's finish: `oddsmith merge` of its parts prints the same
      await runAndPrint(gamesKernel, params, opts.games, opts);
    });

  const oddsCommand = weilong
    .command('odds')
    .description('exact single-turn odds from a Collected set: five-of-element or Dragon this turn, dice collected, turn ending at once (Markov chain under a strategy)')
    .option('--son <k>', 'Son 1..5 (first..fifth); default: all five')
    .option('--collected <faces>', 'Collected dice at the start of the turn, e.g. 1,1 (default none)', '')
    .option('--supply <n>', 'dice in the Supply (must be 5 minus the Collected dice; checked)')
    .option('--strategy <name>', `whose decisions (${STRATEGY_NAMES.join(', ')})`, 'adaptive')
    .option('--no-ability', 'switch the Son\'s ability off')
    .option('--simulate <n>', 'also simulate n turns a Son (on the shard pool, like every simulation) and show how far the estimate is from the exact value (in standard errors)', intArg('--simulate', 1, 1e9));
  addRulesOptions(oddsCommand, GAME);
  addSimOptions(oddsCommand, { shardCount: 16, runsWhole: 'runs one simulation per Son' })
    .addHelpText('after', '\nExamples:\n  npx oddsmith weilong odds --son 1 --collected 1,1\n  npx oddsmith weilong odds --collected 3,4 --strategy dragon --csv\n  npx oddsmith weilong odds --son 5 --collected 5 --supply 4 --simulate 200000 --json')
    .action(async (opts: SimOptions & RulesOptions & { son?: string; collected: string; supply?: string; strategy: string; ability: boolean; simulate?: number }) => {
      const rules = rulesFrom(opts);
      getStrategy(opts.strategy);
      const counts = parseCollected(opts.collected);
      const supply = opts.supply !== undefined ? intArg('--supply', 0, 5)(opts.supply) : undefined;
      const sons = opts.son !== undefined ? [parseSon(opts.son)] : [1, 2, 3, 4, 5];
      if (opts.son !== undefined) checkCollected(sons[0], counts, supply);
      else {
        checkCollected(1, counts.map((x, i) => (i === 1 ? 0 : x)), supply); // size and supply
        if (counts[1] === 1 && counts[2] === 1 && counts[3] === 1 && counts[4] === 1 && counts[5] === 1) checkCollected(1, counts);
      }
      const params = { rules, sons: sons.filter((k) => opts.son !== undefined || counts[k] < 5), collected: counts, strategy: opts.strategy, ability: opts.ability, simulate: opts.simulate ?? 0, seed: opts.seed, shardCount: opts.shardCount };
      const results = await odds.answer(params, questionContext(opts));
      emit(opts.son !== undefined ? results[0] : results, opts, () => odds.text(results, params), () => odds.rows!(results, params));
    });

  const play = weilong
    .command('play')
    .description('play one game with a trace of every roll, decision and ability (for reading the rules engine at work)')
    .option('--players <p>', 'players, 2..5 (default: the number of strategies, or 4)')
    .option('--strategies <list>', `comma-separated strategy per seat, or one for all (${STRATEGY_NAMES.join(', ')})`, 'adaptive')
    .option('--seed <k>', 'game seed', '1')
    .option('--rounds <n>', 'only show the first n rounds');
  addRulesOptions(play, GAME)
    .option('--json', 'print as JSON (trace lines, scores, winner)')
    .addHelpText('after', '\nExample:\n  npx oddsmith weilong play --players 3 --strategies adaptive,element,dragon --seed 7')
    .action((opts: RulesOptions & { players?: string; strategies: string; seed: string; rounds?: string; json?: boolean }) => {
      const rules = rulesFrom(opts);
      const list = splitList(opts.strategies, '--strategies');
      const players = opts.players !== undefined ? parsePlayers(opts.players) : list.length > 1 ? parsePlayers(String(list.length)) : 4;
      const names = parseStrategies(list, players);
      const seed = intArg('--seed', 0)(opts.seed);
      const maxRounds = opts.rounds !== undefined ? intArg('--rounds', 1, rules.rounds)(opts.rounds) : rules.rounds;
      const g = new WeilongGame(rules);
      g.setPlayers(names.map(getStrategy));
      const trace: string[] = [];
      const rounds: { round: number; winner: string; points: number[]; totals: number[]; turns: number }[] = [];
      g.trace = trace;
      const sonOf = (p: number) => SON_SHORT[g.cardOf[p]];
      let before = 0;
      g.onRoundStart = (round: number) => {
        if (round < maxRounds) trace.push(`— round ${round + 1}: ${names.map((n, p) => `player ${p + 1} (${n}) ${sonOf(p)} Son`).join(', ')}`);
        before = trace.length;
      };
      g.onRoundEnd = () => {
        const round = g.round;
        if (round >= maxRounds) trace.length = before;
        const w = g.winnerCard >= 0 ? `player ${g.holder[g.winnerCard] + 1} (${sonOf(g.holder[g.winnerCard])} Son, ${g.endKind === END_ELEMENT ? 'five of the element' : 'Dragon'})` : 'nobody (stalled)';
        rounds.push({ round: round + 1, winner: w, points: Array.from(g.roundPoints.slice(0, players)), totals: Array.from(g.score.slice(0, players)), turns: g.roundTurns });
        if (round < maxRounds) trace.push(`  round ${round + 1} won by ${w} after ${g.roundTurns} turns; points ${rounds[round].points.join(', ')}; totals ${rounds[round].totals.join(', ')}`);
      };
      g.playGame(seed, 0x5eed);
      const winners = names.map((_, p) => p).filter((p) => g.winShare[p] > 0);
      const result = { seed, players, strategies: names, trace, rounds, totals: Array.from(g.score.slice(0, players)), winners: winners.map((p) => p + 1) };
      emit(result, opts, () => [...trace, '', `final totals: ${result.totals.join(', ')}; winner: player ${result.winners.join(' and ')}`].join('\n'));
    });

  addAssumptionsCommand(weilong, {
    description: 'every assumed rule (the rulebook leaves it open), its default and alternatives, and the headline findings re-measured at each alternative (95% intervals)',
    size: { flag: '--games', help: 'games per table per rule set', min: 100, max: 1e7, default: 2000 },
    only: true,
    rules: GAME,
    examples: ['', '--games 500 --csv'],
    checkAssumptions: (o) => checkAssumptions({ rules: rulesFrom(o), games: o.size, seed: o.seed, workers: o.workers, only: o.only }),
  });
}

