import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';

const run = (args: string[], input?: string) => spawnSync(process.execPath, ['dist/src/cli/main.js', ...args], { encoding: 'utf8', input });

function expectUserError(args: string[], pattern: RegExp): void {
  const r = run(args);
  expect(r.status).toBe(2);
  const lines = r.stderr.trim().split('\n');
  expect(lines.length).toBe(1);
  expect(lines[0]).toMatch(/^oddsmith: /);
  expect(lines[0]).toMatch(pattern);
  expect(r.stderr).not.toMatch(/\n\s+at /);
}

describe('sichuan-mahjong CLI', () => {
  it('bad hands: fifth copy, wrong size, unknown suit, void used by a set, no suit letter', () => {
    expectUserError(['mahjong', 'waits', '11111m23456789m'], /1m appears 5 times/);
    expectUserError(['mahjong', 'waits', '123m456p'], /must have 13 \(waiting\) or 14/);
    expectUserError(['mahjong', 'waits', '123m456p789s1234z'], /unknown suit letter "z"/);
    expectUserError(['mahjong', 'waits', '1112345678m', '--melds', 'pung 5s', '--void', 's'], /void suit s is used by the declared set pung 5s/);
    expectUserError(['mahjong', 'waits', '1112345678999'], /no suit letter/);
    expectUserError(['mahjong', 'waits', '1112345678999m', '--melds', 'chow 5p'], /unknown meld type/);
    expectUserError(['mahjong', 'waits', '1112345678999m', '--void', 'x'], /unknown suit "x"/);
    expectUserError(['mahjong', 'waits', '1112345678999m', '--seen', '1m1m'], /1m appears 5 times/);
  });

  it('waits --json has stable fields', () => {
    const r = run(['mahjong', 'waits', '1112345678999m', '--void', 's', '--json']);
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(Object.keys(j)).toEqual(['hand', 'melds', 'void', 'voidInferred', 'tiles', 'form', 'shanten', 'shantenStandard', 'shantenSevenPairs', 'ready', 'waits', 'readyValue']);
    expect(j.waits).toHaveLength(9);
  });

  it('--jsonl: one result per line; bad lines get one stderr line each, the batch goes on, exit 2', () => {
    const input = [
      '{"hand":"1112345678999m","void":"s"}',
      '{"hand":"1112345678999m"',
      '{"hand":"11111m23456789m"}',
      '{"hand":"11223m456789p","melds":["pung 5p"],"void":"s","seen":"3m"}',
      '[1,2]',
    ].join('\n') + '\n';
    const r = run(['mahjong', 'waits', '--jsonl'], input);
    expect(r.status).toBe(2);
    const out = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(out).toHaveLength(5);
    expect(out[0]).toMatchObject({ line: 1, ready: true, readyValue: 8 });
    expect(out[1]).toMatchObject({ line: 2 });
    expect(out[1].error).toMatch(/not valid JSON/);
    expect(out[2].error).toMatch(/appears 5 times/);
    expect(out[3]).toMatchObject({ line: 4, form: 'discard', shanten: 0 });
    expect(out[4].error).toMatch(/must be a JSON object/);
    const err = r.stderr.trim().split('\n');
    expect(err).toHaveLength(3);
    for (const e of err) expect(e).toMatch(/^oddsmith: line \d+: /);
  });

  it('simulate: --json fields, identical results for --workers 1 and 2, bad strategy names', () => {
    const args = ['mahjong', 'simulate', '--deals', '48', '--seed', '5', '--shard-count', '4', '--json', '--quiet'];
    const a = run([...args, '--workers', '1']);
    const b = run([...args, '--workers', '2']);
    expect(a.status).toBe(0);
    const ja = JSON.parse(a.stdout), jb = JSON.parse(b.stdout);
    for (const j of [ja, jb]) { delete j.seconds; delete j.dealsPerSecond; }
    expect(jb).toEqual(ja);
    expect(ja.deals).toBe(48);
    expect(ja.zeroSumViolations).toBe(0);
    expect(ja.conservationViolations).toBe(0);
    expect(Object.keys(ja.bySlot[0])).toEqual(['slot', 'strategy', 'points', 'winRate', 'selfDrawRate', 'winOrder', 'flowerPigRate', 'dealInRate', 'kongsPerDeal', 'readyAtEndRate', 'meanWinPoints', 'declinedPerDeal', 'fanShare']);
    expectUserError(['mahjong', 'simulate', '--deals', '10', '--strategies', 'greedy,greedy,smart,greedy'], /unknown strategy "smart"/);
    expectUserError(['mahjong', 'simulate', '--deals', '10', '--strategies', 'greedy,greedy'], /four names/);
  });

  it('odds and starting-hands: JSON with exact counterparts; too many tiles left is an error', () => {
    const r = run(['mahjong', 'odds', '1112345678999m', '--void', 's', '--tiles-left', '30', '--trials', '4000', '--workers', '1', '--json', '--quiet']);
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.exact.winRate).toBeGreaterThan(0.99);
    expect(j.winRate.n).toBe(4000);
    expectUserError(['mahjong', 'odds', '1112345678999m', '--void', 's', '--tiles-left', '100'], /more than the 95 tiles/);
    const s = run(['mahjong', 'starting-hands', '--tiles', '13', '--json']);
    expect(s.status).toBe(0);
    const sj = JSON.parse(s.stdout);
    expect(sj.deals).toBe('20592957740312160');
    expect(sj.shanten.find((d: { value: number }) => d.value === 0).count).toBe('3280138573728');
    expectUserError(['mahjong', 'starting-hands', '--tiles', '12'], /--tiles must be an integer in 13..14/);
  });

  it('--rules <name|file> and --set field=value on waits, odds and simulate', () => {
    const waits = (extra: string[]) => JSON.parse(run(['mahjong', 'waits', '1112345678999m', '--void', 's', '--json', ...extra]).stdout);
    const base = waits([]);
    expect(waits(['--rules', 'default'])).toEqual(base);
    expect(waits(['--rules', 'rules/sichuan-mahjong/default.json'])).toEqual(base);
    const bonus = waits(['--set', 'selfDrawBonus=3']);
    for (const [i, w] of bonus.waits.entries()) {
      expect(w.discardPoints).toBe(base.waits[i].discardPoints);
      expect(w.selfDrawPointsEach).toBe(w.discardPoints + 3);
    }
    // a lower cap lowers the biggest wait (the nine gates' 1m pays 2^3 with the default cap of 5 fan)
    const capped = waits(['--set', 'maxFan=1', '--set', 'fan.fullFlush=2']);
    expect(Math.max(...capped.waits.map((w: { discardPoints: number }) => w.discardPoints))).toBe(2);
    expectUserError(['mahjong', 'waits', '1112345678999m', '--set', 'maxFan=99'], /maxFan must be an integer in 0\.\.12/);
    expectUserError(['mahjong', 'waits', '1112345678999m', '--set', 'nosuch=1'], /--set nosuch: no rules field/);
    expectUserError(['mahjong', 'waits', '1112345678999m', '--rules', 'nosuch'], /rules file/);

    const odds = (extra: string[]) => JSON.parse(run(['mahjong', 'odds', '1112345678999m', '--void', 's', '--tiles-left', '30', '--trials', '2000', '--workers', '1', '--json', '--quiet', ...extra]).stdout);
    const o0 = odds([]), o1 = odds(['--set', 'selfDrawBonus=0']);
    expect(o1.exact.winRate).toBe(o0.exact.winRate);
    expect(o1.exact.points).toBeLessThan(o0.exact.points);
    expectUserError(['mahjong', 'odds', '1112345678999m', '--void', 's', '--tiles-left', '30', '--set', 'winnersToEnd=0'], /winnersToEnd must be an integer in 1\.\.3/);

    const sim = (extra: string[]) => JSON.parse(run(['mahjong', 'simulate', '--deals', '40', '--workers', '1', '--json', '--quiet', ...extra]).stdout);
    const s0 = sim([]), s1 = sim(['--set', 'winnersToEnd=1']);
    expect(s0.winners[3].deals).toBeGreaterThan(0);
    // with one winner to end, a deal has more winners only when several win on the same discard
    expect(s1.winners[1].deals).toBeGreaterThan(0);
    expect(s1.winners[2].deals + s1.winners[3].deals).toBeLessThanOrEqual(s1.multiWinnerDiscards);
    expect(s1.winners[1].deals).toBeGreaterThan(s0.winners[1].deals);
  });
});
