import type { Command } from 'commander';

/** The full game's commands (game, sweep) under `oddsmith wulong`. */
export function registerWulongGame(_wulong: Command): void {}
