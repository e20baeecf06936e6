#!/usr/bin/env node
// Canardage (Gigamic) for the rulespec engine protocol, version 1.
//
// A table of mutable objects, written from the rulebook and the clause
// catalogue (spec/canardage.toml). It reads one JSON request per line on
// standard input and writes one JSON answer per line on standard output.
//
//   node engine.js                      the rules as the catalogue reads them
//   node engine.js --mutant pan-anywhere  one rule broken on purpose (see MUTANTS)
//   CANARDAGE_MUTANT=pan-anywhere node engine.js
//   node engine.js --list-mutants       the mutants and the clauses they break
'use strict';

const readline = require('node:readline');

// ------------------------------------------------------------------ cards

const WATER = 'water';
const SPACES = 6;
const DUCKS_EACH = 5;
const WATER_CARDS = 5;

// The sixteen action cards in the rulebook's order, with the published copies.
const DECK = [
  ['en-joue', 10], ['double-viseur', 1], ['pan', 12], ['tireur-d-elite', 1],
  ['tu-louches', 2], ['canardage', 1], ['rectifier-gauche', 2], ['rectifier-droite', 2],
  ['en-avant-marche', 6], ['palme-arriere', 3], ['palme-avant', 3], ['banzai', 1],
  ['canarchie', 2], ['dispersion', 1], ['a-couvert', 2], ['planque', 3],
];
const CARDS = DECK.map(([card]) => card);
const RANK = new Map(CARDS.map((card, i) => [card, i]));
const PUBLISHED = DECK.map(([, n]) => n);
const byRank = (a, b) => RANK.get(a) - RANK.get(b);
const clauseOf = (card) => `can.action.${card}`;

// A space of the line: the duck (or water) on top, and a duck hidden under it.
class Spot {
  constructor(top, hidden = null) {
    this.top = top;
    this.hidden = hidden;
  }
  get isDuck() { return this.top !== WATER; }
  get isPair() { return this.hidden !== null; }
  cards() { return this.isPair ? [this.hidden, this.top] : [this.top]; }
  key() { return JSON.stringify(this.cards()); }
}

class Refusal extends Error {
  constructor(clause, reason) {
    super(reason);
    this.clause = clause;
  }
}

function refuse(clause, reason) { throw new Refusal(clause, reason); }

// Same elements, counted (values are JSON scalars).
function sameCards(a, b) {
  if (a.length !== b.length) return false;
  const count = new Map();
  for (const x of a) count.set(x, (count.get(x) || 0) + 1);
  for (const x of b) {
    const n = count.get(x);
    if (!n) return false;
    count.set(x, n - 1);
  }
  return true;
}

const sameSpaces = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

// Every distinct order of `keys` (a multiset of strings), as arrays.
function orders(keys) {
  const counts = new Map();
  for (const k of keys) counts.set(k, (counts.get(k) || 0) + 1);
  const kinds = [...counts.keys()].sort();
  const out = [];
  const walk = (prefix) => {
    if (prefix.length === keys.length) { out.push(prefix.slice()); return; }
    for (const k of kinds) {
      const n = counts.get(k);
      if (!n) continue;
      counts.set(k, n - 1);
      prefix.push(k);
      walk(prefix);
      prefix.pop();
      counts.set(k, n);
    }
  };
  walk([]);
  return out;
}

// ------------------------------------------------------------------ the rules
//
// Each card has `uses(table, player)`, the list of its legal choices (spaces,
// or for Canarchie new lines), and `play(table, player, choice)`, its effect.
// The turn's steps are methods of Table. A mutant replaces one of them.

const USES = {
  'en-joue': (t) => t.spaceIds().filter((i) => !t.aimed[i]).map((i) => [i]),
  'double-viseur': (t) => {
    const free = t.spaceIds().filter((i) => !t.aimed[i]);
    const pairs = free.filter((i) => free.includes(i + 1)).map((i) => [i, i + 1]);
    return pairs.length ? pairs : free.map((i) => [i]);
  },
  'pan': (t) => t.spaceIds()
    .filter((i) => t.aimed[i] && (!t.line[i].isDuck || !t.sheltered(i)))
    .map((i) => [i]),
  'tireur-d-elite': (t) => t.spaceIds().filter((i) => t.canShoot(i)).map((i) => [i]),
  'tu-louches': (t) => {
    const found = [];
    for (const i of t.spaceIds()) {
      if (!t.aimed[i]) continue;
      for (const j of [i - 1, i + 1]) if (t.canShoot(j)) found.push([i, j]);
    }
    return found;
  },
  'canardage': (t) => t.spaceIds()
    .filter((i) => t.aimed[i] && t.aimed[i + 1] && t.canShoot(i) && t.canShoot(i + 1))
    .map((i) => [i, i + 1]),
  'rectifier-gauche': (t) => t.spaceIds()
    .filter((i) => i > 0 && t.aimed[i] && !t.aimed[i - 1]).map((i) => [i]),
  'rectifier-droite': (t) => t.spaceIds()
    .filter((i) => i + 1 < t.line.length && t.aimed[i] && !t.aimed[i + 1]).map((i) => [i]),
  'en-avant-marche': () => [[]],
  'palme-arriere': (t, p) => t.spaceIds()
    .filter((i) => i + 1 < t.line.length && t.line[i].top === p).map((i) => [i]),
  'palme-avant': (t, p) => t.spaceIds()
    .filter((i) => i > 0 && t.line[i].top === p).map((i) => [i]),
  'banzai': (t, p) => t.spaceIds()
    .filter((i) => i > 0 && t.line[i].top === p).map((i) => [i]),
  'canarchie': (t) => {
    const now = t.line.map((s) => s.key());
    const here = now.join('|');
    return orders(now).filter((o) => o.join('|') !== here).map((o) => o.map((k) => JSON.parse(k)));
  },
  'dispersion': () => [[]],
  'a-couvert': (t, p) => {
    const lone = (i) => i >= 0 && i < t.line.length && t.line[i].isDuck && !t.line[i].isPair;
    const found = [];
    for (const i of t.spaceIds()) {
      if (!lone(i) || t.line[i].top !== p) continue;
      for (const j of [i - 1, i + 1]) if (lone(j)) found.push([i, j]);
    }
    return found;
  },
  'planque': (t) => t.spaceIds()
    .filter((i) => t.line[i].isDuck && !t.sheltered(i)).map((i) => [i]),
};

const EFFECTS = {
  'en-joue': (t, p, s) => { for (const i of s) t.aimed[i] = true; },
  'double-viseur': (t, p, s) => { for (const i of s) t.aimed[i] = true; },
  'pan': (t, p, [i]) => {
    t.aimed[i] = false;
    if (t.line[i].isDuck) t.shoot([i]);
  },
  'tireur-d-elite': (t, p, [i]) => { t.aimed[i] = false; t.shoot([i]); },
  'tu-louches': (t, p, [aim, hit]) => { t.aimed[aim] = false; t.shoot([hit]); },
  'canardage': (t, p, s) => { for (const i of s) t.aimed[i] = false; t.shoot(s); },
  'rectifier-gauche': (t, p, [i]) => { t.aimed[i] = false; t.aimed[i - 1] = true; },
  'rectifier-droite': (t, p, [i]) => { t.aimed[i] = false; t.aimed[i + 1] = true; },
  'en-avant-marche': (t) => t.march(),
  'palme-arriere': (t, p, [i]) => t.swap(i, i + 1),
  'palme-avant': (t, p, [i]) => t.swap(i, i - 1),
  'banzai': (t, p, [i]) => { const [spot] = t.line.splice(i, 1); t.line.unshift(spot); },
  'canarchie': (t, p, line) => {
    t.line = line.map((cards) => (cards.length === 2 ? new Spot(cards[1], cards[0]) : new Spot(cards[0])));
  },
  'dispersion': (t) => t.scatter(),
  'a-couvert': (t, p, [i, j]) => {
    t.line[j] = new Spot(t.line[j].top, t.line[i].top);
    t.line.splice(i, 1);
    t.closeUp();
  },
  'planque': (t, p, [i]) => { t.shelter.set(i, p); },
};

class Table {
  constructor(players, counts) {
    this.players = players;
    this.counts = counts; // copies of each card, in CARDS order
    this.phase = 'deal';
    this.turn = -1;
    this.line = []; // Spots, front (space 0) first
    this.aimed = new Array(SPACES).fill(false);
    this.shelter = new Map(); // space -> player whose Planqué card lies there
    this.ducks = []; // the duck deck, BOTTOM first: the top card is the last
    this.seen = 0; // cards at the bottom of the duck deck that went there in view of all
    this.hands = Array.from({ length: players }, () => []);
    this.pile = []; // the draw pile, BOTTOM first
    this.played = []; // oldest first
    this.shot = new Array(players).fill(0);
    this.winners = [];
    this.uses = { ...USES };
    this.effects = { ...EFFECTS };
  }

  // -- reading the table

  spaceIds() { return this.line.map((_, i) => i); }
  sheltered(i) { return this.shelter.has(i); }
  canShoot(i) { return i >= 0 && i < this.line.length && this.line[i].isDuck && !this.sheltered(i); }
  alive() { return this.shot.map((n, p) => (n < DUCKS_EACH ? p : -1)).filter((p) => p >= 0); }
  actionCards() { return CARDS.flatMap((card, i) => new Array(this.counts[i]).fill(card)); }
  duckCards() {
    const cards = [];
    for (let c = 0; c < this.players; c++) for (let k = 0; k < DUCKS_EACH; k++) cards.push(c);
    for (let k = 0; k < WATER_CARDS; k++) cards.push(WATER);
    return cards;
  }

  // -- moving cards along the line

  drawDuck() { return this.ducks.pop(); }

  closeUp() {
    while (this.line.length < SPACES && this.ducks.length) this.line.push(new Spot(this.drawDuck()));
    this.seen = Math.min(this.seen, this.ducks.length);
  }

  layLine() {
    const laid = [];
    while (laid.length < SPACES && this.ducks.length) laid.push(new Spot(this.drawDuck()));
    this.line = laid.reverse(); // the first card turned up takes the back space
  }

  shoot(spaces) {
    const fallen = [];
    const kept = [];
    this.line.forEach((spot, i) => {
      if (!spaces.includes(i)) { kept.push(spot); return; }
      fallen.push(spot.top);
      if (spot.isPair) kept.push(new Spot(spot.hidden));
    });
    this.line = kept;
    for (const colour of fallen) this.shot[colour] += 1;
    this.closeUp();
    return fallen.length;
  }

  march() {
    const front = this.line.shift();
    this.ducks.unshift(...front.cards().reverse()); // the cover ends at the very bottom
    this.seen += front.cards().length;
    this.closeUp();
  }

  swap(i, j) { [this.line[i], this.line[j]] = [this.line[j], this.line[i]]; }

  scatter() {
    const back = this.line.flatMap((spot) => spot.cards());
    this.ducks.unshift(...back.reverse()); // under the deck, waiting for its shuffle
    this.line = [];
    this.seen = 0;
    this.phase = 'dispersion';
  }

  firstPlayer() {
    const spot = this.line.find((s) => s.isDuck);
    return spot.top;
  }

  nextPlayer() { return (this.turn + 1) % this.players; }

  isOver() { return this.alive().length <= 1; }

  // -- the turn

  playable(p) {
    const found = [];
    for (const card of new Set(this.hands[p])) {
      const choices = this.uses[card](this, p);
      if (choices.length) found.push([card, choices]);
    }
    return found;
  }

  legal(p) {
    if (this.phase !== 'play' || p !== this.turn) return [];
    const found = this.playable(p);
    if (!found.length) {
      return [...new Set(this.hands[p])].sort(byRank)
        .map((card) => ({ type: 'discard', player: p, card }));
    }
    return found.flatMap(([card, choices]) => choices.map((c) => (card === 'canarchie'
      ? { type: 'play', player: p, card, spaces: [], line: c }
      : { type: 'play', player: p, card, spaces: c })));
  }

  deal(ducks, actions) {
    if (!sameCards(ducks, this.duckCards())) {
      refuse('can.setup.duck-deck', 'the duck deck holds five ducks of each colour in play and five water cards');
    }
    if (!sameCards(actions, this.actionCards())) {
      refuse('can.setup.action-deck', 'the action deck must hold exactly the game\'s action cards');
    }
    this.ducks = ducks.slice().reverse();
    this.layLine();
    for (let p = 0; p < this.players; p++) this.hands[p] = actions.slice(3 * p, 3 * p + 3).sort(byRank);
    this.pile = actions.slice(3 * this.players).reverse();
    this.turn = this.firstPlayer();
    this.phase = 'play';
  }

  discard(p, card) {
    const found = this.playable(p);
    if (found.length) {
      refuse('can.turn.discard', `a card is thrown away only when none can be played (${found.map(([c]) => c).join(', ')} can)`);
    }
    this.fromHand(p, card);
    this.played.push(card);
    this.endTurn();
  }

  play(p, card, choice) {
    const choices = this.uses[card](this, p);
    const match = card === 'canarchie'
      ? (c) => c.length === choice.length && c.every((s, i) => sameSpaces(s, choice[i]))
      : (c) => sameSpaces(c, choice);
    if (!choices.some(match)) refuse(...this.why(p, card, choice));
    this.fromHand(p, card);
    if (card !== 'planque') this.played.push(card);
    const before = this.shot.reduce((a, b) => a + b, 0);
    const aliveBefore = this.alive();
    this.effects[card](this, p, choice);
    if (this.phase === 'dispersion') return;
    if (this.shot.reduce((a, b) => a + b, 0) > before && this.isOver()) {
      this.finish(aliveBefore);
      return;
    }
    this.endTurn();
  }

  finish(aliveBefore) {
    const left = this.alive();
    this.winners = left.length ? left : aliveBefore;
    this.phase = 'over';
  }

  fromHand(p, card) { this.hands[p].splice(this.hands[p].indexOf(card), 1); }

  endTurn() {
    const hand = this.hands[this.turn];
    if (hand.length < 3) {
      if (!this.pile.length && this.played.length) { this.phase = 'reshuffle'; return; }
      if (this.pile.length) { hand.push(this.pile.pop()); hand.sort(byRank); }
    }
    this.passTurn();
  }

  passTurn() {
    this.turn = this.nextPlayer();
    this.phase = 'play';
    for (const [space, owner] of this.shelter) {
      if (owner === this.turn) {
        this.shelter.delete(space);
        this.played.push('planque');
      }
    }
  }

  rebuild(pile) {
    if (!sameCards(pile, this.played)) refuse('can.deck.reshuffle', 'the new draw pile holds exactly the played cards');
    this.pile = pile.slice().reverse();
    this.played = [];
    this.phase = 'play';
    this.endTurn();
  }

  disperse(deck) {
    if (!sameCards(deck, this.ducks)) refuse('can.action.dispersion', 'the shuffled duck deck holds exactly the deck\'s cards');
    this.ducks = deck.slice().reverse();
    this.seen = 0;
    this.layLine();
    this.phase = 'play';
    this.endTurn();
  }

  // Why a play that is not among the card's uses is refused: [clause, reason].
  why(p, card, choice) {
    const own = clauseOf(card);
    if (card === 'canarchie') {
      const now = this.line.map((s) => s.key()).join('|');
      if (Array.isArray(choice) && choice.map((c) => JSON.stringify(c)).join('|') === now) {
        return [own, 'Canarchie must change the order of the line'];
      }
      return [own, 'the new line holds the same cards as the line, in another order'];
    }
    const n = this.line.length;
    if (choice.some((s) => !Number.isInteger(s) || s < 0 || s >= n)) {
      return [own, `spaces ${JSON.stringify(choice)}: the line has spaces 0 to ${n - 1}`];
    }
    const shootsAt = { 'pan': choice, 'tireur-d-elite': choice, 'canardage': choice, 'tu-louches': choice.slice(1) }[card] || [];
    if (shootsAt.some((s) => this.line[s].isDuck && this.sheltered(s))) {
      return ['can.planque.space', 'a Planqué card protects that space: no duck is shot there'];
    }
    if (['en-joue', 'double-viseur'].includes(card) && choice.some((s) => this.aimed[s])) {
      return ['can.targets.spaces', 'a space holds at most one target'];
    }
    if (['palme-arriere', 'palme-avant', 'banzai', 'a-couvert'].includes(card) && choice.length) {
      const spot = this.line[choice[0]];
      if (spot.isPair && spot.hidden === p) return ['can.cover.pair', 'your duck is hidden under a cover: it moves only with it'];
      if (card === 'a-couvert' && spot.isPair) return ['can.cover.pair', 'a duck covering another cannot hide in turn'];
      if (card === 'a-couvert' && choice.length === 2 && this.line[choice[1]].isPair) {
        return ['can.cover.pair', 'that duck already covers one'];
      }
    }
    return [own, `${card} cannot be played on spaces ${JSON.stringify(choice)} now`];
  }

  // -- applying any action

  apply(action) {
    if (action === null || typeof action !== 'object' || Array.isArray(action)) {
      refuse('can.turn.play-one', 'an action is a JSON object');
    }
    const { type } = action;
    if (type === 'deal' || type === 'reshuffle' || type === 'disperse') return this.chance(action);
    if (type !== 'play' && type !== 'discard') refuse('can.turn.play-one', `unknown action type ${JSON.stringify(type)}`);
    if (this.phase === 'over') refuse('can.end.winner', 'the game is over');
    if (this.phase !== 'play') refuse('can.chance.shuffles', 'the game waits for a shuffle, not a player');
    const { player, card } = action;
    if (player !== this.turn) refuse('can.turn.order', `it is player ${this.turn}'s turn, not ${JSON.stringify(player)}'s`);
    if (!RANK.has(card)) refuse('can.turn.play-one', `${JSON.stringify(card)} is not an action card`);
    if (!this.hands[player].includes(card)) refuse('can.turn.play-one', `${card} is not in player ${player}'s hand`);
    if (type === 'discard') return this.discard(player, card);
    const spaces = action.spaces;
    if (!Array.isArray(spaces) || !spaces.every(Number.isInteger)) refuse(clauseOf(card), 'spaces is a list of whole numbers');
    if (card === 'canarchie') {
      if (spaces.length) refuse(clauseOf(card), 'Canarchie names no space: it gives a new line');
      const line = action.line;
      if (!Array.isArray(line) || !line.every((s) => Array.isArray(s) && (s.length === 1 || s.length === 2))) {
        refuse(clauseOf(card), 'Canarchie gives the new line as a list of spaces, each one or two cards');
      }
      return this.play(player, card, line);
    }
    if ('line' in action) refuse(clauseOf(card), `only Canarchie gives a new line, not ${card}`);
    return this.play(player, card, spaces);
  }

  chance(action) {
    const wanted = { deal: 'deal', reshuffle: 'reshuffle', disperse: 'dispersion' }[action.type];
    if (this.phase !== wanted) {
      refuse(action.type === 'reshuffle' ? 'can.deck.reshuffle' : 'can.chance.shuffles',
        `the game does not wait for a ${action.type} now (it waits for: ${this.phase})`);
    }
    const list = (v, what) => (Array.isArray(v) ? v : refuse('can.chance.shuffles', `${what} is a list`));
    if (action.type === 'deal') return this.deal(list(action.ducks, 'ducks'), list(action.actions, 'actions'));
    if (action.type === 'reshuffle') return this.rebuild(list(action.draw_pile, 'draw_pile'));
    return this.disperse(list(action.deck, 'deck'));
  }

  // -- the codec's JSON

  toMove() {
    if (this.phase === 'play') return [this.turn];
    if (this.phase === 'over') return [];
    return [-1];
  }

  shelters() {
    const where = new Array(this.players).fill(-1);
    for (const [space, owner] of this.shelter) where[owner] = space;
    return where;
  }

  options() {
    if (this.counts.every((n, i) => n === PUBLISHED[i])) return {};
    return { action_deck: Object.fromEntries(CARDS.map((card, i) => [card, this.counts[i]])) };
  }

  state() {
    return {
      players: this.players,
      options: this.options(),
      phase: this.phase,
      turn: this.turn,
      line: this.line.map((s) => s.cards()),
      targets: this.aimed.map((on, i) => (on ? i : -1)).filter((i) => i >= 0),
      shelters: this.shelters(),
      deck: this.ducks.slice().reverse(),
      seen: this.seen,
      hands: this.hands.map((h) => h.slice()),
      draw_pile: this.pile.slice().reverse(),
      played: this.played.slice(),
      shot: this.shot.slice(),
      winners: this.winners.slice(),
    };
  }

  // What `player` may know: the other hands, the draw pile's order and the shuffled
  // part of the duck deck stay hidden; the bottom seen going there is shown.
  view(player) {
    if (!Number.isInteger(player) || player < 0 || player >= this.players) {
      refuse(null, `there is no player ${JSON.stringify(player)} in this game`);
    }
    const all = this.state();
    return {
      player,
      players: this.players,
      phase: this.phase,
      turn: this.turn,
      line: all.line,
      targets: all.targets,
      shelters: all.shelters,
      deck_size: this.ducks.length,
      deck_bottom: this.ducks.slice(0, this.seen).reverse(),
      hand: this.hands[player].slice(),
      hand_sizes: this.hands.map((h) => h.length),
      draw_pile_size: this.pile.length,
      played: all.played,
      shot: all.shot,
      winners: all.winners,
    };
  }

  scores() { return this.shot.map((n) => DUCKS_EACH - n); }
}

// ------------------------------------------------------------------ mutants
//
// One realistic rule bug each, and the clause it breaks.

const MUTANTS = {
  'pan-anywhere': {
    breaks: 'can.action.pan',
    bug: 'Pan fires at any duck, targeted or not',
    install(t) {
      t.uses.pan = (table) => table.spaceIds()
        .filter((i) => (table.aimed[i] && !table.line[i].isDuck) || table.canShoot(i)).map((i) => [i]);
    },
  },
  'double-apart': {
    breaks: 'can.action.double-viseur',
    bug: 'Double viseur targets any two free spaces, neighbours or not',
    install(t) {
      t.uses['double-viseur'] = (table) => {
        const free = table.spaceIds().filter((i) => !table.aimed[i]);
        const pairs = [];
        for (const a of free) for (const b of free) if (a < b) pairs.push([a, b]);
        return pairs.length ? pairs : free.map((i) => [i]);
      };
    },
  },
  'planque-leaks': {
    breaks: 'can.planque.space',
    bug: 'a Planqué card protects nothing',
    install(t) { t.sheltered = () => false; },
  },
  'refill-in-place': {
    breaks: 'can.line.close-up',
    bug: 'a shot duck\'s space takes the deck\'s top card instead of the line closing up',
    install(t) {
      t.shoot = function shoot(spaces) {
        let fallen = 0;
        for (const i of spaces) {
          const spot = this.line[i];
          this.shot[spot.top] += 1;
          fallen += 1;
          this.line[i] = spot.isPair ? new Spot(spot.hidden) : new Spot(this.drawDuck());
        }
        this.seen = Math.min(this.seen, this.ducks.length);
        return fallen;
      };
    },
  },
  'last-one-plays-on': {
    breaks: 'can.end.winner',
    bug: 'the game ends only when nobody has a duck left',
    install(t) { t.isOver = function isOver() { return this.alive().length === 0; }; },
  },
  'anticlockwise': {
    breaks: 'can.turn.order',
    bug: 'play goes to the previous seat',
    install(t) { t.nextPlayer = function next() { return (this.turn + this.players - 1) % this.players; }; },
  },
  'out-skipped': {
    breaks: 'can.end.out',
    bug: 'players with no duck left lose their turns',
    install(t) {
      t.nextPlayer = function next() {
        let p = (this.turn + 1) % this.players;
        while (this.shot[p] >= DUCKS_EACH && p !== this.turn) p = (p + 1) % this.players;
        return p;
      };
    },
  },
  'reshuffle-early': {
    breaks: 'can.deck.reshuffle',
    bug: 'the card just played misses the reshuffle and stays on the played cards',
    install(t) {
      t.rebuild = function rebuild(pile) {
        if (!sameCards(pile, this.played)) refuse('can.deck.reshuffle', 'the new draw pile holds exactly the played cards');
        const last = this.played[this.played.length - 1];
        const rest = pile.slice();
        rest.splice(rest.indexOf(last), 1);
        this.pile = rest.reverse();
        this.played = [last];
        this.phase = 'play';
        this.endTurn();
      };
    },
  },
  'march-on-top': {
    breaks: 'can.action.en-avant-marche',
    bug: 'En avant marche puts the front card on top of the duck deck',
    install(t) {
      t.march = function march() {
        const front = this.line.shift();
        this.ducks.push(...front.cards());
        this.closeUp();
      };
    },
  },
  'cover-under-water': {
    breaks: 'can.action.a-couvert',
    bug: 'À couvert hides a duck under a water card too',
    install(t) {
      t.uses['a-couvert'] = (table, p) => {
        const lone = (i) => i >= 0 && i < table.line.length && !table.line[i].isPair;
        const found = [];
        for (const i of table.spaceIds()) {
          if (!lone(i) || table.line[i].top !== p) continue;
          for (const j of [i - 1, i + 1]) if (lone(j)) found.push([i, j]);
        }
        return found;
      };
    },
  },
  'first-from-back': {
    breaks: 'can.turn.first-player',
    bug: 'the owner of the duck nearest the deck starts',
    install(t) { t.firstPlayer = function first() { return [...this.line].reverse().find((s) => s.isDuck).top; }; },
  },
  'cover-falls-too': {
    breaks: 'can.cover.shot',
    bug: 'a shot at a pair kills the hidden duck with its cover',
    install(t) {
      t.shoot = function shoot(spaces) {
        for (const i of spaces) if (this.line[i].isPair) this.shot[this.line[i].hidden] += 1;
        const cleared = spaces.map((i) => this.line[i]);
        for (const spot of cleared) spot.hidden = null;
        return Table.prototype.shoot.call(this, spaces);
      };
    },
  },
  'dispersion-clears-targets': {
    breaks: 'can.action.dispersion',
    bug: 'Dispersion takes the targets off with the cards',
    install(t) {
      t.scatter = function scatter() {
        Table.prototype.scatter.call(this);
        this.aimed.fill(false);
      };
    },
  },
  'squint-wrong-target': {
    breaks: 'can.action.tu-louches',
    bug: 'Tu louches removes the target beside the shot duck, not the one it picked',
    install(t) {
      t.effects['tu-louches'] = (table, p, [, hit]) => { table.aimed[hit] = false; table.shoot([hit]); };
    },
  },
  'pair-goes-under-flipped': {
    breaks: 'can.cover.forward',
    bug: 'a pair sent under the duck deck leaves the hidden duck at the very bottom',
    install(t) {
      t.march = function march() {
        const front = this.line.shift();
        this.ducks.unshift(...front.cards());
        this.seen += front.cards().length;
        this.closeUp();
      };
    },
  },
  'canarchie-stands-still': {
    breaks: 'can.action.canarchie',
    bug: 'Canarchie may keep the line in its order',
    install(t) {
      t.uses.canarchie = (table) => orders(table.line.map((s) => s.key())).map((o) => o.map((k) => JSON.parse(k)));
    },
  },
  'nobody-shares': {
    breaks: 'can.end.simultaneous',
    bug: 'when the last ducks fall together nobody wins',
    install(t) {
      t.finish = function finish() {
        this.winners = this.alive();
        this.phase = 'over';
      };
    },
  },
};

// ------------------------------------------------------------------ the protocol

const CAPABILITIES = ['legal_actions', 'to_move', 'view', 'scores', 'winners', 'is_over', 'state'];

function readOptions(options) {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    refuse('can.setup.action-deck', 'options is a JSON object');
  }
  for (const key of Object.keys(options)) {
    if (key !== 'action_deck') refuse('can.setup.action-deck', `unknown option ${JSON.stringify(key)}`);
  }
  if (!('action_deck' in options)) return PUBLISHED.slice();
  const deck = options.action_deck;
  if (deck === null || typeof deck !== 'object' || Array.isArray(deck)) {
    refuse('can.setup.action-deck', 'action_deck maps card ids to counts');
  }
  for (const [card, n] of Object.entries(deck)) {
    if (!RANK.has(card)) refuse('can.setup.action-deck', `unknown action card ${JSON.stringify(card)}`);
    if (!Number.isInteger(n) || n < 0) refuse('can.setup.action-deck', `${card}: a count is a whole number >= 0`);
  }
  return CARDS.map((card) => deck[card] || 0);
}

class Engine {
  constructor(mutant) {
    this.mutant = mutant;
    this.table = null;
  }

  hello(req) {
    if (req.protocol !== 1) refuse(null, `this engine speaks protocol 1, not ${JSON.stringify(req.protocol)}`);
    if (req.game !== 'canardage') refuse(null, `this engine plays canardage only, not ${JSON.stringify(req.game)}`);
    const name = this.mutant ? `canardage-js (mutant ${this.mutant})` : 'canardage-js';
    return { protocol: 1, name, capabilities: CAPABILITIES };
  }

  start(req) {
    if (req.game !== 'canardage') refuse(null, `this engine plays canardage only, not ${JSON.stringify(req.game)}`);
    const players = req.players;
    if (!Number.isInteger(players) || players < 3 || players > 6) {
      refuse('can.setup.players', `Canardage is for 3 to 6 players, not ${JSON.stringify(players)}`);
    }
    const counts = readOptions(req.options === undefined ? {} : req.options);
    const total = counts.reduce((a, b) => a + b, 0);
    if (total < 4 * players) {
      refuse('can.setup.action-deck', `${total} action cards cannot serve ${players} players (at least ${4 * players})`);
    }
    const table = new Table(players, counts);
    if (this.mutant) MUTANTS[this.mutant].install(table);
    this.table = table;
    return null;
  }

  game() { return this.table || refuse(null, 'no game: send start first'); }

  answer(req) {
    switch (req.op) {
      case 'hello': return this.hello(req);
      case 'start': return this.start(req);
      case 'apply': this.game().apply(req.action); return null;
      case 'legal_actions': return this.game().legal(req.player);
      case 'to_move': return this.game().toMove();
      case 'state': return this.game().state();
      case 'view': return this.game().view(req.player);
      case 'scores': return this.game().scores();
      case 'winners': return this.game().phase === 'over' ? this.game().winners.slice() : [];
      case 'is_over': return this.game().phase === 'over';
      default: return undefined;
    }
  }
}

function mutantFromArgs(argv, env) {
  const at = argv.indexOf('--mutant');
  const name = at >= 0 ? argv[at + 1] : env.CANARDAGE_MUTANT || '';
  if (name && !(name in MUTANTS)) {
    process.stderr.write(`unknown mutant ${name}; known: ${Object.keys(MUTANTS).join(', ')}\n`);
    process.exit(2);
  }
  return name;
}

function main() {
  if (process.argv.includes('--list-mutants')) {
    for (const [name, m] of Object.entries(MUTANTS)) process.stdout.write(`${name}\t${m.breaks}\t${m.bug}\n`);
    return;
  }
  const engine = new Engine(mutantFromArgs(process.argv, process.env));
  const input = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  const say = (obj) => process.stdout.write(`${JSON.stringify(obj)}\n`);
  input.on('line', (text) => {
    if (!text.trim()) return;
    let req;
    try {
      req = JSON.parse(text);
    } catch (err) {
      process.stderr.write(`bad JSON: ${err.message}\n`);
      say({ id: null, unsupported: true });
      return;
    }
    const id = req && req.id;
    if (req && req.op === 'quit') {
      say({ id, value: null });
      input.close();
      return;
    }
    try {
      const value = engine.answer(req);
      say(value === undefined ? { id, unsupported: true } : { id, value });
    } catch (err) {
      if (!(err instanceof Refusal)) process.stderr.write(`${err.stack}\n`);
      const refused = { reason: err.message };
      if (err.clause) refused.clause = err.clause;
      say({ id, refused });
    }
  });
  input.on('close', () => process.exit(0));
}

if (require.main === module) main();

module.exports = { MUTANTS, Table, Engine };
