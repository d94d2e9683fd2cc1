import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { applySets, loadRules } from '../src/games/weilong/rules.js';
import { WeilongGame } from '../src/games/weilong/engine.js';
import { WeilongView, type WeilongStrategy } from '../src/games/weilong/strategy.js';
import { STRATEGIES, getStrategy } from '../src/games/weilong/strategies/index.js';

const cli = (...args: string[]) => spawnSync(process.execPath, ['dist/src/cli/main.js', 'weilong', ...args], { encoding: 'utf8' });

describe('weilong: what a strategy sees', () => {
  it('every strategy call gets the view, never the engine; the view shares the engine state', () => {
    const seen = new Set<unknown>();
    const spy = (s: WeilongStrategy): WeilongStrategy => ({
      name: s.name,
      description: s.description,
      collect: (v, c) => (seen.add(v), s.collect(v, c)),
      firstSonReroll: (v, c) => (seen.add(v), s.firstSonReroll(v, c)),
      secondSonChange: (v, c) => (seen.add(v), s.secondSonChange(v, c)),
      fourthSonReturn: (v, c) => (seen.add(v), s.fourthSonReturn(v, c)),
      fifthSonTrade: (v, c) => (seen.add(v), s.fifthSonTrade(v, c)),
      keepRolling: (v, c) => (seen.add(v), s.keepRolling(v, c)),
    });
    const g = new WeilongGame(loadRules());
    g.setPlayers([spy(STRATEGIES.adaptive), spy(STRATEGIES.dragon), spy(STRATEGIES.element)]);
    g.playGame(3, 4);
    expect([...seen]).toEqual([g.view]);
    const v = g.view as unknown as Record<string, unknown>;
    expect(v).toBeInstanceOf(WeilongView);
    for (const hidden of ['streams', 'deal', 'seeds', 'script', 'strategies', 'rules', 'rollFor', 'resolveRoll']) expect(v[hidden], hidden).toBeUndefined();
    expect(g.view.col).toBe(g.col);
    expect(g.view.score).toBe(g.score);
    expect(g.view.players).toBe(3);
    expect(g.view.round).toBe(4);
  });

  it('strategies come from the one registry; a spec with parameters is refused', () => {
    expect(getStrategy('adaptive')).toBe(STRATEGIES.adaptive);
    expect(() => getStrategy('greedy')).toThrow(/unknown strategy "greedy" \(known: adaptive, element, dragon, noability\)/);
    expect(() => getStrategy('adaptive:x=1')).toThrow(/takes no parameters/);
  });
});

describe('weilong: rules by name, --set everywhere', () => {
  it('loadRules takes a preset name, a path or nothing, with --set overrides validated', () => {
    const d = loadRules();
    expect(loadRules('default')).toEqual(d);
    expect(loadRules('rules/weilong/default.json')).toEqual(d);
    expect(loadRules('default', ['penalty.5=3', 'passing.3.0=shuffle-all']).penalty).toEqual([5, 5, 5, 5, 3]);
    expect(loadRules(undefined, ['passing.3.0=shuffle-all']).passing['3'][0]).toBe('shuffle-all');
    expect(() => loadRules(undefined, ['passing.3.0=trade'])).toThrow(/passing\.3\.0 must be one of/);
    expect(applySets(d, ['tieBreak=shared']).tieBreak).toBe('shared');
  });

  it('--rules <name> and --set reach simulate, odds and play', () => {
    const a = cli('odds', '--son', '3', '--rules', 'default', '--json');
    const b = cli('odds', '--son', '3', '--set', 'thirdSonSixesPerThree=1', '--json');
    expect(a.status).toBe(0);
    expect(JSON.parse(b.stdout).pElement).toBeGreaterThan(JSON.parse(a.stdout).pElement);
    const p = cli('play', '--players', '3', '--seed', '2', '--set', 'maxTurnsPerRound=5', '--json');
    expect(p.status).toBe(0);
    const turns = JSON.parse(p.stdout).rounds.map((r: { turns: number }) => r.turns);
    expect(turns).toHaveLength(5);
    expect(Math.max(...turns)).toBeLessThanOrEqual(5);
    const s = cli('simulate', '--players', '2', '--games', '20', '--workers', '1', '--set', 'penalty.1=9', '--no-ability-worth', '--json');
    expect(s.status).toBe(0);
    expect(JSON.parse(s.stdout).games).toBe(20);
    // Sons 1..5 on the command line: 0 and 6 are refused with one line and exit 2
    for (const k of ['0', '6']) {
      const bad = cli('simulate', '--games', '2', '--workers', '1', '--set', `penalty.${k}=1`);
      expect(bad.status).toBe(2);
      expect(bad.stderr.trim()).toBe(`oddsmith: --set penalty.${k}: no rules field by that name (penalty has entries 1..5)`);
    }
    const range = cli('simulate', '--games', '2', '--workers', '1', '--set', 'penalty.5=101');
    expect(range.status).toBe(2);
    expect(range.stderr.trim()).toBe('oddsmith: rules/weilong/default.json.penalty.5 must be an integer in 0..100 (got 101) (after --set penalty.5=101)');
  });
});
