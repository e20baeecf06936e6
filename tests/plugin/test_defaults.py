"""The defaults a plug-in gets from :mod:`rulespec.plugin`, tried on Tricks
(``tests/plugin/tricks.py``), a trick-taking game that writes its classes, rules and
declaration and nothing else: the methods, the view and sampling from its hidden
hands, JSON, integer encodings, drawing, the kit's probes and a conformance run."""

from __future__ import annotations

import random
import types
from collections.abc import Iterator
from typing import Any, Literal

import attrs
import pytest
from hypothesis import settings

from rulespec import IllegalAction, RecordError
from rulespec.cli.play import Words
from rulespec.core.game import _GAMES, register
from rulespec.plugin import Listed, drawn, evolve, order_hidden, own_only, view_class
from rulespec.plugin.hidden import Hiding
from rulespec.testing import ReferenceAdapter, check
from rulespec.testing.battery import check_game
from rulespec.testing.kit import kit_for
from tests.plugin import tricks
from tests.plugin.tricks import GAME, Deal, Play

DECK = tuple(range(1, 10))


@pytest.fixture
def registered() -> Iterator[None]:
    """Tricks in the registry for the test, and out of it after."""
    with tricks.registered():
        yield


def dealt(order: tuple[int, ...] = (9, 1, 5, 2, 8, 3, 7, 6, 4)) -> tricks.State:
    return GAME.apply(GAME.new_game(3), Deal(order))


def test_the_methods_are_the_rules_with_their_checks() -> None:
    state = dealt()
    assert state.hands == ((2, 7, 9), (1, 6, 8), (3, 4, 5))
    assert GAME.to_move(state) == (0,) and not GAME.is_over(state)
    assert list(GAME.legal_actions(state, 0)) == [Play(0, 2), Play(0, 7), Play(0, 9)]
    assert GAME.legal_actions(state, 1) == ()
    with pytest.raises(IllegalAction) as info:
        GAME.legal_actions(state, 3)
    assert info.value.clause == "tt.setup.players"
    with pytest.raises(TypeError, match="state must be a Tricks state"):
        GAME.to_move("state")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="action must be a Tricks action"):
        GAME.apply(state, (0, 2))
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, Play(0, 1))
    assert info.value.clause == "tt.turn.play"


def test_a_chance_outcome_is_checked_and_a_sampled_one_is_a_shuffle_of_the_piles() -> None:
    fresh = GAME.new_game(3)
    for outcome, clause in (([DECK, DECK], "tt.setup.deal"), ([(*DECK[:-1], 1)], "tt.setup.deal")):
        with pytest.raises(IllegalAction) as info:
            GAME.chance_action(fresh, outcome)
        assert info.value.clause == clause
    assert GAME.chance_action(fresh, [DECK]) == Deal(DECK)
    drawn = GAME.sample_chance(fresh, random.Random(5))
    assert type(drawn) is Deal and sorted(drawn.order) == list(DECK)
    pile: Any = GAME.chance(fresh).sample(random.Random(5))[0]
    assert drawn == Deal(pile)


def test_the_view_hides_the_other_hands_and_a_sample_deals_the_unseen_cards() -> None:
    state = GAME.apply(dealt(), Play(0, 7))
    seen = GAME.view(state, 1)
    assert seen.hands == ((0, 0), (1, 6, 8), (0, 0, 0)) and seen.table == (7,)
    rng = random.Random(3)
    others = set()
    for _ in range(30):
        sample = GAME.sample_state(seen, rng)
        assert GAME.view(sample, 1) == seen and GAME.violations(sample) == ()
        assert sorted((*sum(sample.hands, ()), *sample.table)) == list(DECK)
        others.add(sample.hands[0])
    assert len(others) > 3  # the hidden cards are drawn, not copied
    with pytest.raises(ValueError, match="no Tricks state shows this view"):
        GAME.sample_state(attrs.evolve(seen, hands=((0,), (1, 6, 8), (0, 0, 0))), rng)


def test_a_hidden_entry_shows_as_its_mask_and_a_hidden_order_sorted() -> None:
    @attrs.frozen
    class Table:
        players: int
        deck: tuple[int, ...] = attrs.field(metadata=order_hidden())
        bids: tuple[int | None, ...] = attrs.field(metadata=own_only(0, lambda v, p: (4, 5)))

    hiding = Hiding(Table, view_class(Table, "View"))
    seen = hiding.view(Table(3, (3, 1, 2), (5, None, 4)), 1)
    assert (seen.deck, seen.bids) == ((1, 2, 3), (0, None, 0))
    samples = {hiding.sample(seen, random.Random(s), None) for s in range(40)}
    assert {s.bids[1] for s in samples} == {None}
    assert {s.bids[0] for s in samples} == {4, 5} and {s.deck for s in samples} > {(1, 2, 3)}


def test_json_is_derived_from_the_classes() -> None:
    state = GAME.apply(dealt(), Play(0, 7))
    assert GAME.decode_state(GAME.encode_state(state)) == state
    seen = GAME.view(state, 2)
    assert GAME.decode_view(GAME.encode_view(seen)) == seen
    assert GAME.encode_action(Play(1, 6)) == {"type": "play", "player": 1, "card": 6}
    assert GAME.decode_action({"type": "deal", "order": [3, 1]}) == Deal((3, 1))
    data = GAME.encode_state(state)
    data["hands"][1][2] = "8"
    with pytest.raises(RecordError, match=r"state\.hands\[1\]\[2\]: expected a whole number"):
        GAME.decode_state(data)
    with pytest.raises(RecordError, match="unknown action type 'pass'"):
        GAME.decode_action({"type": "pass", "player": 0})


def test_json_reads_sets_unions_and_literals_from_their_types() -> None:
    from rulespec.core.derive import record

    @attrs.frozen
    class Seat:
        seen: frozenset[int]
        mark: int | None
        side: Literal["left", "right"]

    seat, form = Seat(frozenset({3, 1}), None, "left"), record(Seat, loose=True)
    data = form.encode(seat)
    assert data == {"seen": [1, 3], "mark": None, "side": "left"}
    assert form.decode(data, "seat") == seat
    with pytest.raises(RecordError, match=r"seat\.side: expected one of left, right"):
        form.decode({**data, "side": "up"}, "seat")
    with pytest.raises(RecordError, match=r"seat\.mark"):
        form.decode({**data, "mark": True}, "seat")


def test_action_ids_come_from_the_action_space() -> None:
    state = GAME.apply(dealt(), Play(0, 7))
    assert GAME.action_space_size(3) == 9
    assert GAME.legal_action_ids(state, 1) == (0, 5, 7)
    assert GAME.action_from_id(state, 1, 5) == Play(1, 6)
    assert GAME.action_id(state, Play(1, 8)) == 7
    with pytest.raises(IllegalAction) as info:
        GAME.action_from_id(state, 1, 1)  # the 2 is not player 1's
    assert info.value.clause == "tt.turn.play"


def test_the_observation_hashes_what_the_view_shows() -> None:
    state = dealt()
    twin = dealt((9, 1, 5, 2, 8, 3, 7, 4, 6))  # the same hand for player 0
    mine = GAME.observation(GAME.view(state, 0))
    assert len(mine) == GAME.observation_shape(3)[0] == 256
    assert mine == GAME.observation(GAME.view(twin, 0))
    assert mine != GAME.observation(GAME.view(state, 1))


def test_the_plain_drawing_shows_a_view_field_by_field() -> None:
    words = Words.of(GAME)
    shown = words.text(GAME.view(dealt(), 1))
    assert "hands: 0: 0 0 0 | 1: 1 6 8 | 2: 0 0 0" in shown.splitlines()
    assert words.move(None, Play(1, 6)) == "card 6"


def test_evolve_copies_as_attrs_does_and_falls_back_for_a_validated_class() -> None:
    state = dealt()
    assert evolve(state, turn=2, table=(5,)) == attrs.evolve(state, turn=2, table=(5,))
    assert type(evolve(state, turn=2)) is tricks.State

    @attrs.frozen
    class Checked:
        n: int = attrs.field(validator=attrs.validators.gt(0))

    assert evolve(Checked(1), n=4) == Checked(4)
    with pytest.raises(ValueError):
        evolve(Checked(1), n=0)


def test_listed_actions_equal_the_list_and_slice_lazily() -> None:
    made: list[int] = []

    def play(card: int) -> Play:
        made.append(card)
        return Play(0, card)

    bids = Listed(play, (2, 5, 9))
    assert len(bids) == 3 and made == []
    assert bids[1] == Play(0, 5) and made == [5]
    assert bids == [Play(0, 2), Play(0, 5), Play(0, 9)] and bids[1:] == (Play(0, 5), Play(0, 9))


def test_the_kit_probes_the_action_space_without_a_kit_of_the_game() -> None:
    state = dealt()
    probes = kit_for(GAME).action_space(GAME, state, 2)
    assert probes == [Play(2, card) for card in DECK]


@pytest.mark.usefixtures("registered")
def test_the_conformance_kit_runs_on_the_game() -> None:
    quick = settings(max_examples=15, derandomize=True, deadline=None, database=None)
    result: Any = check(ReferenceAdapter(), "tricks", settings=quick)
    assert result.games >= 15
    assert "tt.turn.play" in result.probed


@pytest.mark.usefixtures("registered")
def test_the_observation_page_says_the_default_for_a_game_without_pieces() -> None:
    from rulespec.sphinxext.observation import layout_table

    assert layout_table("tricks") == [
        "A hashed bag of the view's facts: 256 numbers, each 1 where a fact of the view "
        "falls (see :mod:`rulespec.plugin.encoding`)."
    ]
    assert layout_table("duo")[0] == ".. list-table::"


def test_a_drawn_deal_is_trusted_only_on_its_own_state() -> None:
    fresh, other = GAME.new_game(3), GAME.new_game(3)
    deal = GAME.sample_chance(fresh, random.Random(2))
    assert not drawn(fresh, deal)  # asked from here, not from Tricks' rules
    assert GAME.apply(fresh, deal) == GAME.apply(fresh, Deal(deal.order))
    dealt_state = GAME.apply(fresh, GAME.sample_chance(fresh, random.Random(2)))
    again = GAME.sample_chance(GAME.new_game(3), random.Random(2))
    with pytest.raises(IllegalAction) as info:  # drawn for a fresh game, not this one
        GAME.apply(dealt_state, again)
    assert info.value.clause == "tt.setup.deal"
    with pytest.raises(IllegalAction):  # a forged order is checked, drawn or not
        GAME.apply(other, Deal((1,) * 9))


class Scratch:
    """A player's scratch pad: a class the game declares no JSON form for."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Scratch)

    def __hash__(self) -> int:
        return 0


@attrs.frozen(weakref_slot=False)
class Noted(tricks.State):
    """Tricks' state with a field of a type without a JSON form."""

    pad: Scratch = attrs.field(factory=Scratch)


class NotedTricks(tricks.Tricks):
    """Tricks whose states carry a scratch pad."""

    state_type, view_type = Noted, view_class(Noted, "NotedView")


def _noted_game(players: int, options: tricks.Options | None) -> Noted:
    fresh = tricks.new_game(players, options)
    return Noted(**{f.name: getattr(fresh, f.name) for f in attrs.fields(tricks.State)})


def test_a_game_with_a_field_without_a_form_loads_and_its_records_check_says_which() -> None:
    rules = types.SimpleNamespace(**{**vars(tricks), "new_game": _noted_game})
    game = type("Noted", (NotedTricks,), {"rules": rules})()
    state = game.apply(game.new_game(3), Deal((9, 1, 5, 2, 8, 3, 7, 6, 4)))
    assert type(state) is Noted and game.encode_state(state)["pad"] is not None
    said = "state.pad: the game declares no JSON form for Scratch: it cannot be read"
    with pytest.raises(RecordError, match=f"^{said}$"):
        game.decode_state(game.encode_state(state))
    register(game)
    try:
        (found,) = check_game(game, games=1, only=("records",))
    finally:
        _GAMES.pop(game.id, None)
    assert (found.check, found.status, found.reason) == ("records", "failed", said)
