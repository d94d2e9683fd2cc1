// Prints Zombie Dice's stop table for the default rules (docs/examples.md quotes it):
// node examples/zombie-dice/stop-table.js
/* global console */
import game from './index.js';
import { stopTable, stopTableMarkdown } from './analysis.js';

const rules = /** @type {import('./state.js').ZombieDiceRules} */ (
  Object.fromEntries(Object.entries(game.rules.fields).map(([name, field]) => [name, field.default]))
);
console.log(stopTableMarkdown(stopTable(rules)));
