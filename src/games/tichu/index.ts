/** The Tichu library API. */
export { parseCard, parseCards, cardText, cardsText, MAHJONG, DOG, PHOENIX, DRAGON } from './cards.js';
export { loadRules, validateRules, type TichuRules } from './rules.js';
export { handOdds, tableFourOfAKind, type HandOddsResult, type OddsLine } from './exact.js';
export { tableBombOdds, TICHU_DECK, type TableDeck, type TableBombResult } from './exact-table.js';
export { Engine, SeatView, MoveBuffer } from './engine.js';
export type { TichuStrategy, TichuView, MoveList } from './strategy.js';
export { handStrength } from './hand.js';
export { TichuState, askTichu, stateGame, type TichuSeat } from './state.js';
