import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { stateGame as liars } from '../src/games/liars-dice/state.js';
import { rulesForVariant } from '../src/games/liars-dice/exact-play.js';
import type { StateGame } from '../src/games/state.js';
import { checkRungs, playLadder, summarizeLadder, type LadderParams } from '../src/play/ladder.js';
import { matrixRows, pairedCell } from '../src/play/ladder-text.js';
import { expectUserError, runCli } from './helpers/cli.js';

const L = liars as StateGame<never>;

describe('ladder text never prints a small sample as certain', () => {
  it('a matchup every deal of which went one way: Wilson\'s interval, not ±0.0', () => {
    // the uniform player against a sound bot on a few deals: it loses them all
    const p: LadderParams = { game: 'liars-dice', rules: rulesForVariant('seed', 1, 6), rungs: ['uniform', 'threshold'], players: 2, replicates: 20 };
    const r = summarizeLadder(L, p, playLadder(L, p, new Rng(1), 10));
    const cell = r.matrix[1][0]!;
    // the deals decided the pair one way or nearly: a plain interval over deals would be (almost) empty
    expect(cell.ci95[1] - cell.ci95[0]).toBeGreaterThan(0.2);
    for (const row of matrixRows(r)) for (const [k, v] of Object.entries(row)) if (k.startsWith('vs ')) expect(String(v)).not.toMatch(/±0\.0$/);
  });

  it('a paired rate measured on identical deals keeps a width; "n/a" and "none" say different things', () => {
    const f = { name: 'f', kind: 'rate' as const, about: 'a', unit: 'pp', byRung: [
      { estimate: 0, se: 0, ci95: [0, 0] as [number, number], weight: 20, measured: true },
      { estimate: NaN, se: NaN, ci95: [NaN, NaN] as [number, number], weight: 0, measured: false },
      { estimate: NaN, se: NaN, ci95: [NaN, NaN] as [number, number], weight: 0, measured: true },
    ] };
    // as summarizeLadder leaves a rate's cell: at least Wilson's reach over the weight (0 of 20: 16.1 points)
    const wide = { ...f, byRung: [{ ...f.byRung[0], ci95: [-0.161, 0.161] as [number, number] }, f.byRung[1], f.byRung[2]] };
    expect(pairedCell(wide, 0)).toBe('+0.0 ±16.1');
    expect(pairedCell(f, 1)).toBe('n/a');
    expect(pairedCell(f, 2)).toBe('none');
    expect(pairedCell({ ...f, counts: 'calls' }, 2)).toBe('none (0 calls)');
  });
});

describe('refused before any work', () => {
  it('duplicate rungs, in the checker and on the command line of every game with a ladder', () => {
    expect(() => checkRungs(['uniform', 'threshold', ' uniform'], '--players')).toThrow(/--players: "uniform" is given twice \(rungs 0 and 2\)/);
    expect(() => checkRungs(['uniform', 'threshold'], '--players')).not.toThrow();
    expectUserError(runCli(['liars', 'ladder', '--players', 'uniform,uniform', '--deals', '2']), /--players: "uniform" is given twice/);
    expectUserError(runCli(['wulong', 'ladder', '--players', 'kelly,naive,kelly', '--deals', '2']), /--players: "kelly" is given twice \(rungs 0 and 2\)/);
  });

  it('a race tolerance below what float64 win chances can show', () => {
    expectUserError(runCli(['wulong', 'race', '--target', '2000', '--tolerance', '5e-324']), /--tolerance must be at least 1e-15 \(got 5e-324\)/);
    expectUserError(runCli(['wulong', 'race', '--target', '2000', '--tolerance', '1e-16']), /--tolerance must be at least 1e-15/);
  });
});
