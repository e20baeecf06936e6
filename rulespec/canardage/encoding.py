"""Canardage's actions as integers and a player's view as numbers, for learning agents.

**Action ids**: 832 in every game, whatever the player count and options. Each
action card has a block of ids, in the rulebook's card order
(:data:`~rulespec.canardage.cards.DECK_ORDER`), for the :class:`Play` of that
card with each choice of spaces (``0`` is the front of the line, ``5`` the
back); the sixteen :class:`Discard` ids follow.

=========  ================  ======  ==================================================
first id   card              ids     the id's offset in the block
=========  ================  ======  ==================================================
``0``      En joue           6       the space ``s``
``6``      Double viseur     11      ``a`` for ``(a, a + 1)``; ``5 + s`` for ``(s,)``
``17``     Pan               6       ``s``
``23``     Tireur d'élite    6       ``s``
``29``     Tu louches        12      ``2t`` for ``(t, t - 1)``, ``2t + 1`` for
                                     ``(t, t + 1)``
``41``     Canardage         5       ``a`` for ``(a, a + 1)``
``46``     Rectifier gauche  6       ``s``
``52``     Rectifier droite  6       ``s``
``58``     En avant marche   1       ``0``
``59``     Palme arrière     6       ``s``
``65``     Palme avant       6       ``s``
``71``     Banzaï            6       ``s``
``77``     Canarchie         720     the rank, in lexicographic order, of the
                                     permutation ``π`` of ``0``–``5`` whose new line
                                     holds at space ``i`` the stack now at space
                                     ``π(i)``
``797``    Dispersion        1       ``0``
``798``    À couvert         12      ``2d`` for ``(d, d - 1)``, ``2d + 1`` for
                                     ``(d, d + 1)``
``810``    Planqué           6       ``s``
``816``    Discard           16      the card's place in the rulebook's order
=========  ================  ======  ==================================================

A new line of Canarchie can come from several permutations when the line holds
identical stacks (water cards, ducks of one colour): its id is the smallest, the
one that takes, for each space from the front, the first matching stack not yet
taken; the other ranks naming it are refused (``can.action.canarchie``), as
is the current order (identity; allowed under the option ``canarchie="any-order"``)
and, on a line shorter than six spaces (at the very end of a game), a permutation
that moves a space beyond its end.

Refusals of :meth:`~rulespec.canardage.Canardage.action_from_id`: an id outside
``0``–``831`` cites ``can.turn.play-one``; an id of an action the rules refuse,
the clause :meth:`~rulespec.canardage.Canardage.apply` cites (``can.turn.order``
out of turn, ``can.turn.play-one`` for a card not in hand,
``can.turn.discard`` for a discard while a card can be played, the card's own
clause for spaces it may not take...).

**Observation**: a flat vector. Seats are counted from the viewer (``0`` is the
viewer, ``1`` the next seat...), and so are colours (colour ``c`` is seat
``c``'s): a card of the duck deck is one-hot over the ``n`` relative colours
then water (``n + 1``). With ``n`` players, in the order of the slices that the game declares
(:attr:`~rulespec.core.declaration.Declaration.observation`, tabled on
:doc:`/reference/encodings`).
"""

from __future__ import annotations

from itertools import combinations, permutations

from rulespec.canardage import observation as _observation
from rulespec.canardage import rules
from rulespec.canardage.actions import Discard, Play, PlayerAction, Stack
from rulespec.canardage.cards import DECK_ORDER, DUCKS_PER_COLOUR, WATER, WATER_CARDS, Card
from rulespec.canardage.line import LENGTH
from rulespec.canardage.state import NO_SHELTER, Options, Phase, State
from rulespec.canardage.view import View
from rulespec.core.errors import IllegalAction
from rulespec.plugin.ids import checked_id, one_hot, relative_seat

__all__ = [
    "ACTION_SPACE_SIZE",
    "ObservationWriter",
    "action_from_id",
    "action_id",
    "action_space_size",
    "legal_action_flags",
    "legal_action_from_id",
    "legal_action_ids",
    "observation",
    "observation_bounds",
    "observation_saturated",
    "observation_shape",
]

_ONE, _PAIR, _DOUBLE, _SIDE, _NONE, _ORDER = "one", "pair", "double", "side", "none", "order"
_FORM = {
    Card.EN_JOUE: _ONE,
    Card.DOUBLE_VISEUR: _DOUBLE,
    Card.PAN: _ONE,
    Card.TIREUR_D_ELITE: _ONE,
    Card.TU_LOUCHES: _SIDE,
    Card.CANARDAGE: _PAIR,
    Card.RECTIFIER_GAUCHE: _ONE,
    Card.RECTIFIER_DROITE: _ONE,
    Card.EN_AVANT_MARCHE: _NONE,
    Card.PALME_ARRIERE: _ONE,
    Card.PALME_AVANT: _ONE,
    Card.BANZAI: _ONE,
    Card.CANARCHIE: _ORDER,
    Card.DISPERSION: _NONE,
    Card.A_COUVERT: _SIDE,
    Card.PLANQUE: _ONE,
}
_ORDERS = tuple(permutations(range(LENGTH)))
"""Every permutation of the six spaces, in lexicographic order (their rank is the index)."""
_RANK = {order: rank for rank, order in enumerate(_ORDERS)}
_WIDTH = {
    _ONE: LENGTH,
    _PAIR: LENGTH - 1,
    _DOUBLE: 2 * LENGTH - 1,
    _SIDE: 2 * LENGTH,
    _NONE: 1,
    _ORDER: len(_ORDERS),
}


def _starts() -> dict[Card, int]:
    found, total = {}, 0
    for card in DECK_ORDER:
        found[card] = total
        total += _WIDTH[_FORM[card]]
    return found


_START = _starts()
DISCARD_ID = _START[DECK_ORDER[-1]] + _WIDTH[_FORM[DECK_ORDER[-1]]]
ACTION_SPACE_SIZE = DISCARD_ID + len(DECK_ORDER)
OUT_OF_RANGE = "can.turn.play-one"
_BLOCKS = sorted((start, card) for card, start in _START.items())


def action_space_size(players: int, options: Options | None = None) -> int:
    """832 in every game (see the module's table).

    >>> action_space_size(3), action_space_size(6)
    (832, 832)
    """
    return ACTION_SPACE_SIZE


# -- numbering ----------------------------------------------------------------------


def _order(line: tuple[Stack, ...], new: tuple[Stack, ...]) -> tuple[int, ...]:
    """The smallest permutation that turns ``line`` into ``new``: each space from the
    front takes the first matching stack not yet taken."""
    free = list(range(len(line)))
    order = []
    for stack in new:
        j = next(j for j in free if line[j] == stack)
        free.remove(j)
        order.append(j)
    return (*order, *range(len(line), LENGTH))


def _offset(state: State, action: Play) -> int:
    spaces = action.spaces
    form = _FORM[action.card]
    if form is _ONE:
        return spaces[0]
    if form is _PAIR:
        return spaces[0]
    if form is _DOUBLE:
        return spaces[0] if len(spaces) == 2 else LENGTH - 1 + spaces[0]
    if form is _SIDE:
        return 2 * spaces[0] + (spaces[1] > spaces[0])
    if form is _NONE:
        return 0
    return _RANK[_order(state.line, action.line)]


def _id(state: State, action: PlayerAction) -> int:
    """The id of a legal ``action``."""
    if type(action) is Discard:
        return DISCARD_ID + DECK_ORDER.index(action.card)
    play: Play = action  # type: ignore[assignment]
    return _START[play.card] + _offset(state, play)


def action_id(state: State, action: PlayerAction) -> int:
    """The id of ``action`` (legal in ``state``): see the module's table.

    >>> import rulespec
    >>> from rulespec.canardage import Card, Play
    >>> can = rulespec.game("canardage")
    >>> state = can.position("0 1 2 W W W", hands=[["pan", "en-joue"], [], []], targets=[2])
    >>> action_id(state, Play(0, Card.EN_JOUE, (4,)))
    4
    >>> action_id(state, Play(0, Card.PAN, (2,)))  # 17 + 2
    19
    """
    rules.check_action(state, action)
    return _id(state, action)


# -- decoding -----------------------------------------------------------------------


def _spaces(form: str, k: int) -> tuple[int, ...]:
    if form is _ONE:
        return (k,)
    if form is _PAIR:
        return (k, k + 1)
    if form is _DOUBLE:
        return (k, k + 1) if k < LENGTH - 1 else (k - LENGTH + 1,)
    if form is _SIDE:
        t = k // 2
        return (t, t + 1) if k % 2 else (t, t - 1)
    return ()


def _decode(state: State, player: int, i: int) -> PlayerAction:
    if i >= DISCARD_ID:
        return Discard(player, DECK_ORDER[i - DISCARD_ID])
    start, card = next((s, c) for s, c in reversed(_BLOCKS) if s <= i)
    k = i - start
    form = _FORM[card]
    if form is not _ORDER:
        return Play(player, card, _spaces(form, k))
    line = state.line
    order = _ORDERS[k]
    if any(order[j] != j for j in range(len(line), LENGTH)):
        try:  # whatever refuses any Canarchie now comes first
            rules.check_action(state, Play(player, card, (), line))
        except IllegalAction as refusal:
            if refusal.clause != "can.action.canarchie":
                raise
        raise IllegalAction(
            "can.action.canarchie",
            f"the line has {len(line)} spaces: order {order} moves a space beyond its end",
        )
    return Play(player, card, (), tuple(line[j] for j in order[: len(line)]))


def action_from_id(state: State, player: int, action_id: int) -> PlayerAction:
    """The action of ``player`` whose id is ``action_id``, if the rules allow it now
    (refusals: see the module's docstring)."""
    i = checked_id(action_id, ACTION_SPACE_SIZE, OUT_OF_RANGE)
    action = _decode(state, player, i)
    rules.check_action(state, action)
    found = _id(state, action)
    if found != i:
        raise IllegalAction("can.action.canarchie", f"this new line is numbered {found}, not {i}")
    return action


def legal_action_from_id(state: State, player: int, action_id: int) -> PlayerAction:
    """The action of ``player`` whose id is ``action_id``, one of
    :func:`legal_action_ids` for ``state`` (not checked again: an id from that list
    only).

    >>> import rulespec
    >>> can = rulespec.game("canardage")
    >>> state = can.position("0 1 2 W W W", hands=[["pan", "en-joue"], [], []], targets=[2])
    >>> legal_action_from_id(state, 0, 19)
    Play(player=0, card=<Card.PAN: 'pan'>, spaces=(2,), line=())

    But for Canarchie's new lines, the action is the very object that
    :func:`rulespec.canardage.rules.legal_actions` offers (the state keeps them), which
    :func:`rulespec.canardage.rules.play` takes without checking it again.

    >>> offered = can.legal_actions(state, 0)
    >>> any(action is legal_action_from_id(state, 0, 19) for action in offered)
    True
    """
    legal = state._legal  # the legal actions, when the state has worked them out
    if type(legal) is rules.LegalActions and player == state.turn:
        if 0 <= action_id < DISCARD_ID:
            group = legal._groups.get(_CARD_AT[action_id])
            kept = _GROUPS.get(id(group))
            if kept is not None and kept[0] is group:
                offered = kept[3].get(action_id)
                if offered is not None:
                    return offered
        elif DISCARD_ID <= action_id < ACTION_SPACE_SIZE:
            group = legal._groups.get(DECK_ORDER[action_id - DISCARD_ID])
            if group and type(group[0]) is Discard:
                return group[0]
    return _decode(state, player, action_id)


_CARD_AT = tuple(card for card in DECK_ORDER for _ in range(_WIDTH[_FORM[card]]))
"""The card of each id of a play (below :data:`DISCARD_ID`)."""

_Kept = tuple[tuple[PlayerAction, ...], slice, bytes, dict[int, PlayerAction]]
_GROUPS: dict[int, _Kept] = {}
"""For each group of plays of one card that the rules offered, by identity (the group is
kept here, so its identity is not reused while kept): the group, where its card's block of
ids lies, that block's flags and the action of each of its ids. The rules keep each
group for good and offer it again in every state where the card has the same uses, so
the ids of a group are worked out once; a group the rules made for one state only (a
table :mod:`~rulespec.canardage.masks` cannot hold) is kept too, so the table starts
over once it holds :data:`_GROUPS_MOST` groups."""
_GROUPS_MOST = 4096


def _kept(state: State, group: tuple[PlayerAction, ...]) -> _Kept:
    """What :data:`_GROUPS` keeps for ``group``, plays of one card (not Canarchie) in
    ``state``, worked out now if not yet."""
    kept = _GROUPS.get(id(group))
    if kept is not None and kept[0] is group:
        return kept
    card = group[0].card
    start = _START[card]
    offers = {_id(state, action): action for action in group}
    block = bytearray(_WIDTH[_FORM[card]])
    for i in offers:
        block[i - start] = 1
    if len(_GROUPS) >= _GROUPS_MOST:
        _GROUPS.clear()
    kept = _GROUPS[id(group)] = (group, slice(start, start + len(block)), bytes(block), offers)
    return kept


def legal_action_ids(state: State, player: int) -> tuple[int, ...]:
    """The ids of ``player``'s legal actions, ascending (their order in
    :func:`rulespec.canardage.rules.legal_actions`, but for Canarchie's lines)."""
    ids: list[int] = []
    for card, group in rules.legal_actions(state, player)._groups.items():
        if type(group) is not tuple:  # Canarchie's new lines
            ids += _pattern(_canarchie(state))
        elif type(group[0]) is Discard:
            ids.append(DISCARD_ID + _DISCARD_AT[card])
        else:
            ids += _kept(state, group)[3]
    ids.sort()
    return tuple(ids)


_DISCARD_AT = {card: i for i, card in enumerate(DECK_ORDER)}


def legal_action_flags(state: State, player: int) -> bytearray:
    """One byte per action id, 1 at each of :func:`legal_action_ids` and 0 elsewhere
    (what an action mask holds).

    >>> import rulespec
    >>> can = rulespec.game("canardage")
    >>> state = can.position("0 1 2 W W W", hands=[["pan", "en-joue"], [], []], targets=[2])
    >>> flags = legal_action_flags(state, 0)
    >>> [i for i, flag in enumerate(flags) if flag] == list(legal_action_ids(state, 0))
    True
    """
    flags = bytearray(ACTION_SPACE_SIZE)
    # Each card's ids make one block: written at once, from flags worked out before.
    for card, group in rules.legal_actions(state, player)._groups.items():
        if type(group) is not tuple:  # Canarchie's new lines
            pattern = _canarchie(state)
            block = _CANARCHIE_FLAGS.get(pattern)
            if block is None:
                written = bytearray(_WIDTH[_ORDER])
                for i in _pattern(pattern):
                    written[i - _CANARCHIE_START] = 1
                block = _CANARCHIE_FLAGS[pattern] = bytes(written)
            flags[_CANARCHIE_START : _CANARCHIE_START + len(block)] = block
            continue
        kept = _GROUPS.get(id(group))
        if kept is None or kept[0] is not group:
            if type(group[0]) is Discard:
                flags[DISCARD_ID + _DISCARD_AT[card]] = 1
                continue
            kept = _kept(state, group)
        flags[kept[1]] = kept[2]
    return flags


_Pattern = tuple[bool, tuple[int, ...]]


def _canarchie(state: State) -> _Pattern:
    """The pattern of Canarchie's new lines in ``state`` (see :func:`_pattern`)."""
    line = state.line
    return (state.options.canarchie == "any-order", tuple(line.index(stack) for stack in line))


_CANARCHIE_IDS: dict[tuple[bool, tuple[int, ...]], tuple[int, ...]] = {}
"""Canarchie's ids for each pattern of equal stacks in a line (and whether the unchanged
order is a play): its new orders, and the smallest permutation naming each, depend on
which stacks are equal and nothing else."""


def _pattern(key: _Pattern) -> tuple[int, ...]:
    """Canarchie's ids for ``(keep, pattern)``, worked out once: ``pattern[i]`` is the
    first space of the line holding the same stack as space ``i`` (see
    :func:`_pattern_ids`), and ``keep`` is ``canarchie="any-order"``."""
    ids = _CANARCHIE_IDS.get(key)
    if ids is None:
        ids = _CANARCHIE_IDS[key] = _pattern_ids(key[1], key[0])
    return ids


_CANARCHIE_START = _START[Card.CANARCHIE]
_CANARCHIE_FLAGS: dict[_Pattern, bytes] = {}
"""The flags of Canarchie's block of ids for each pattern (as :data:`_CANARCHIE_IDS`)."""


def _pattern_ids(pattern: tuple[int, ...], keep: bool) -> tuple[int, ...]:
    """Canarchie's ids on a line whose space ``i`` holds the same stack as space
    ``pattern[i]`` (the first such space): a new line's smallest permutation
    (:func:`_order`) is the one that takes equal stacks in their order on the line, and
    each such permutation gives its own line; the unchanged order only with ``keep``.

    A permutation takes two equal stacks in their order when it does not invert the
    pair of their spaces: the permutations are kept with the pairs each inverts.

    >>> len(_pattern_ids((0, 1, 2), False)), len(_pattern_ids((0, 0, 2), False))
    (5, 2)
    """
    equal = 0
    for (a, b), bit in _PAIR_BITS.items():
        if b < len(pattern) and pattern[a] == pattern[b]:
            equal |= bit
    start = _START[Card.CANARCHIE]
    return tuple(
        start + rank
        for rank, inverted in _orders_of(len(pattern))
        if not inverted & equal and (rank or keep)
    )


_PAIR_BITS = {pair: 1 << k for k, pair in enumerate(combinations(range(LENGTH), 2))}
"""A bit for each pair of spaces ``(a, b)``, ``a < b``."""
_ORDERS_OF: dict[int, tuple[tuple[int, int], ...]] = {}


def _orders_of(n: int) -> tuple[tuple[int, int], ...]:
    """The rank of each permutation that keeps the spaces from ``n`` on in place, with
    the bits of the pairs of spaces it inverts (:data:`_PAIR_BITS`), ranks ascending;
    worked out once per ``n``."""
    found = _ORDERS_OF.get(n)
    if found is None:
        rest = tuple(range(n, LENGTH))
        kept = []
        for rank, order in enumerate(_ORDERS):
            if order[n:] == rest:
                inverted = 0
                for i, b in enumerate(order):
                    for a in order[i + 1 :]:
                        if a < b:
                            inverted |= _PAIR_BITS[a, b]
                kept.append((rank, inverted))
        found = _ORDERS_OF[n] = tuple(kept)
    return found


# -- observation --------------------------------------------------------------------

_PHASES = (Phase.DEAL, Phase.PLAY, Phase.DISPERSION, Phase.RESHUFFLE, Phase.OVER)


def _deck_slots(n: int) -> int:
    """The most cards the duck deck can hold: all but the six of the line."""
    return DUCKS_PER_COLOUR * n + WATER_CARDS - LENGTH


def observation_shape(players: int, options: Options | None = None) -> tuple[int, ...]:
    """``(length,)``: the slices of the module's table, laid end to end.

    >>> observation_shape(3), observation_shape(6)
    ((182,), (398,))
    """
    n = players
    cards = len(DECK_ORDER)
    length = n + len(_PHASES) + n + LENGTH * (3 * n + 3) + 1 + _deck_slots(n) * (n + 1)
    return (length + cards + n + 1 + cards + n + n,)


def _duck(card: int, me: int, n: int) -> list[float]:
    return one_hot(n if card == WATER else relative_seat(card, me, n), n + 1)


def _counts(cards: tuple[Card, ...]) -> list[float]:
    values = [0.0] * len(DECK_ORDER)
    for card in cards:
        values[DECK_ORDER.index(card)] += 1.0
    return values


def observation(view: View) -> tuple[float, ...]:
    """``view`` as numbers, laid out as the module's table says.

    >>> import rulespec
    >>> can = rulespec.game("canardage")
    >>> values = observation(can.view(can.start(4, seed=1), 2))
    >>> len(values) == observation_shape(4)[0]
    True
    """
    n = view.players
    me = view.player
    order = [(me + k) % n for k in range(n)]
    values = one_hot(me, n)
    values += one_hot(_PHASES.index(view.phase), len(_PHASES))
    values += one_hot(relative_seat(view.turn, me, n) if view.turn >= 0 else None, n)
    sheltered = {s: p for p, s in enumerate(view.shelters) if s != NO_SHELTER}
    for i in range(LENGTH):
        if i < len(view.line):
            stack = view.line[i]
            values.append(1.0)
            values += _duck(stack[-1], me, n)
            values += one_hot(relative_seat(stack[0], me, n) if len(stack) == 2 else None, n)
        else:
            values += [0.0] * (1 + (n + 1) + n)
        values.append(1.0 if i in view.targets else 0.0)
        owner = sheltered.get(i)
        values += one_hot(None if owner is None else relative_seat(owner, me, n), n)
    values.append(float(view.deck_size))
    slots = _deck_slots(n)
    for card in reversed(view.deck_bottom[-slots:]):
        values += _duck(card, me, n)
    values += [0.0] * ((slots - min(slots, len(view.deck_bottom))) * (n + 1))
    values += _counts(view.hand)
    values += [float(view.hand_sizes[p]) for p in order]
    values.append(float(view.draw_pile_size))
    values += _counts(view.played)
    values += [float(view.shot[p]) for p in order]
    values += [1.0 if p in view.winners else 0.0 for p in order]
    return tuple(values)


ObservationWriter = _observation.Writer
"""Writes a player's observation into a buffer, rewriting only what changed: see
:mod:`rulespec.canardage.observation`."""
observation_bounds = _observation.bounds
observation_saturated = _observation.saturated
