#!/usr/bin/env node
// Canardage (Gigamic) for the rulespec engine protocol, versions 1 and 2.
//
// A table of mutable objects, written from the rulebook and the clause
// catalogue (spec/canardage.toml). It reads one JSON request per line on
// standard input and writes one JSON answer per line on standard output.
//
//   node engine.js                      the rules as the catalogue reads them
//   node engine.js --mutant pan-anywhere  one rule broken on purpose (see MUTANTS);
//                                        several, comma-separated, break several at once
//   CANARDAGE_MUTANT=pan-anywhere node engine.js
//   node engine.js --capabilities legal_actions,to_move   declare only these queries
//   node engine.js --own-chance         shuffle with its own seeded generator (protocol 2)
//   node engine.js --no-moves           declare neither legal_actions nor state
//   node engine.js --list-mutants       the mutants and the clauses they break
//   node engine.js --reading can.cover.forward=cover-first   follow one of the catalogue's
//                                        other readings (see READINGS), declared in hello
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

// ------------------------------------------------------------------ chance

// Mulberry32: a 32-bit generator, numbers in [0, 1) from a seed 0 .. 2**32 - 1.
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// A new array: `cards` in an order drawn by `random` (Fisher-Yates).
function shuffled(cards, random) {
  const out = cards.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
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

  // Draw the chance step the game waits for with `random` and apply it: the outcome as
  // a record writes it (top card first), or null when the game waits for no chance.
  drawChance(random) {
    let outcome;
    if (this.phase === 'deal') {
      outcome = { type: 'deal', ducks: shuffled(this.duckCards(), random), actions: shuffled(this.actionCards(), random) };
    } else if (this.phase === 'reshuffle') {
      outcome = { type: 'reshuffle', draw_pile: shuffled(this.played, random) };
    } else if (this.phase === 'dispersion') {
      outcome = { type: 'disperse', deck: shuffled(this.ducks.slice().reverse(), random) };
    } else {
      return null;
    }
    this.chance(outcome);
    return outcome;
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
    const readings = Object.fromEntries(this.readings || []);
    if (this.counts.every((n, i) => n === PUBLISHED[i])) return readings;
    return { action_deck: Object.fromEntries(CARDS.map((card, i) => [card, this.counts[i]])), ...readings };
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

  winnersNow() { return this.phase === 'over' ? this.winners.slice() : []; }
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
  // Each of these accepts one kind of illegal play, and plays the rest as the rules do.
  'pan-at-bare-water': {
    breaks: 'can.action.pan',
    bug: 'Pan fires at a water card without a target too (nothing happens)',
    install(t) {
      t.uses.pan = (table) => table.spaceIds()
        .filter((i) => !table.line[i].isDuck || (table.aimed[i] && !table.sheltered(i)))
        .map((i) => [i]);
    },
  },
  'elite-at-water': {
    breaks: 'can.action.tireur-d-elite',
    bug: 'Tireur d\'élite fires at a water card too (its target goes, the water stays)',
    install(t) {
      t.uses['tireur-d-elite'] = (table) => table.spaceIds()
        .filter((i) => !table.line[i].isDuck || table.canShoot(i)).map((i) => [i]);
      t.effects['tireur-d-elite'] = (table, p, [i]) => {
        table.aimed[i] = false;
        if (table.line[i].isDuck) table.shoot([i]);
      };
    },
  },
  'two-birds-with-water': {
    breaks: 'can.action.canardage',
    bug: 'Canardage fires at two neighbouring targets when one holds water (only the duck falls)',
    install(t) {
      const open = (table, i) => table.canShoot(i) || (i >= 0 && i < table.line.length && !table.line[i].isDuck);
      t.uses.canardage = (table) => table.spaceIds()
        .filter((i) => table.aimed[i] && table.aimed[i + 1] && open(table, i) && open(table, i + 1))
        .map((i) => [i, i + 1]);
      t.effects.canardage = (table, p, s) => {
        for (const i of s) table.aimed[i] = false;
        table.shoot(s.filter((i) => table.line[i].isDuck));
      };
    },
  },
  'squint-at-water': {
    breaks: 'can.action.tu-louches',
    bug: 'Tu louches may hit a water card beside its target (the target goes, nothing is shot)',
    install(t) {
      t.uses['tu-louches'] = (table) => {
        const found = [];
        for (const i of table.spaceIds()) {
          if (!table.aimed[i]) continue;
          for (const j of [i - 1, i + 1]) {
            const water = j >= 0 && j < table.line.length && !table.line[j].isDuck;
            if (water || table.canShoot(j)) found.push([i, j]);
          }
        }
        return found;
      };
      t.effects['tu-louches'] = (table, p, [aim, hit]) => {
        table.aimed[aim] = false;
        if (table.line[hit].isDuck) table.shoot([hit]);
      };
    },
  },
  'planque-on-water': {
    breaks: 'can.action.planque',
    bug: 'a Planqué card may be laid on a water card',
    install(t) {
      t.uses.planque = (table) => table.spaceIds().filter((i) => !table.sheltered(i)).map((i) => [i]);
    },
  },
  'banzai-in-place': {
    breaks: 'can.action.banzai',
    bug: 'Banzaï may be played on the duck already first (nothing moves)',
    install(t) {
      t.uses.banzai = (table, p) => table.spaceIds().filter((i) => table.line[i].top === p).map((i) => [i]);
    },
  },
};

// ------------------------------------------------------------------ the protocol

const CAPABILITIES = ['legal_actions', 'to_move', 'state', 'view', 'scores', 'winners', 'is_over'];

// A request the engine cannot serve that is not an action: the kit's mistake, not a
// rule. The engine says so on standard error and exits with status 2.
class BadRequest extends Error {}

function bad(what) { throw new BadRequest(what); }

// The readings of the catalogue this engine can follow instead of rulespec's: the option
// the kit then sends with start, and the way of playing it (a table's method replaced, as
// a mutant replaces one).
const READINGS = {
  'can.cover.forward=cover-first': { option: ['pair_order', 'cover-first'], plays: 'pair-goes-under-flipped' },
  'can.action.canarchie=unchanged-order': { option: ['canarchie', 'any-order'], plays: 'canarchie-stands-still' },
};

// The options of start: the action deck's counts, and the readings it asks for (only
// those the engine declared, each at its default or at the declared value).
function readOptions(options, readings = []) {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) bad('options: expected an object');
  const played = [];
  for (const [key, value] of Object.entries(options)) {
    if (key === 'action_deck') continue;
    const reading = readings.map((r) => READINGS[r]).find((r) => r.option[0] === key);
    if (reading === undefined) bad(`options: unknown option ${JSON.stringify(key)}`);
    if (value !== reading.option[1]) bad(`options.${key}: this engine plays ${JSON.stringify(reading.option[1])} only`);
    played.push(reading.plays);
  }
  if (!('action_deck' in options)) return [PUBLISHED.slice(), played];
  return [readDeck(options), played];
}

function readDeck(options) {
  const deck = options.action_deck;
  if (deck === null || typeof deck !== 'object' || Array.isArray(deck)) {
    bad('options.action_deck: expected an object of card ids and counts');
  }
  for (const [card, n] of Object.entries(deck)) {
    if (!RANK.has(card)) bad(`options.action_deck: unknown action card ${JSON.stringify(card)}`);
    if (!Number.isInteger(n) || n < 0) bad(`options.action_deck.${card}: expected a whole number >= 0`);
  }
  return CARDS.map((card) => deck[card] || 0);
}

// The keys each type of action has (the second list: those it may have).
const ACTION_KEYS = {
  play: [['type', 'player', 'card', 'spaces'], ['line']],
  discard: [['type', 'player', 'card'], []],
  deal: [['type', 'ducks', 'actions'], []],
  reshuffle: [['type', 'draw_pile'], []],
  disperse: [['type', 'deck'], []],
};

// Refuse an action that is not one of the game's, whatever its place in a game:
// the table then reads only well-formed actions.
function readAction(action) {
  const notAnAction = (why) => refuse(null, `not an action of Canardage: ${why}`);
  if (action === null || typeof action !== 'object' || Array.isArray(action)) notAnAction('expected an object');
  const keys = ACTION_KEYS[action.type];
  if (!keys) notAnAction(`unknown type ${JSON.stringify(action.type)}`);
  const [needed, optional] = keys;
  for (const key of needed) if (!(key in action)) notAnAction(`${action.type} without ${key}`);
  for (const key of Object.keys(action)) {
    if (!needed.includes(key) && !optional.includes(key)) notAnAction(`unknown key ${JSON.stringify(key)}`);
  }
  if ('player' in action && !Number.isInteger(action.player)) notAnAction('player: expected a seat number');
  if ('card' in action && !RANK.has(action.card)) notAnAction(`${JSON.stringify(action.card)} is not an action card`);
  if ('spaces' in action && !(Array.isArray(action.spaces) && action.spaces.every(Number.isInteger))) {
    notAnAction('spaces: expected a list of whole numbers');
  }
  const isDuck = (c) => c === WATER || Number.isInteger(c);
  const line = action.line;
  if (line !== undefined && !(Array.isArray(line)
      && line.every((s) => Array.isArray(s) && (s.length === 1 || s.length === 2) && s.every(isDuck)))) {
    notAnAction('line: expected a list of spaces, each one or two duck cards');
  }
  for (const key of ['ducks', 'deck']) {
    if (key in action && !(Array.isArray(action[key]) && action[key].every(isDuck))) notAnAction(`${key}: expected duck cards`);
  }
  for (const key of ['actions', 'draw_pile']) {
    if (key in action && !(Array.isArray(action[key]) && action[key].every((c) => RANK.has(c)))) {
      notAnAction(`${key}: expected action cards`);
    }
  }
  return action;
}

// The ops a batch may hold: every request but the session's own.
const NOT_IN_BATCH = ['hello', 'start', 'quit', 'batch'];

class Engine {
  // `mutant`: a name of MUTANTS or ''; `capabilities`: the queries it declares;
  // `ownChance`: draw chance itself under protocol 2 (`--own-chance`).
  constructor(mutant, capabilities = CAPABILITIES, ownChance = false, readings = []) {
    this.mutant = mutant;
    this.readings = readings;
    this.capabilities = capabilities;
    this.ownChance = ownChance;
    this.protocol = 1; // until a hello says otherwise
    this.random = null; // the generator of the game, when the engine draws chance
    this.table = null;
  }

  // Whether this session's chance is the engine's: asked for, and greeted in version 2.
  get drawsChance() { return this.ownChance && this.protocol === 2; }

  hello(req) {
    if (req.protocol !== 1 && req.protocol !== 2) {
      refuse(null, `this engine speaks protocol 1 or 2, not ${JSON.stringify(req.protocol)}`);
    }
    if (req.game !== 'canardage') refuse(null, `this engine plays canardage only, not ${JSON.stringify(req.game)}`);
    this.protocol = req.protocol;
    const name = this.mutant ? `canardage-js (mutant ${this.mutant})` : 'canardage-js';
    if (req.protocol === 1) return { protocol: 1, name, capabilities: this.capabilities };
    return {
      protocol: 2,
      name,
      capabilities: [...this.capabilities, 'batch'],
      chance: this.drawsChance ? 'engine' : 'kit',
      ...(this.readings.length ? { readings: Object.fromEntries(this.readings.map((r) => r.split('='))) } : {}),
    };
  }

  start(req) {
    if (req.game !== 'canardage') bad(`game: this engine plays canardage only, not ${JSON.stringify(req.game)}`);
    const players = req.players;
    if (!Number.isInteger(players) || players < 3 || players > 6) {
      bad(`players: Canardage is for 3 to 6 players, not ${JSON.stringify(players)}`);
    }
    const [counts, played] = readOptions(req.options === undefined ? {} : req.options, this.readings);
    const options = Object.values(READINGS).filter((r) => played.includes(r.plays)).map((r) => r.option);
    const total = counts.reduce((a, b) => a + b, 0);
    if (total < 4 * players) bad(`options: ${total} action cards cannot serve ${players} players`);
    if (this.drawsChance) {
      const { seed } = req;
      if (!Number.isInteger(seed) || seed < 0 || seed > 0xFFFFFFFF) {
        bad(`seed: expected a whole number 0 to 4294967295, not ${JSON.stringify(seed)}`);
      }
      this.random = mulberry32(seed);
    }
    const table = new Table(players, counts);
    for (const name of this.mutant ? this.mutant.split(',') : []) MUTANTS[name].install(table);
    for (const name of played) MUTANTS[name].install(table);
    table.readings = options;
    this.table = table;
    return null;
  }

  game() { return this.table || bad('no game: send start first'); }

  seat(req) {
    const { player } = req;
    if (!Number.isInteger(player) || player < 0 || player >= this.game().players) {
      bad(`player: there is no seat ${JSON.stringify(player)} in this game`);
    }
    return player;
  }

  // Apply an action. When the engine draws chance, a reshuffle the step needs is
  // drawn and applied with it, and reported: {"chance": [outcome]}.
  apply(req) {
    const table = this.game();
    table.apply(readAction(req.action));
    if (!this.drawsChance || table.phase !== 'reshuffle') return null;
    return { chance: [table.drawChance(this.random)] };
  }

  // The outcome of the chance step the game waits for, drawn by the engine.
  chance() {
    const outcome = this.game().drawChance(this.random);
    return outcome || bad(`no chance step now: the game waits for ${this.table.phase}`);
  }

  // Each inner request's answer, in order, each on the state the earlier ones left.
  batch(req) {
    if (!Array.isArray(req.requests)) bad('requests: expected a list of requests');
    return req.requests.map((inner, i) => {
      if (inner === null || typeof inner !== 'object' || Array.isArray(inner) || typeof inner.op !== 'string') {
        bad(`requests[${i}]: expected an object with an op`);
      }
      if ('id' in inner) bad(`requests[${i}]: a request in a batch has no id`);
      if (NOT_IN_BATCH.includes(inner.op)) bad(`requests[${i}]: ${inner.op} cannot be part of a batch`);
      return this.respond(inner);
    });
  }

  // The answer's value, or undefined for a query the engine does not answer.
  answer(req) {
    const ask = (op) => this.capabilities.includes(op);
    const v2 = this.protocol === 2;
    switch (req.op) {
      case 'hello': return this.hello(req);
      case 'start': return this.start(req);
      case 'apply': return this.apply(req);
      case 'quit': return null;
      case 'batch': return v2 ? this.batch(req) : undefined;
      case 'chance': return this.drawsChance ? this.chance() : undefined;
      case 'legal_actions': return ask(req.op) ? this.game().legal(this.seat(req)) : undefined;
      case 'to_move': return ask(req.op) ? this.game().toMove() : undefined;
      case 'state': return ask(req.op) ? this.game().state() : undefined;
      case 'view': return ask(req.op) ? this.game().view(this.seat(req)) : undefined;
      case 'scores': return ask(req.op) ? this.game().scores() : undefined;
      case 'winners': return ask(req.op) ? this.game().winnersNow() : undefined;
      case 'is_over': return ask(req.op) ? this.game().phase === 'over' : undefined;
      default: return undefined;
    }
  }

  // The answer without its id: `value`, `refused` (only to hello and apply) or
  // `unsupported`. A request it cannot read throws BadRequest (or a Refusal).
  respond(req) {
    try {
      const value = this.answer(req);
      return value === undefined ? { unsupported: true } : { value };
    } catch (err) {
      if (!(err instanceof Refusal) || (req.op !== 'apply' && req.op !== 'hello')) throw err;
      const refused = { reason: err.message };
      if (err.clause) refused.clause = err.clause;
      return { refused };
    }
  }
}

function usage(message) {
  process.stderr.write(`engine.js: ${message}\n`);
  process.exit(2);
}

const FLAGS = ['--mutant', '--capabilities', '--own-chance', '--no-moves', '--list-mutants', '--reading'];
const WITH_VALUE = ['--mutant', '--capabilities', '--reading'];

// `--mutant NAME` (or CANARDAGE_MUTANT), `--capabilities NAME,...`, `--own-chance`,
// `--no-moves`, `--list-mutants`; anything else ends the engine with status 2.
function readArgs(argv, env) {
  const given = {};
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (!FLAGS.includes(flag)) usage(`unknown argument ${JSON.stringify(flag)}; known: ${FLAGS.join(', ')}`);
    if (flag in given) usage(`${flag} given twice`);
    if (!WITH_VALUE.includes(flag)) {
      given[flag] = true;
    } else {
      if (i + 1 >= argv.length) usage(`${flag} needs a value`);
      given[flag] = argv[++i];
    }
  }
  const mutant = given['--mutant'] ?? (env.CANARDAGE_MUTANT || '');
  for (const name of mutant ? mutant.split(',') : []) {
    if (!(name in MUTANTS)) usage(`unknown mutant ${name}; known: ${Object.keys(MUTANTS).join(', ')}`);
  }
  const listed = given['--capabilities'];
  let capabilities = listed === undefined ? CAPABILITIES : listed.split(',').map((c) => c.trim()).filter(Boolean);
  for (const c of capabilities) {
    if (!CAPABILITIES.includes(c)) usage(`unknown capability ${c}; known: ${CAPABILITIES.join(', ')}`);
  }
  if (given['--no-moves']) capabilities = capabilities.filter((c) => c !== 'legal_actions' && c !== 'state');
  const readings = given['--reading'] ? given['--reading'].split(',') : [];
  for (const r of readings) {
    if (!(r in READINGS)) usage(`unknown reading ${r}; known: ${Object.keys(READINGS).join(', ')}`);
  }
  return { mutant, capabilities, ownChance: Boolean(given['--own-chance']), list: Boolean(given['--list-mutants']), readings };
}

// One answer per request, with its id. A request that cannot be read ends the engine
// with status 2; a fault of the engine itself, with status 1 and its stack on
// standard error.
function main() {
  const { mutant, capabilities, ownChance, list, readings } = readArgs(process.argv.slice(2), process.env);
  if (list) {
    for (const [name, m] of Object.entries(MUTANTS)) process.stdout.write(`${name}\t${m.breaks}\t${m.bug}\n`);
    return;
  }
  const engine = new Engine(mutant, capabilities, ownChance, readings);
  const input = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  const say = (obj) => process.stdout.write(`${JSON.stringify(obj)}\n`);
  let stopped = false;
  const stop = (status, message) => {
    process.stderr.write(`engine.js: ${message}\n`);
    process.exitCode = status;
    stopped = true;
    input.close();
  };
  input.on('line', (text) => {
    if (!text.trim() || stopped) return;
    let req;
    try {
      req = JSON.parse(text);
    } catch (err) {
      stop(2, `bad request: not JSON (${err.message})`);
      return;
    }
    if (req === null || typeof req !== 'object' || !Number.isInteger(req.id)) {
      stop(2, 'bad request: expected an object with an integer id');
      return;
    }
    const { id } = req;
    try {
      say({ id, ...engine.respond(req) });
    } catch (err) {
      if (err instanceof Refusal || err instanceof BadRequest) stop(2, `bad request ${id} (${req.op}): ${err.message}`);
      else stop(1, `fault at request ${id} (${req.op}): ${err.stack}`);
      return;
    }
    if (req.op === 'quit') {
      stopped = true;
      input.close();
    }
  });
  input.on('close', () => process.exit());
}

if (require.main === module) main();

module.exports = { MUTANTS, Table, Engine, readAction, mulberry32, shuffled };
