/**
 * Published real-game statistics, a sanity reference for the bots (not a target): from
 * fabianvdW/tichu-essentials, 2,281,451 games / 21,264,935 rounds played online (BrettspielWelt),
 * files tichu_rust/analysis_resuts/bomb_stats.txt (commit 2f98263c) and general_stats.txt
 * (commit 632072aa). Percentages as published (averaged over the four seats where given).
 */
export const REAL_GAMES = {
  source: 'fabianvdW/tichu-essentials (tichu_rust/analysis_resuts/bomb_stats.txt, general_stats.txt): 2,281,451 online games, 21,264,935 rounds',
  bombFirst8: 0.2978,
  bombFirst14: 5.0664,
  bombAfterPassingPerPlayer: 11.6888,
  bombInRound: 37.9155,
  tichuCallRate: 13.9159,
  tichuSuccess: 73.4085,
  grandCallRate: 7.8253,
  grandSuccess: 61.7805,
  tichuSuccessCallerBomb: 79.3082,
  tichuSuccessOpponentBomb: 51.3516,
  grandSuccessOpponentBomb: 41.8251,
  doubleWinPerTeam: 11.841,
  /** bomb_stats.txt: "Bomb on hand given TCall" / "… given GTCall" (after passing) */
  bombGivenTichuCall: 28.436,
  bombGivenGrandCall: 21.6966,
  /** bomb_stats.txt: "Bomb in opponent given any Call" */
  opponentBombGivenCall: 22.7011,
} as const;
