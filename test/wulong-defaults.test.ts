import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRules, validateRules } from '../src/games/wulong/turn/rules.js';
import { DEFAULT_GAME, validateGameRules } from '../src/games/wulong/game/rules.js';
import { ROOT } from './helpers/cli.js';

/*
 * Wulong's defaults in code, against rules/wulong/default.json (the check every game's DEFAULT_RULES
 * gets in kernels.contract.test.ts). Wulong's faces, straights and cards live only in the rules
 * files; what the code fills in when a field is missing is the full game (DEFAULT_GAME) and a few
 * turn fields, and those must be the rulebook's, as default.json writes them.
 */
const raw = JSON.parse(readFileSync(join(ROOT, 'rules', 'wulong', 'default.json'), 'utf8')) as Record<string, unknown>;

describe('wulong defaults in code equal rules/wulong/default.json', () => {
  it('the full game: DEFAULT_GAME is default.json\'s game, field for field', () => {
    expect(raw.game).toEqual(DEFAULT_GAME);
    expect(validateGameRules(loadRules())).toEqual(DEFAULT_GAME);
  });

  it('a rules file without a game section, or with an empty one, plays the rulebook\'s game', () => {
    const noGame = { ...raw };
    delete noGame.game;
    expect(validateGameRules(validateRules(noGame))).toEqual(DEFAULT_GAME);
    expect(validateGameRules(validateRules({ ...raw, game: {} }))).toEqual(DEFAULT_GAME);
  });

  it('the turn fields the validator fills in (hotDice, minimumBank, instantWin.betsSettled) are default.json\'s', () => {
    const bare = JSON.parse(JSON.stringify(raw)) as Record<string, unknown> & { instantWin: Record<string, unknown> };
    delete bare.hotDice;
    delete bare.minimumBank;
    delete bare.instantWin.betsSettled;
    expect(validateRules(bare)).toEqual(loadRules());
  });

  it('the check can fail: a changed default is seen', () => {
    expect(validateGameRules(validateRules({ ...raw, game: { chip: 250 } }))).not.toEqual(DEFAULT_GAME);
  });
});
