"""Canardage's action ids and observations, against the layout the reference page
documents. Expected ids are worked out by hand from the module's table."""

from __future__ import annotations

import random
from itertools import permutations, product

import attrs
import pytest

from rulespec.canardage import Card, Discard, Phase, Play, State, View
from rulespec.canardage.cards import DECK_ORDER, WATER
from rulespec.canardage.encoding import _deck_slots, _pattern_ids
from rulespec.core.chance import CHANCE
from rulespec.core.errors import IllegalAction
from tests.canardage.helpers import GAME, at

ORDERS = list(permutations(range(6)))


def _ids(state: State, card: str) -> list[int]:
    """The ids of the legal plays of ``card`` by player 0."""
    return sorted(
        GAME.action_id(state, a)
        for a in GAME.legal_actions(state, 0)
        if type(a) is Play and a.card is Card(card)
    )


def test_the_space_is_the_same_for_every_player_count() -> None:
    assert {GAME.action_space_size(n) for n in range(3, 7)} == {832}


def test_each_card_has_its_block_of_ids() -> None:
    # Spaces: 0 duck 0 (targeted), 1 duck 1, 2 duck 0 (targeted), 3 water, 4 water, 5 duck 2.
    state = at("0* 1 0* W W 2", ["en-joue", "pan", "tu-louches"])
    assert _ids(state, "en-joue") == [0 + 1, 0 + 3, 0 + 4, 0 + 5]
    assert _ids(state, "pan") == [17 + 0, 17 + 2]
    # Tu louches: (0, 1) and (2, 1); (2, 3) is water.
    assert _ids(state, "tu-louches") == [29 + 1, 29 + 4]
    state = at("0* 1 0* W W 2", ["double-viseur", "tireur-d-elite", "canardage"])
    assert _ids(state, "double-viseur") == [6 + 3, 6 + 4]
    assert _ids(state, "tireur-d-elite") == [23 + 0, 23 + 1, 23 + 2, 23 + 5]
    assert _ids(state, "canardage") == []
    state = at("0* 1* W 0 W 2", ["canardage", "rectifier-gauche", "rectifier-droite"])
    assert _ids(state, "canardage") == [41 + 0]
    assert _ids(state, "rectifier-gauche") == []
    assert _ids(state, "rectifier-droite") == [52 + 1]
    state = at("0* W 0* W 1* 2", ["double-viseur", "rectifier-gauche", "en-avant-marche"])
    assert _ids(state, "double-viseur") == [6 + 5 + 1, 6 + 5 + 3, 6 + 5 + 5]
    assert _ids(state, "rectifier-gauche") == [46 + 2, 46 + 4]
    assert _ids(state, "en-avant-marche") == [58]
    state = at("0 1 0 W W 2", ["palme-arriere", "palme-avant", "banzai"])
    assert _ids(state, "palme-arriere") == [59 + 0, 59 + 2]
    assert _ids(state, "palme-avant") == [65 + 2]
    assert _ids(state, "banzai") == [71 + 2]
    state = at("0 1 0 W W 2", ["dispersion", "a-couvert", "planque"])
    assert _ids(state, "dispersion") == [797]
    # À couvert: (0, 1), (2, 1); (2, 3) is water.
    assert _ids(state, "a-couvert") == [798 + 1, 798 + 4]
    assert _ids(state, "planque") == [810 + 0, 810 + 1, 810 + 2, 810 + 5]


def test_discards_follow_the_plays() -> None:
    state = at("W W W W 1 2", ["pan", "canardage", "palme-avant"])
    assert GAME.legal_action_ids(state, 0) == (816 + 2, 816 + 5, 816 + 10)
    assert GAME.action_from_id(state, 0, 818) == Discard(0, Card.PAN)


def test_canarchie_numbers_a_new_line_by_its_smallest_permutation() -> None:
    state = at("0 1 2 W W 1", ["canarchie"])
    ids = _ids(state, "canarchie")
    # 6! orders; the two waters are alike, and so are the two 1s: 180 lines, the current
    # one left out.
    assert len(ids) == 179 and len(set(ids)) == 179
    swapped = Play(0, Card.CANARCHIE, (), ((1,), (0,), (2,), (WATER,), (WATER,), (1,)))
    # Space 0 takes the stack at 1, space 1 the stack at 0, the rest stay: the first
    # permutation that starts with 1, after the 120 that start with 0.
    assert GAME.action_id(state, swapped) == 77 + 120
    assert GAME.action_from_id(state, 0, 197) == swapped
    same = 77 + ORDERS.index((5, 0, 2, 3, 4, 1))  # the same line, the 1s swapped
    with pytest.raises(IllegalAction, match="numbered 197") as refusal:
        GAME.action_from_id(state, 0, same)
    assert refusal.value.clause == "can.action.canarchie"
    waters = 77 + ORDERS.index((0, 1, 2, 4, 3, 5))  # the current line again
    with pytest.raises(IllegalAction, match="change the order"):
        GAME.action_from_id(state, 0, waters)
    first: dict[tuple[object, ...], tuple[int, ...]] = {}
    for order in ORDERS:  # in lexicographic order: the first seen is the smallest
        first.setdefault(tuple(state.line[j] for j in order), order)
    assert sorted(77 + ORDERS.index(o) for o in first.values())[1:] == ids  # minus the line


def test_canarchie_on_a_short_line_keeps_the_missing_spaces_in_place() -> None:
    state = at("0 1 W 2 W 1", ["canarchie"])
    short = attrs.evolve(state, line=state.line[:4], deck=())
    ids = [i for i in GAME.legal_action_ids(short, 0) if 77 <= i < 797]
    assert len(ids) == 4 * 3 * 2 - 1
    assert all(ORDERS[i - 77][4:] == (4, 5) for i in ids)
    with pytest.raises(IllegalAction, match="beyond its end") as refusal:
        GAME.action_from_id(short, 0, 77 + ORDERS.index((0, 1, 2, 3, 5, 4)))
    assert refusal.value.clause == "can.action.canarchie"
    with pytest.raises(IllegalAction) as refusal:
        GAME.action_from_id(short, 1, 77 + ORDERS.index((0, 1, 2, 3, 5, 4)))
    assert refusal.value.clause == "can.turn.order"


def _patterns() -> list[tuple[int, ...]]:
    """Every way of making spaces of a line of 1 to 6 spaces hold equal stacks: space
    ``i`` marked with the first space holding the same stack."""
    found = set()
    for n in range(1, 7):
        for kinds in product(range(n), repeat=n):
            found.add(tuple(kinds.index(k) for k in kinds))
    return sorted(found)


@pytest.mark.parametrize("keep", [False, True])
def test_canarchie_ids_of_every_pattern_of_equal_stacks(keep: bool) -> None:
    patterns = _patterns()
    assert len(patterns) == 1 + 2 + 5 + 15 + 52 + 203  # the Bell numbers
    for pattern in patterns:
        n = len(pattern)
        first: dict[tuple[int, ...], tuple[int, ...]] = {}
        for order in ORDERS:  # lexicographic: the first naming a line is the smallest
            if order[n:] == tuple(range(n, 6)):
                first.setdefault(tuple(pattern[j] for j in order[:n]), order)
        expected = sorted(77 + ORDERS.index(o) for o in first.values() if keep or o != ORDERS[0])
        assert list(_pattern_ids(pattern, keep)) == expected, pattern


@pytest.mark.parametrize(
    ("player", "action_id", "clause"),
    [
        (0, 832, "can.turn.play-one"),
        (1, 17, "can.turn.order"),
        (0, 23, "can.turn.play-one"),  # no Tireur d'élite in hand
        (0, 816 + 2, "can.turn.discard"),  # Pan can be played
        (0, 17 + 1, "can.action.pan"),  # space 1 is not targeted
        (0, 29 + 0, "can.action.tu-louches"),  # (0, -1)
        (0, 29 + 3, "can.action.tu-louches"),  # (1, 2): space 1 is not targeted
    ],
)
def test_ids_the_rules_refuse_cite_their_clause(player: int, action_id: int, clause: str) -> None:
    state = at("0* 1 0* W W 2", ["en-joue", "pan", "tu-louches"])
    with pytest.raises(IllegalAction) as refusal:
        GAME.action_from_id(state, player, action_id)
    assert refusal.value.clause == clause


def test_action_id_refuses_what_the_rules_refuse() -> None:
    state = at("0* 1 0* W W 2", ["en-joue", "pan", "tu-louches"])
    with pytest.raises(IllegalAction) as refusal:
        GAME.action_id(state, Play(0, Card.PAN, (True,)))
    assert refusal.value.clause == "can.action.pan"
    with pytest.raises(IllegalAction) as refusal:
        GAME.action_id(state, Discard(0, Card.PAN))
    assert refusal.value.clause == "can.turn.discard"


# -- observations --------------------------------------------------------------------

N = 3
LINE = 3 * N + 3
DECK = 5 * N - 1


def test_the_observation_follows_the_documented_layout() -> None:
    state = at(
        "0* 1/2 W 0 W* 2",
        ["pan", "en-joue", "banzai"],
        turn=1,
        others=[["pan", "pan", "pan"], ["planque"]],
        shelters={0: 3},
        shot=(1, 0, 2),
        deck=(1, 0, 1, WATER, 2, WATER, 1, WATER, 0, 1),
        seen=2,
        played=["pan", "canardage"],
    )
    values = GAME.observation(GAME.view(state, 2))
    assert len(values) == GAME.observation_shape(N)[0]
    assert values[0:3] == (0.0, 0.0, 1.0)  # seat 2
    assert values[3:8] == (0.0, 1.0, 0.0, 0.0, 0.0)  # play
    assert values[8:11] == (0.0, 0.0, 1.0)  # seat 1 is on turn: two seats after me
    line = 11
    # Colours from the viewer (2): 2, 0, 1, then water.
    space0 = values[line : line + LINE]
    assert space0 == (1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0)
    space1 = values[line + LINE : line + 2 * LINE]  # duck 1 hidden under duck 2
    assert space1 == (1.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0)
    space3 = values[line + 3 * LINE : line + 4 * LINE]  # duck 0, player 0's Planqué
    assert space3 == (1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0)
    space4 = values[line + 4 * LINE : line + 5 * LINE]  # targeted water
    assert space4 == (1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0)
    deck = line + 6 * LINE
    assert values[deck] == 10.0
    # The two bottom cards, bottom first: the 1, then the 0.
    bottom = values[deck + 1 : deck + 1 + DECK * (N + 1)]
    assert bottom[:8] == (0.0, 0.0, 1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    assert not any(bottom[8:])
    hand = deck + 1 + DECK * (N + 1)
    assert values[hand + DECK_ORDER.index(Card.PLANQUE)] == 1.0
    assert sum(values[hand : hand + 16]) == 3.0
    assert values[hand + 16 : hand + 19] == (3.0, 3.0, 3.0)
    draw = hand + 19
    played = draw + 1
    assert values[played + DECK_ORDER.index(Card.CANARDAGE)] == 1.0
    assert sum(values[played : played + 16]) == 2.0
    assert values[played + 16 : played + 19] == (2.0, 1.0, 0.0)  # shot, from seat 2
    assert values[played + 19 :] == (0.0, 0.0, 0.0)
    assert values[draw] == float(len(state.draw_pile))


def test_states_a_player_sees_alike_give_the_same_observation() -> None:
    rng = random.Random(5)
    for n in (3, 6):
        state = GAME.start(n, seed=n)
        for _ in range(40):
            if GAME.to_move(state) == (CHANCE,):
                state = GAME.apply(state, GAME.sample_chance(state, rng))
                continue
            if GAME.is_over(state):
                break
            viewer = rng.randrange(n)
            other = _shuffle_hidden(state, viewer, rng)
            assert GAME.view(other, viewer) == GAME.view(state, viewer)
            assert GAME.observation(GAME.view(other, viewer)) == GAME.observation(
                GAME.view(state, viewer)
            )
            (actor,) = GAME.to_move(state)
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state, actor)))


def _shuffle_hidden(state: State, viewer: int, rng: random.Random) -> State:
    """The other hands and the draw pile dealt anew; the unseen top of the duck deck
    shuffled."""
    pool = [c for p, h in enumerate(state.hands) if p != viewer for c in h]
    pool += state.draw_pile
    rng.shuffle(pool)
    hands = []
    for p, hand in enumerate(state.hands):
        if p == viewer:
            hands.append(hand)
        else:
            hands.append(tuple(sorted(pool[: len(hand)], key=DECK_ORDER.index)))
            pool = pool[len(hand) :]
    unseen = list(state.deck[: len(state.deck) - state.seen])
    rng.shuffle(unseen)
    deck = (*unseen, *state.deck[len(state.deck) - state.seen :])
    return attrs.evolve(state, hands=tuple(hands), draw_pile=tuple(pool), deck=deck)


def test_the_deck_bottom_always_fits_its_slots() -> None:
    rng = random.Random(9)
    for n in (3, 4, 5, 6):
        state = GAME.start(n, seed=rng.randrange(1000))
        while not GAME.is_over(state):
            if GAME.to_move(state) == (CHANCE,):
                state = GAME.apply(state, GAME.sample_chance(state, rng))
                continue
            assert len(state.deck) <= _deck_slots(n) or state.phase is Phase.DISPERSION
            (actor,) = GAME.to_move(state)
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state, actor)))


def _changed(view: View) -> dict[str, View]:
    """One visible change per field of the view."""
    e = attrs.evolve
    return {
        "player": e(view, player=1),
        "players": e(
            view,
            players=4,
            shelters=(*view.shelters, -1),
            hand_sizes=(*view.hand_sizes, 3),
            shot=(*view.shot, 0),
        ),
        "phase": e(view, phase=Phase.OVER),
        "turn": e(view, turn=2),
        "line": e(view, line=(view.line[1], view.line[0], *view.line[2:])),
        "targets": e(view, targets=(*view.targets, 5)),
        "shelters": e(view, shelters=(-1, 4, -1)),
        "deck_size": e(view, deck_size=view.deck_size - 1),
        "deck_bottom": e(view, deck_bottom=(2, 1)),
        "hand": e(view, hand=(Card.PAN,)),
        "hand_sizes": e(view, hand_sizes=(3, 2, 3)),
        "draw_pile_size": e(view, draw_pile_size=view.draw_pile_size - 1),
        "played": e(view, played=(*view.played, Card.BANZAI)),
        "shot": e(view, shot=(0, 0, 1)),
        "winners": e(view, winners=(1,)),
    }


def test_every_visible_field_changes_the_observation() -> None:
    deck = (0, 0, 0, 2, 2, 2, WATER, WATER, WATER, 1, 1, 1, 1)
    state = at("0* 1/2 W 0 W 2", ["pan", "en-joue", "banzai"], deck=deck, seen=2)
    view = GAME.view(state, 0)
    assert view.deck_bottom == (1, 1)
    changed = _changed(view)
    assert set(changed) == {f.name for f in attrs.fields(View)}
    before = GAME.observation(view)
    for name, other in changed.items():
        assert GAME.observation(other) != before, name


def test_a_listed_id_gives_the_offered_action_and_a_stale_listing_is_never_used() -> None:
    from rulespec.canardage import encoding

    rng = random.Random(35)
    state = GAME.new_game(4)
    previous: tuple[State, int, tuple[int, ...]] | None = None
    offered = 0
    while not GAME.is_over(state):
        actor = GAME.to_move(state)[0]
        if actor == CHANCE:
            state = GAME.apply(state, GAME.sample_chance(state, rng))
            continue
        ids = encoding.legal_action_ids(state, actor)
        legal = GAME.legal_actions(state, actor)
        for i in ids:
            action = encoding.legal_action_from_id(state, actor, i)
            assert action == GAME.action_from_id(state, actor, i)
            offered += any(action is a for a in legal)
        if previous is not None:  # another state's ids were listed since
            before, who, before_ids = previous
            for i in before_ids:
                assert encoding.legal_action_from_id(before, who, i) == GAME.action_from_id(
                    before, who, i
                )
        previous = (state, actor, ids)
        state = GAME.apply(state, rng.choice(legal))
    assert offered > 20
