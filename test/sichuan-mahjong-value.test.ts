import { describe, expect, it } from 'vitest';
import { loadRules } from '../src/games/sichuan-mahjong/rules.js';
import { EV_KONG_REPLACEMENT, EV_LAST_TILE, EV_ROBBING_KONG, Valuer } from '../src/games/sichuan-mahjong/value.js';
import { countsOf, meldSize, parseMelds, parseTileList, suitIndex } from '../src/games/sichuan-mahjong/tiles.js';
import { analyze } from '../src/games/sichuan-mahjong/exact-waits.js';

const rules = loadRules('default');
const valuer = new Valuer(rules);

function value(hand: string, melds = '', voidSuit = 's', events = 0): { points: number; fan: number; names: string[] } {
  const ms = parseMelds(melds || undefined);
  const points = valuer.evaluate(countsOf(parseTileList(hand, 'hand')), ms.map((m) => m.kind), ms.map(meldSize), ms.length, suitIndex(voidSuit, 'void'), events);
  return { points, fan: valuer.fan, names: valuer.fanList() };
}

describe('sichuan-mahjong hand values', () => {
  it('plain hand: 0 fan, 1 point', () => {
    expect(value('123m456m789p234p55p')).toEqual({ points: 1, fan: 0, names: [] });
  });
  it('all pungs: 1 fan', () => {
    expect(value('111m555m222p999p33p')).toEqual({ points: 2, fan: 1, names: ['all pungs'] });
  });
  it('seven pairs: 2 fan; four identical tiles count as two pairs and earn a root', () => {
    expect(value('11m33m55m22p44p77p99p')).toEqual({ points: 4, fan: 2, names: ['seven pairs'] });
    expect(value('1111m33m55m22p77p99p')).toEqual({ points: 8, fan: 3, names: ['seven pairs', 'root'] });
    expect(value('1111m2222m55m22p99p'.replace('22p', '77p'))).toEqual({ points: 16, fan: 4, names: ['seven pairs', 'root ×2'] });
  });
  it('outside hand: 2 fan', () => {
    expect(value('123m789m123p999p11p')).toEqual({ points: 4, fan: 2, names: ['outside hand'] });
  });
  it('all 2/5/8 pungs: 3 fan instead of all pungs', () => {
    expect(value('222m555m888p222p55p')).toEqual({ points: 8, fan: 3, names: ['all 2/5/8 pungs'] });
    // a run of 2/5/8 tiles is not all 2/5/8 pungs
    expect(value('222m555m888p22p345p').names).not.toContain('all 2/5/8 pungs');
  });
  it('full flush: 2 fan', () => {
    expect(value('123m456m789m234m55m')).toEqual({ points: 4, fan: 2, names: ['full flush'] });
  });
  it('single wait with four declared sets: 1 fan (with all pungs here)', () => {
    expect(value('22m', 'pung 3p, pung 4m, pung 6p, pung 7m')).toEqual({ points: 4, fan: 2, names: ['all pungs', 'single wait with four sets'] });
  });
  it('root: each kind with all four tiles, kong or not', () => {
    expect(value('111m123m456p789p55p')).toEqual({ points: 2, fan: 1, names: ['root'] });
    // pung 5p declared, fourth 5p in a run
    expect(value('11123m456p789p', 'pung 5p')).toEqual({ points: 2, fan: 1, names: ['root'] });
    expect(value('123m456p789p55p', 'kong 7m')).toEqual({ points: 2, fan: 1, names: ['root'] });
  });
  it('event fan: kong replacement, robbing a kong, last tile', () => {
    expect(value('123m456m789p234p55p', '', 's', EV_KONG_REPLACEMENT)).toEqual({ points: 2, fan: 1, names: ['kong replacement'] });
    expect(value('123m456m789p234p55p', '', 's', EV_ROBBING_KONG)).toEqual({ points: 2, fan: 1, names: ['robbing a kong'] });
    expect(value('123m456m789p234p55p', '', 's', EV_LAST_TILE)).toEqual({ points: 2, fan: 1, names: ['last tile'] });
  });
  it('combinations add up: flush + seven pairs + root, 2/5/8 + root, flush + outside + root', () => {
    expect(value('1111m22m33m55m77m99m')).toEqual({ points: 32, fan: 5, names: ['seven pairs', 'full flush', 'root'] });
    expect(value('555m888p222p55p', 'kong 2m')).toEqual({ points: 16, fan: 4, names: ['all 2/5/8 pungs', 'root'] });
    expect(value('123m123m789m999m11m')).toEqual({ points: 32, fan: 6, names: ['outside hand', 'full flush', 'root ×2'] });
  });
  it('the cap: 7 fan still pays 32 points', () => {
    const v = value('333m55m', 'kong 1m, kong 2m, pung 4m', 's', EV_KONG_REPLACEMENT | EV_LAST_TILE);
    expect(v.fan).toBe(2 + 1 + 2 + 1 + 1); // flush, all pungs, two roots, two events
    expect(v.points).toBe(32);
  });
  it('a hand read several ways scores its best reading', () => {
    // 111222333m as three runs 123m ×3: outside hand (2) beats pungs (not all pungs here)
    expect(value('111222333m789p99p')).toEqual({ points: 4, fan: 2, names: ['outside hand'] });
    // all pungs (1) vs outside hand as runs (2): outside wins
    expect(value('111222333m999p11p')).toEqual({ points: 4, fan: 2, names: ['outside hand'] });
  });
  it('no win with a void-suit tile, or a set in the void suit', () => {
    expect(value('123m456m789p234p55p', '', 'p').points).toBe(0);
    expect(value('123m456m789p55p', 'pung 2s', 's').points).toBe(0);
  });
  it('fan values come from the rules file', () => {
    const custom = structuredClone(rules);
    custom.fan.fullFlush = 3;
    custom.maxFan = 3;
    const v = new Valuer(custom);
    expect(v.evaluate(countsOf(parseTileList('1111m22m33m55m77m99m', 'h')), [], [], 0, 2, 0)).toBe(8);
    expect(v.fan).toBe(6);
  });
  it('waits: nine gates, every wait with live copies, fan and points; ready value is the best', () => {
    const r = analyze({ hand: '1112345678999m', void: 's', seen: '55m' }, rules);
    expect(r.ready).toBe(true);
    expect(r.waits!.map((w) => w.tile).join(' ')).toBe('1m 2m 3m 4m 5m 6m 7m 8m 9m');
    expect(r.waits!.find((w) => w.tile === '5m')!.live).toBe(1);
    expect(r.waits!.find((w) => w.tile === '1m')!).toMatchObject({ live: 1, fan: 3, discardPoints: 8, selfDrawPointsEach: 9 });
    expect(r.readyValue).toBe(8);
  });
  it('waits: a hand with a void tile is not ready and reports shanten', () => {
    const r = analyze({ hand: '1112345678999m', void: 'm' }, rules);
    expect(r.ready).toBe(false);
    expect(r.shanten).toBeGreaterThan(0);
  });
  it('waits: 14 tiles rank every discard by shanten then improving live tiles', () => {
    const r = analyze({ hand: '11223m456789p99p5s', melds: [], void: 's' }, rules);
    expect(r.discards![0].discard).toBe('5s'); // void tile must go first: it is the only choice
    expect(r.discards!.length).toBe(1);
    const q = analyze({ hand: '11223m456789p', melds: ['pung 5p'], void: 's' }, rules);
    expect(q.discards![0]).toMatchObject({ discard: '2m', shanten: 0, improvingTiles: 6, readyValue: 2 });
  });
});
