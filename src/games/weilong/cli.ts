/** The `oddsmith weilong …` command group. */
import type { Command } from 'commander';
import { addAssumptionsCommand, addRulesOptions, addSimOptions, emit, intArg, rulesFromOptions, runAndPrint, textTable, type RulesOptions, type SimOptions } from '../../cli/common.js';
import type { Row } from '../../core/format.js';
import { Rng } from '../../core/rng.js';
import { parseSon, SON_SHORT, validateRules, type WeilongRules } from './rules.js';
import { gamesKernel, simulateTurns, TURN, type GamesParams } from './kernels.js';
import { checkCollected, parseCollected, turnOdds, type TurnOdds } from './exact.js';
import { END_ELEMENT, WeilongGame } from './engine.js';
import { getStrategy, parsePlayers, parseStrategies, STRATEGY_NAMES } from '../../../strategies/weilong/index.js';
import { checkAssumptions } from './assumptions.js';

const GAME = 'weilong';

const f = (x: number, d = 3) => (Number.isFinite(x) ? x.toFixed(d) : '-');

function rulesFrom(opts: RulesOptions): WeilongRules {
  return rulesFromOptions(GAME, opts, validateRules);
}

function oddsRow(o: TurnOdds): Row {
  return {
    son: o.son,
    name: o.name,
    collected: o.collected.join(',') || 'none',
    supply: o.supply,
    strategy: o.strategy,
    ability: o.ability,
    pElement: o.pElement,
    pDragon: o.pDragon,
    pFinish: o.pFinish,
    expectedCollected: o.expectedCollected,
    pEndAtOnce: o.pEndAtOnce,
    expectedRolls: o.expectedRolls,
  };
}

export function register(program: Command): void {
  const weilong = program.command('weilong').description('Weilong: whole-game simulation with the Sons\' abilities, ability worth, exact single-turn odds');

  addSimOptions(
    addRulesOptions(
      weilong
        .command('simulate')
        .description('play whole games (5 rounds) at a table of strategies, seats rotated game by game; win rate and points by strategy, seat and Son; round length and endings; each ability\'s worth by common random numbers')
        .option('--players <p>', 'players at the table, 2..5 (default: the number of strategies given, or 4)')
        .option('--strategies <list>', `comma-separated strategy per player (seats rotate game by game), or one for all (${STRATEGY_NAMES.join(', ')})`, 'adaptive')
        .requiredOption('--games <n>', 'games to play', intArg('--games', 1, 1e10))
        .option('--no-ability-worth', 'skip the replays with each ability switched off (6× faster)')
        .option('--no-rotate', 'keep strategies in fixed seats (default: rotate seats game by game)'),
      GAME,
    ),
    { shardCount: 32 },
  )
    .addHelpText('after', '\nExamples:\n  npx oddsmith weilong simulate --players 4 --strategies adaptive,element,dragon,noability \\\n    --games 20000 --seed 1 --workers 2\n  npx oddsmith weilong simulate --players 5 --strategies adaptive --games 10000 \\\n    --set penalty.5=3 --json\n\nSons are numbered 1..5 everywhere: --set penalty.1 is the First Son\'s card, penalty.5 the Fifth\'s.')
    .action(async (opts: SimOptions & RulesOptions & { players?: string; strategies: string; games: number; abilityWorth: boolean; rotate: boolean }) => {
      const list = opts.strategies.split(',').map((s) => s.trim());
      const players = opts.players !== undefined ? parsePlayers(opts.players) : list.length > 1 ? parsePlayers(String(list.length)) : 4;
      const params: GamesParams = { rules: rulesFrom(opts), strategies: parseStrategies(list, players), rotate: opts.rotate, abilityWorth: opts.abilityWorth };
      // through the kernel's finish: `oddsmith merge` of its parts prints the same
      await runAndPrint(gamesKernel, params, opts.games, opts);
    });

  const odds = weilong
    .command('odds')
    .description('exact single-turn odds from a Collected set: five-of-element or Dragon this turn, dice collected, turn ending at once (Markov chain under a strategy)')
    .option('--son <k>', 'Son 1..5 (first..fifth); default: all five')
    .option('--collected <faces>', 'Collected dice at the start of the turn, e.g. 1,1 (default none)', '')
    .option('--supply <n>', 'dice in the Supply (must be 5 minus the Collected dice; checked)')
    .option('--strategy <name>', `whose decisions (${STRATEGY_NAMES.join(', ')})`, 'adaptive')
    .option('--no-ability', 'switch the Son\'s ability off')
    .option('--simulate <n>', 'also simulate n turns and show how far the estimate is from the exact value (in standard errors)')
    .option('--seed <k>', 'seed for --simulate', '1');
  addRulesOptions(odds, GAME)
    .option('--json', 'print as JSON')
    .option('--csv', 'print the table as CSV')
    .addHelpText('after', '\nExamples:\n  npx oddsmith weilong odds --son 1 --collected 1,1\n  npx oddsmith weilong odds --collected 3,4 --strategy dragon --csv\n  npx oddsmith weilong odds --son 5 --collected 5 --supply 4 --simulate 200000 --json')
    .action((opts: RulesOptions & { son?: string; collected: string; supply?: string; strategy: string; ability: boolean; simulate?: string; seed: string; json?: boolean; csv?: boolean }) => {
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
      const simN = opts.simulate !== undefined ? intArg('--simulate', 1, 1e9)(opts.simulate) : 0;
      const seed = intArg('--seed', 0)(opts.seed);
      const results = sons
        .filter((k) => opts.son !== undefined || counts[k] < 5)
        .map((k) => {
          const o = turnOdds(rules, k, counts, opts.strategy, opts.ability);
          if (!simN) return o;
          const acc = new Float64Array(TURN.length), T = TURN.offset;
          simulateTurns({ rules, son: k, strategy: opts.strategy, collected: counts, ability: opts.ability }, new Rng(seed), simN, acc);
          const n = acc[T.trials];
          const z = (k2: number, exact: number) => (k2 / n - exact) / Math.sqrt(Math.max(exact * (1 - exact), 1e-300) / n);
          const mean = acc[T.collected] / n, sd = Math.sqrt(Math.max(0, (acc[T.collected2] - n * mean * mean) / (n - 1)));
          return {
            ...o,
            simulated: {
              turns: n,
              pElement: acc[T.element] / n,
              pDragon: acc[T.dragon] / n,
              expectedCollected: mean,
              pEndAtOnce: acc[T.endAtOnce] / n,
              zElement: z(acc[T.element], o.pElement),
              zDragon: z(acc[T.dragon], o.pDragon),
              zCollected: (mean - o.expectedCollected) / (sd / Math.sqrt(n)),
              zEndAtOnce: z(acc[T.endAtOnce], o.pEndAtOnce),
            },
          };
        });
      const out = opts.son !== undefined ? results[0] : results;
      emit(out, opts, () => {
        const lines = [`one turn from Collected ${results[0].collected.join(',') || 'none'} (Supply ${results[0].supply}), strategy ${opts.strategy}, ability ${opts.ability ? 'on' : 'off'} — exact:`];
        lines.push(textTable(results.map((o) => ({
          Son: o.name,
          'five-of-element': f(o.pElement, 6),
          Dragon: f(o.pDragon, 6),
          finish: f(o.pFinish, 6),
          'dice collected': f(o.expectedCollected, 4),
          'ends at once': f(o.pEndAtOnce, 6),
          rolls: f(o.expectedRolls, 4),
        }))));
        if (simN) {
          lines.push('', `simulated ${simN} turns (seed ${seed}); estimates, each followed by (z) = (estimate − exact) / standard error:`);
          lines.push(textTable(results.map((o) => {
            const s = (o as TurnOdds & { simulated: Record<string, number> }).simulated;
            return { Son: o.name, 'five-of-element': f(s.pElement, 6), '(z)': f(s.zElement, 2), Dragon: f(s.pDragon, 6), '(z) ': f(s.zDragon, 2), 'dice collected': f(s.expectedCollected, 4), ' (z)': f(s.zCollected, 2), 'ends at once': f(s.pEndAtOnce, 6), ' (z) ': f(s.zEndAtOnce, 2) };
          })));
        }
        lines.push('', 'Solo turn: abilities acting on other players (Second/Fourth Son on an opponent, the Fifth Son\'s trade) have no one to act on.');
        return lines.join('\n');
      }, () => results.map(oddsRow));
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
      const list = opts.strategies.split(',').map((s) => s.trim());
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
      const origRound = g.playRound.bind(g);
      g.playRound = (round: number) => {
        if (round < maxRounds) trace.push(`— round ${round + 1}: ${names.map((n, p) => `player ${p + 1} (${n}) ${sonOf(p)} Son`).join(', ')}`);
        const before = trace.length;
        origRound(round);
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

