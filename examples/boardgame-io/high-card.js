// High Card, a card game with hidden hands for boardgame.io: cards 1..`cards` are shuffled and each
// player is dealt `hand` of them, unseen by the other. The leader plays a card face up, the other
// answers; the higher card takes the trick (a tie goes to the leader) and its winner leads next.
// Most tricks wins. `playerView` hides the other hand and the deck; `oddsmith.determinize` tells
// a search player how to redraw what it cannot see.
const others = (G, playerID) => Object.keys(G.hands).filter((id) => id !== playerID);

export const HighCard = {
  name: 'high-card',

  setup: ({ random }, setupData) => {
    const cards = setupData?.cards ?? 9;
    const hand = setupData?.hand ?? 3;
    const deck = random.Shuffle(Array.from({ length: cards }, (_, i) => i + 1));
    return {
      hands: { 0: deck.slice(0, hand), 1: deck.slice(hand, 2 * hand) },
      deck: deck.slice(2 * hand),
      trick: [],
      tricks: [0, 0],
      leader: 0,
    };
  },

  validateSetupData: (setupData) => {
    if (setupData && setupData.cards < 2 * setupData.hand) return 'cards must be at least twice hand';
  },

  turn: {
    minMoves: 1,
    maxMoves: 1,
    order: {
      first: () => 0,
      // the leader of the next trick, or the other player to answer
      next: ({ G, ctx }) => (G.trick.length === 0 ? G.leader : (ctx.playOrderPos + 1) % 2),
    },
  },

  moves: {
    playCard: ({ G, playerID }, index) => {
      const [card] = G.hands[playerID].splice(index, 1);
      G.trick.push(card);
      if (G.trick.length === 2) {
        const [led, answer] = G.trick;
        const winner = answer > led ? 1 - G.leader : G.leader;
        G.tricks[winner]++;
        G.leader = winner;
        G.trick = [];
      }
    },
  },

  endIf: ({ G }) => {
    if (G.hands[0].length === 0 && G.hands[1].length === 0 && G.trick.length === 0) {
      if (G.tricks[0] === G.tricks[1]) return { draw: true };
      return { winner: G.tricks[0] > G.tricks[1] ? '0' : '1' };
    }
  },

  playerView: ({ G, playerID }) => ({
    ...G,
    hands: Object.fromEntries(Object.entries(G.hands).map(([id, h]) => [id, id === playerID ? h : h.length])),
    deck: G.deck.length,
  }),

  ai: {
    enumerate: (G, ctx, playerID) => G.hands[playerID].map((_, i) => ({ move: 'playCard', args: [i] })),
  },

  oddsmith: {
    title: 'High Card',
    rules: {
      fields: {
        cards: { kind: 'integer', help: 'cards in the deck, numbered 1..cards', unit: 'cards', min: 2, max: 100, default: 9 },
        hand: { kind: 'integer', help: 'cards dealt to each player (tricks played)', unit: 'cards', min: 1, max: 50, default: 3 },
      },
    },
    // the cards `playerID` cannot see (the other hand and the deck), shuffled and dealt again
    determinize: ({ G, playerID, random }) => {
      const [other] = others(G, playerID);
      const unseen = random.Shuffle([...G.hands[other], ...G.deck]);
      G.hands[other] = unseen.slice(0, G.hands[other].length);
      G.deck = unseen.slice(G.hands[other].length);
      return G;
    },
  },
};
