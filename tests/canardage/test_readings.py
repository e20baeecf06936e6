"""The readings of the catalogue that options play: for each, a position where the two
readings part, played through ``apply``; the quick paths, the codec and the action ids
under each reading; and the catalogue naming them."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, cast

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rulespec
from rulespec import CHANCE, IllegalAction
from rulespec.canardage import Card, Options, Play, State, position
from rulespec.canardage.cards import WATER
from rulespec.canardage.encoding import action_from_id, legal_action_ids
from rulespec.canardage.kit import reading_sets
from rulespec.canardage.masks import read_spaces, survey
from rulespec.canardage.policy import random_card_policy
from rulespec.canardage.rules import arrangements, legal_actions, uses
from tests.canardage.helpers import GAME, at, line_of, play, spaces

SPACE_CARDS = [card for card in Card if card is not Card.CANARCHIE]
EVERY_READING = [
    Options(pair_order="cover-first"),
    Options(sheltered_pan="target-only"),
    Options(sheltered_pan="never"),
    Options(canarchie="any-order"),
    Options(winner_draws=True),
    Options(palme_neighbour="duck"),
    Options(en_joue="duck"),
    Options(planque="own-duck"),
    Options(banzai="may-stay"),
    Options(
        pair_order="cover-first",
        sheltered_pan="target-only",
        canarchie="any-order",
        winner_draws=True,
        palme_neighbour="duck",
        en_joue="duck",
        planque="own-duck",
        banzai="may-stay",
    ),
]


def _with(options: Options, line: str, hand: Sequence[str], **kwargs: Any) -> State:
    return at(line, hand, options=options, **kwargs)


# -- can.cover.forward ------------------------------------------------------------------


@pytest.mark.clause("can.cover.forward", "can.action.en-avant-marche", "can.view.deck-bottom")
def test_cover_first_puts_the_cover_above_its_hidden_duck_under_the_deck() -> None:
    hand = ["en-avant-marche", "pan", "pan"]
    published = play(at("1/2 W 0 1 0 2", hand), Card.EN_AVANT_MARCHE)
    read = play(
        _with(Options(pair_order="cover-first"), "1/2 W 0 1 0 2", hand), Card.EN_AVANT_MARCHE
    )
    assert published.deck[-2:] == (1, 2)  # the hidden duck, then its cover at the bottom
    assert read.deck[-2:] == (2, 1)  # the cover, then the hidden duck at the bottom
    assert read.seen == published.seen == 2
    assert line_of(read) == line_of(published)
    assert GAME.view(read, 1).deck_bottom == (2, 1)
    assert not GAME.violations(read) and not GAME.step_violations(
        _with(Options(pair_order="cover-first"), "1/2 W 0 1 0 2", hand),
        Play(0, Card.EN_AVANT_MARCHE, ()),
        read,
    )


@pytest.mark.clause("can.cover.forward", "can.action.en-avant-marche")
def test_cover_first_changes_nothing_when_a_lone_card_goes_under() -> None:
    hand = ["en-avant-marche", "pan", "pan"]
    published = play(at("1 W 0 1 0 2", hand), Card.EN_AVANT_MARCHE)
    read = play(_with(Options(pair_order="cover-first"), "1 W 0 1 0 2", hand), Card.EN_AVANT_MARCHE)
    assert read.deck == published.deck and read.line == published.line


# -- can.planque.space -----------------------------------------------------------------


@pytest.mark.clause("can.planque.space", "can.action.pan")
def test_pan_at_a_sheltered_duck_is_refused_as_published() -> None:
    s = at("1* W 0 1 0 2", ["pan", "en-joue", "en-joue"], shelters={1: 0})
    assert spaces(s, Card.PAN) == []
    with pytest.raises(IllegalAction) as err:
        play(s, Card.PAN, 0)
    assert err.value.clause == "can.planque.space"


def _target_only(line: str) -> State:
    """``line`` under the ``target-only`` reading of Pan on a Planqué space: player 1's
    Planqué card on space 0, and a Pan in the hand of player 0, on turn."""
    hand = ["pan", "en-joue", "en-joue"]
    return _with(Options(sheltered_pan="target-only"), line, hand, shelters={1: 0})


@pytest.mark.clause("can.planque.space", "can.action.pan")
def test_target_only_lets_pan_take_the_target_while_the_sheltered_duck_survives() -> None:
    s = _target_only("1* W 0 1 0 2")
    assert spaces(s, Card.PAN) == [(0,)]
    after = play(s, Card.PAN, 0)
    assert after.targets == ()
    assert after.line == s.line and after.shot == s.shot  # nobody was shot
    assert after.deck == s.deck
    assert Card.PAN in after.played


@pytest.mark.clause("can.planque.space", "can.action.pan")
def test_target_only_still_shoots_a_duck_no_planque_protects() -> None:
    s = _target_only("1* W 0* 1 0 2")
    after = play(s, Card.PAN, 2)
    assert after.shot[0] == 1 and after.targets == (0,)


@pytest.mark.clause("can.planque.space", "can.action.pan")
def test_never_refuses_pan_at_sheltered_water_which_the_published_reading_allows() -> None:
    line, hand = "W* 1 0 1 0 2", ["pan", "en-joue", "en-joue"]
    published = at(line, hand, shelters={1: 0})
    assert spaces(published, Card.PAN) == [(0,)]
    assert play(published, Card.PAN, 0).targets == ()
    never = _with(Options(sheltered_pan="never"), line, hand, shelters={1: 0})
    assert spaces(never, Card.PAN) == []
    with pytest.raises(IllegalAction) as err:
        play(never, Card.PAN, 0)
    assert err.value.clause == "can.planque.space"
    assert "Pan is not fired there" in err.value.reason


# -- can.action.canarchie --------------------------------------------------------------


@pytest.mark.clause("can.action.canarchie")
def test_any_order_lets_canarchie_keep_the_line_as_it_is() -> None:
    line, hand = "0 W 1 2 W 1", ["canarchie", "en-joue", "en-joue"]
    published = at(line, hand)
    same = Play(0, Card.CANARCHIE, (), published.line)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(published, same)
    assert err.value.clause == "can.action.canarchie"
    read = _with(Options(canarchie="any-order"), line, hand)
    assert same in legal_actions(read, 0)
    after = GAME.apply(read, same)
    assert after.line == read.line and after.turn == 1
    assert Card.CANARCHIE in after.played
    assert len(legal_actions(read, 0).uses(Card.CANARCHIE)) == (
        len(legal_actions(published, 0).uses(Card.CANARCHIE)) + 1
    )


@pytest.mark.clause("can.action.canarchie", "can.turn.discard")
def test_any_order_makes_canarchie_playable_on_a_line_of_one_kind() -> None:
    line = ((WATER,),) * 6
    published = attrs.evolve(at("0 W 1 2 W 1", ["canarchie", "pan", "pan"]), line=line)
    assert [type(a).__name__ for a in legal_actions(published, 0)] == ["Discard", "Discard"]
    read = attrs.evolve(published, options=Options(canarchie="any-order"))
    assert list(legal_actions(read, 0)) == [Play(0, Card.CANARCHIE, (), line)]


@pytest.mark.clause("can.action.canarchie")
def test_any_order_gives_the_unchanged_order_its_action_id() -> None:
    line, hand = "0 W 1 2 W 1", ["canarchie", "en-joue", "en-joue"]
    published = at(line, hand)
    read = _with(Options(canarchie="any-order"), line, hand)
    extra = sorted(set(legal_action_ids(read, 0)) - set(legal_action_ids(published, 0)))
    assert len(extra) == 1
    assert action_from_id(read, 0, extra[0]) == Play(0, Card.CANARCHIE, (), read.line)
    with pytest.raises(IllegalAction):
        action_from_id(published, 0, extra[0])


@given(st.lists(st.sampled_from([(0,), (1,), (WATER,), (0, 1)]), max_size=6))
@pytest.mark.clause("can.action.canarchie")
def test_arrangements_with_the_unchanged_order_are_the_others_and_it(
    stacks: list[tuple[int, ...]],
) -> None:
    line = tuple(stacks)
    kept = arrangements(line, keep=True)
    others = arrangements(line)
    listed = list(kept)
    assert len(listed) == len(kept) == len(others) + 1
    assert sorted(listed) == sorted([*others, line])
    assert all(order in kept for order in listed)
    assert bool(kept)


# -- can.turn.draw ---------------------------------------------------------------------


def _last_shot(options: Options | None = None, *, empty_pile: bool = False) -> State:
    """Player 0 (out already) fires the shot that leaves player 1 the only one with ducks."""
    state = position(
        "2* 1 1 1 1 1",
        [["pan", "en-joue", "en-joue"], ["pan"] * 3, ["pan"] * 3],
        shot=[5, 0, 4],
        deck=[WATER] * 5,
        options=options,
    )
    if empty_pile:  # every card not in a hand already played
        state = attrs.evolve(state, draw_pile=(), played=state.played + state.draw_pile)
    assert not GAME.violations(state)
    return state


@pytest.mark.clause("can.turn.draw", "can.end.winner")
def test_the_player_who_ends_the_game_draws_only_under_winner_draws() -> None:
    published = play(_last_shot(), Card.PAN, 0)
    read = play(_last_shot(Options(winner_draws=True)), Card.PAN, 0)
    assert GAME.is_over(published) and GAME.is_over(read)
    assert published.winners == read.winners == (1,)
    assert len(published.hands[0]) == 2
    assert len(read.hands[0]) == 3
    assert read.draw_pile == published.draw_pile[1:]
    assert read.hands[0] == tuple(
        sorted((*published.hands[0], published.draw_pile[0]), key=list(Card).index)
    )
    assert not GAME.violations(read)


@pytest.mark.clause("can.turn.draw", "can.deck.reshuffle")
def test_winner_draws_finds_nothing_to_draw_in_an_empty_pile() -> None:
    empty = _last_shot(Options(winner_draws=True), empty_pile=True)
    after = play(empty, Card.PAN, 0)
    assert GAME.is_over(after) and len(after.hands[0]) == 2
    assert not GAME.violations(after)


# -- can.action.palme-avant / palme-arriere --------------------------------------------


@pytest.mark.clause("can.action.palme-arriere", "can.action.palme-avant")
def test_duck_neighbour_refuses_palme_towards_water() -> None:
    line, hand = "0 W 0 1 W 0", ["palme-arriere", "palme-avant", "pan"]
    published = at(line, hand)
    assert spaces(published, Card.PALME_ARRIERE) == [(0,), (2,)]
    assert spaces(published, Card.PALME_AVANT) == [(2,), (5,)]
    assert line_of(play(published, Card.PALME_ARRIERE, 0)).startswith("W 0 ")
    read = _with(Options(palme_neighbour="duck"), line, hand)
    assert spaces(read, Card.PALME_ARRIERE) == [(2,)]
    assert spaces(read, Card.PALME_AVANT) == []
    for card, space in ((Card.PALME_ARRIERE, 0), (Card.PALME_AVANT, 2), (Card.PALME_AVANT, 5)):
        with pytest.raises(IllegalAction) as err:
            play(read, card, space)
        assert err.value.clause == f"can.action.{card.value}"
        assert "holds water" in err.value.reason
    assert line_of(play(read, Card.PALME_ARRIERE, 2)) == "0 W 1 0 W 0"


# -- can.action.en-joue, can.action.planque, can.action.banzai -------------------------


@pytest.mark.clause("can.action.en-joue", "can.targets.spaces")
def test_duck_space_keeps_en_joue_off_water() -> None:
    line, hand = "0 W 1* 2 W 1", ["en-joue", "pan", "pan"]
    published = at(line, hand)
    assert spaces(published, Card.EN_JOUE) == [(0,), (1,), (3,), (4,), (5,)]
    assert play(published, Card.EN_JOUE, 1).targets == (1, 2)
    read = _with(Options(en_joue="duck"), line, hand)
    assert spaces(read, Card.EN_JOUE) == [(0,), (3,), (5,)]
    with pytest.raises(IllegalAction) as err:
        play(read, Card.EN_JOUE, 1)
    assert err.value.clause == "can.action.en-joue"
    assert "holds water" in err.value.reason
    assert spaces(read, Card.DOUBLE_VISEUR) == spaces(published, Card.DOUBLE_VISEUR) == []


@pytest.mark.clause("can.action.en-joue", "can.turn.discard")
def test_duck_space_may_leave_en_joue_unplayable() -> None:
    line = "0* W 1* 2* W W"
    assert spaces(at(line, ["en-joue", "en-joue", "en-joue"]), Card.EN_JOUE) == [(1,), (4,), (5,)]
    read = _with(Options(en_joue="duck"), line, ["en-joue", "en-joue", "en-joue"])
    assert [type(a).__name__ for a in legal_actions(read, 0)] == ["Discard"]


@pytest.mark.clause("can.action.planque")
def test_own_duck_keeps_planque_for_the_player_s_own_ducks() -> None:
    line, hand = "0 W 1 2 W 0/1", ["planque", "pan", "pan"]
    published = at(line, hand)
    assert spaces(published, Card.PLANQUE) == [(0,), (2,), (3,), (5,)]
    assert play(published, Card.PLANQUE, 2).shelters == (2, -1, -1)
    read = _with(Options(planque="own-duck"), line, hand)
    assert spaces(read, Card.PLANQUE) == [(0,)]  # the hidden duck of space 5 is not on top
    with pytest.raises(IllegalAction) as err:
        play(read, Card.PLANQUE, 2)
    assert err.value.clause == "can.action.planque"
    assert err.value.reason == "space 2 does not show one of your ducks"
    assert play(read, Card.PLANQUE, 0).shelters == (0, -1, -1)


@pytest.mark.clause("can.action.banzai")
def test_may_stay_lets_banzai_be_played_on_the_first_duck_without_effect() -> None:
    line, hand = "0 W 1 0 W 2", ["banzai", "en-joue", "en-joue"]
    published = at(line, hand)
    assert spaces(published, Card.BANZAI) == [(3,)]
    with pytest.raises(IllegalAction) as err:
        play(published, Card.BANZAI, 0)
    assert err.value.clause == "can.action.banzai"
    read = _with(Options(banzai="may-stay"), line, hand)
    assert spaces(read, Card.BANZAI) == [(0,), (3,)]
    after = play(read, Card.BANZAI, 0)
    assert after.line == read.line and after.turn == 1
    assert Card.BANZAI in after.played
    assert line_of(play(read, Card.BANZAI, 3)) == "0 0 W 1 W 2"


# -- the quick paths, the codec, the catalogue -----------------------------------------


def _plain(state: State, player: int, card: Card) -> tuple[tuple[int, ...], ...]:
    return tuple(cast("Sequence[tuple[int, ...]]", uses(state, player, card)))


_STACK = st.one_of(
    st.tuples(st.integers(0, 5)),
    st.just((WATER,)),
    st.tuples(st.integers(0, 5), st.integers(0, 5)),
)


@given(
    line=st.lists(_STACK, max_size=6),
    targets=st.sets(st.integers(0, 5)),
    shelters=st.lists(st.integers(-1, 5), min_size=3, max_size=3),
    player=st.integers(0, 2),
    options=st.sampled_from([o for o in EVERY_READING if o.spaces_read is not None]),
)
@pytest.mark.clause(
    "can.planque.space",
    "can.action.pan",
    "can.action.palme-avant",
    "can.action.palme-arriere",
    "can.action.en-joue",
    "can.action.planque",
    "can.action.banzai",
)
def test_the_masks_agree_with_the_rule_functions_under_every_reading(
    line: list[tuple[int, ...]],
    targets: set[int],
    shelters: list[int],
    player: int,
    options: Options,
) -> None:
    state = attrs.evolve(
        GAME.start(3, seed=1, options=options),
        line=tuple(line),
        targets=tuple(sorted(targets)),
        shelters=tuple(shelters),
    )
    table = survey(state.line, state.targets, state.shelters, player)
    assert table is not None
    for card in SPACE_CARDS:
        assert options.spaces_read is not None
        found = read_spaces(card, table, options.spaces_read)
        assert found == _plain(state, player, card), card


@pytest.mark.parametrize("options", EVERY_READING, ids=lambda o: str(GAME.encode_options(o)))
@pytest.mark.clause("can.turn.play-one", "can.turn.discard", "can.turn.draw")
def test_whole_games_under_each_reading_keep_every_invariant(options: Options) -> None:
    for seed in range(4):
        rng = random.Random(seed)
        state = GAME.new_game(3 + seed % 4, options)
        while not GAME.is_over(state):
            if GAME.to_move(state) == (CHANCE,):
                action = GAME.sample_chance(state, rng)
            else:
                legal = legal_actions(state, state.turn)
                assert sorted(map(str, legal)) == sorted(
                    str(GAME.action_from_id(state, state.turn, i))
                    for i in GAME.legal_action_ids(state, state.turn)
                )
                action = random_card_policy(GAME, state, state.turn, rng)
            after = GAME.apply(state, action)
            found = GAME.violations(after) + GAME.step_violations(state, action, after)
            assert not found, found
            state = after
        assert GAME.decode_state(GAME.encode_state(state)) == state


@pytest.mark.parametrize("options", EVERY_READING, ids=lambda o: str(GAME.encode_options(o)))
@pytest.mark.clause("can.setup.action-deck")
def test_the_codec_writes_only_the_readings_that_differ(options: Options) -> None:
    data = GAME.encode_options(options)
    assert GAME.decode_options(data) == options
    assert set(data) == {
        f.name for f in attrs.fields(Options) if getattr(options, f.name) != f.default
    }
    assert GAME.encode_options(Options()) == {}


@pytest.mark.parametrize(
    ("data", "where"),
    [
        ({"pair_order": "cover-last"}, "options.pair_order"),
        ({"sheltered_pan": True}, "options.sheltered_pan"),
        ({"winner_draws": 1}, "options.winner_draws"),
        ({"winner_draws": "true"}, "options.winner_draws"),
        ({"canarchie": None}, "options.canarchie"),
        ({"palme_neighbour": "water"}, "options.palme_neighbour"),
        ({"palme": "duck"}, "options"),
    ],
)
@pytest.mark.clause("can.setup.action-deck")
def test_a_malformed_reading_option_is_refused_in_one_line(
    data: dict[str, Any], where: str
) -> None:
    with pytest.raises(ValueError, match=r"^[^\n]+$") as err:
        GAME.decode_options(data)
    assert str(err.value).startswith(where)


@pytest.mark.clause("can.setup.action-deck")
def test_options_refuse_a_value_that_no_reading_has() -> None:
    with pytest.raises(ValueError, match="pair_order: expected one of"):
        Options(pair_order="cover-last")
    with pytest.raises(ValueError, match="winner_draws: expected true or false"):
        Options(winner_draws=1)  # type: ignore[arg-type]


@pytest.mark.clause(
    "can.cover.forward",
    "can.planque.space",
    "can.action.canarchie",
    "can.turn.draw",
    "can.action.palme-avant",
    "can.action.palme-arriere",
    "can.action.en-joue",
    "can.action.planque",
    "can.action.banzai",
)
def test_each_reading_option_is_named_by_the_catalogue_and_played_by_the_kit() -> None:
    named = {
        (r.clause, r.name): GAME.decode_options(
            rulespec.reading_options("canardage", r.clause, r.name)
        )
        for r in rulespec.readings("canardage")
    }
    assert named[("can.cover.forward", "cover-first")] == Options(pair_order="cover-first")
    assert named[("can.planque.space", "pan-spares-duck")] == Options(sheltered_pan="target-only")
    assert named[("can.planque.space", "no-shot")] == Options(sheltered_pan="never")
    assert named[("can.action.canarchie", "unchanged-order")] == Options(canarchie="any-order")
    assert named[("can.turn.draw", "winner-draws")] == Options(winner_draws=True)
    for clause in ("can.action.palme-avant", "can.action.palme-arriere"):
        assert named[(clause, "duck-neighbour")] == Options(palme_neighbour="duck")
    assert named[("can.action.en-joue", "duck-space")] == Options(en_joue="duck")
    assert named[("can.action.planque", "own-duck")] == Options(planque="own-duck")
    assert named[("can.action.banzai", "no-effect")] == Options(banzai="may-stay")
    reading_fields = {f.name for f in attrs.fields(Options)} - {"action_deck"}
    for field in reading_fields:  # every reading option is some alternative's
        assert any(getattr(o, field) != getattr(Options(), field) for o in named.values()), field
        assert any(field in s for s in reading_sets()), field
