/**
 * The workbench's tabs: its own views (each is code in main.ts, odds-tabs.ts or trainer.ts), named
 * by the registry id of the game each shows, and the generic tab of a game without a view of its
 * own (generic-tab.ts). The tab bar is the list written at report time from the registry of games
 * (src/workbench/tab-list.ts); without one, the views below in this order.
 */

/** One tab of the bar. */
export interface WorkbenchTab {
  /** the tab's id: the address's `game=` and the section's `tab-<id>` */
  tab: string;
  label: string;
  /** the registry id of the game it shows (absent: not one game's, the trainer) */
  game?: string;
  /** for a generic tab: the game module bundled into the page, as `--game` names it from where `report` ran */
  module?: string;
  /** its file (absolute), for the bundler only: not written into the page */
  file?: string;
}

/** The views, by the game each shows; their tab ids are the ones share links carry. */
export const VIEWS: readonly WorkbenchTab[] = [
  { tab: 'wulong', label: 'Wulong / Farkle', game: 'wulong' },
  { tab: 'weilong', label: 'Weilong', game: 'weilong' },
  { tab: 'liars', label: "Liar's Dice", game: 'liars-dice' },
  { tab: 'mahjong', label: 'Sichuan mahjong', game: 'sichuan-mahjong' },
  { tab: 'tichu', label: 'Tichu', game: 'tichu' },
  { tab: 'dracula', label: 'Dracula', game: 'dracula' },
  { tab: 'cantstop', label: "Can't Stop", game: 'cant-stop' },
  { tab: 'trainer', label: 'Trainer' },
];
