import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { DEFAULT_RULES, loadRules } from '../src/games/liars-dice/rules.js';
import { STRATEGIES, parseStrategyList, parseStrategySpec, specLabel } from '../src/games/liars-dice/strategies/index.js';

const run = (...args: string[]) => spawnSync(process.execPath, ['dist/src/cli/main.js', 'liars', ...args], { encoding: 'utf8' });

describe("liars dice: one strategy spec syntax, rules by name with --set", () => {
  it('accepts name:k=v,k=v and the older name:k=v:k=v alike; labels keep the colon form', () => {
    const a = parseStrategySpec('threshold:callBelow=0.3,edge=0');
    const b = parseStrategySpec('threshold:callBelow=0.3:edge=0');
    expect(a).toEqual({ name: 'threshold', params: { callBelow: 0.3, edge: 0 } });
    expect(b).toEqual(a);
    expect(specLabel(a)).toBe('threshold:callBelow=0.3:edge=0');
    expect(parseStrategyList('threshold:callBelow=0.3,edge=0,random, conservative:callBelow=0.2').map(specLabel))
      .toEqual(['threshold:callBelow=0.3:edge=0', 'random', 'conservative:callBelow=0.2']);
    expect(() => parseStrategySpec('nobody:x=1')).toThrow(/unknown strategy "nobody"/);
    expect(() => parseStrategySpec('threshold:0.3')).toThrow(/strategy threshold: "0.3" must look like name=number \(parameters: callBelow, /);
    expect(STRATEGIES.names).toEqual(['threshold', 'conservative', 'bluffer', 'random', 'equilibrium']);
  });

  it('the two forms give the same tournament, bit for bit', () => {
    const a = run('tournament', '--strategies', 'threshold:callBelow=0.3,edge=0,random', '--rounds', '2000', '--seed', '4', '--workers', '1', '--json');
    const b = run('tournament', '--strategies', 'threshold:callBelow=0.3:edge=0,random', '--rounds', '2000', '--seed', '4', '--workers', '1', '--json');
    expect(a.status).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    expect(JSON.parse(a.stdout).seats[0].strategy).toBe('threshold:callBelow=0.3:edge=0');
  });

  it('loadRules takes a preset name or nothing, and --set overrides; DEFAULT_RULES is default.json', () => {
    expect(loadRules('default')).toEqual(DEFAULT_RULES);
    expect(loadRules(undefined, ['wildOnes=false', 'sides=8'])).toEqual({ ...DEFAULT_RULES, wildOnes: false, sides: 8 });
    expect(() => loadRules(undefined, ['sides=40'])).toThrow(/sides must be an integer in 2\.\.12/);
    expect(() => loadRules('no-such-preset')).toThrow(/cannot read rules file/);
  });

  it('--set reaches every rules-reading command (odds, table, check, tournament)', () => {
    const odds = JSON.parse(run('odds', '--players', '2', '--mine', '2,2,1', '--bid', '3x2', '--set', 'wildOnes=false', '--set', 'dicePerPlayer=3', '--json').stdout);
    expect([odds.wild, odds.fraction]).toEqual([false, '91/216']);
    const table = JSON.parse(run('table', '--unknown', '2', '--rules', 'default', '--set', 'sides=4', '--json').stdout);
    expect(table.sides).toBe(4);
    expect(table.rows[2].wildFraction).toBe('1/4');
    const check = JSON.parse(run('check', '--table', '2,2,1,1', '--bid', '3x2', '--set', 'dicePerPlayer=2', '--set', 'wildOnes=false', '--json').stdout);
    expect(check.bids[0]).toMatchObject({ counted: 2, true: false });
    const t = JSON.parse(run('tournament', '--strategies', 'threshold,random', '--rounds', '500', '--set', 'dicePerPlayer=2', '--workers', '1', '--json').stdout);
    expect(t.dicePerPlayer).toBe(2);
    const bad = run('tournament', '--strategies', 'threshold,random', '--rounds', '10', '--set', 'nextOpener=someone');
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toMatch(/nextOpener must be one of lastLoser, firstLoser/);
  });
});
