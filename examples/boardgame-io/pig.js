// Pig, a dice game for boardgame.io: roll a die as often as you like; a 1 loses the turn's points,
// holding banks them; the first to the target wins. Its target is a rules field (setupData):
// `npx oddsmith --game bgio:./examples/boardgame-io/pig.js pig balance --set target=50`
export const Pig = {
  name: 'pig',
  minPlayers: 2,
  maxPlayers: 4,

  setup: ({ ctx }, setupData) => ({
    target: setupData?.target ?? 30,
    scores: Array(ctx.numPlayers).fill(0),
    turnTotal: 0,
  }),

  validateSetupData: (setupData) => {
    if (setupData && !(setupData.target >= 1)) return 'target must be at least 1';
  },

  moves: {
    roll: ({ G, random, events }) => {
      const die = random.D6();
      if (die === 1) {
        G.turnTotal = 0;
        events.endTurn();
      } else {
        G.turnTotal += die;
      }
    },
    hold: ({ G, playerID, events }) => {
      G.scores[Number(playerID)] += G.turnTotal;
      G.turnTotal = 0;
      events.endTurn();
    },
  },

  endIf: ({ G }) => {
    const winner = G.scores.findIndex((s) => s >= G.target);
    if (winner >= 0) return { winner: String(winner) };
  },

  ai: {
    enumerate: (G) => (G.turnTotal > 0 ? [{ move: 'roll' }, { move: 'hold' }] : [{ move: 'roll' }]),
  },

  // what oddsmith reads besides boardgame.io's own parts: the rules fields (passed as setupData)
  oddsmith: {
    title: 'Pig',
    rules: {
      fields: {
        target: {
          kind: 'integer',
          help: 'points that win',
          unit: 'points',
          min: 1,
          max: 1000,
          default: 30,
          assumed: 'the usual rules play to 100: 30 keeps a game short',
        },
      },
    },
  },
};
