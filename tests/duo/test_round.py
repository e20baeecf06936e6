"""End of a round, scoring and the end of the match:
« FIN D'UNE MANCHE ET FIN DE LA PARTIE »."""

from __future__ import annotations

import pytest

from rulespec import CHANCE
from rulespec.duo import Deal, Draw, Options, Phase, Play, State, Stop
from tests.duo.helpers import ALL_NAMES, DUO, card, deal_order, refused

PILES = [["red-3-circle"], ["blue-1-square"]]


def example(**kwargs: object) -> State:
    """The rulebook's example: A (seat 0) about to play their last card, B holding
    2 cards and C holding 3."""
    return DUO.position(
        [
            ["red-3-cross"],
            ["green-2-triangle", "yellow-4-circle"],
            ["green-1-cross", "yellow-2-square", "green-4-circle"],
        ],
        PILES,
        **kwargs,  # type: ignore[arg-type]
    )


@pytest.mark.clause("duo.round.out", "duo.score.out")
def test_rulebook_example_the_winner_scores_five() -> None:
    state = DUO.apply(example(), Play(0, card("red-3-cross"), 0))
    assert state.round_scores == ((5, 0, 0),)
    assert DUO.scores(state) == (5, 0, 0)
    assert state.phase is Phase.DEAL
    assert DUO.to_move(state) == (CHANCE,)


@pytest.mark.clause("duo.round.out")
def test_the_round_ends_at_the_last_card_even_mid_turn() -> None:
    state = DUO.position(
        [["red-3-cross", "red-2-cross"], ["green-2-triangle"]],
        PILES,
    )
    state = DUO.apply(state, Play(0, card("red-3-cross"), 0))
    assert state.phase is Phase.TURN and DUO.to_move(state) == (0,)
    state = DUO.apply(state, Play(0, card("red-2-cross"), 0))
    # No Stop: the round is over as soon as the hand is empty.
    assert state.phase is Phase.DEAL
    assert state.round_scores == ((1, 0),)
    with refused("duo.setup.deal"):
        DUO.apply(state, Stop(0))


def rest_in_hand(
    hands: list[list[str]], holder: int, draw_pile: list[str], **kwargs: object
) -> State:
    """A position where every card not named elsewhere is in ``holder``'s hand."""
    placed = {n for h in hands for n in h} | {n for p in PILES for n in p} | set(draw_pile)
    rest = [n for n in ALL_NAMES[:-1] if n not in placed]
    hands = [list(h) for h in hands]
    hands[holder] += rest
    return DUO.position(hands, PILES, draw_pile=draw_pile, **kwargs)  # type: ignore[arg-type]


def _one_card_left(exhausted: str) -> State:
    """Player 0 to act with nothing playable; the draw pile holds one card."""
    return rest_in_hand(
        [["blue-4-cross", "green-2-circle"], ["green-2-triangle"], ["yellow-4-circle"]],
        2,
        ["joker-1"],
        options=Options(exhausted=exhausted),  # type: ignore[arg-type]
    )


@pytest.mark.clause("duo.round.exhausted", "duo.score.exhausted")
def test_drawing_the_last_card_ends_the_round_by_default() -> None:
    state = _one_card_left("last-draw")
    sizes = [len(h) for h in state.hands]
    state = DUO.apply(state, Draw(0))
    # Player 0 keeps the card just drawn; everyone loses one point per card held.
    assert state.round_scores == ((-(sizes[0] + 1), -sizes[1], -sizes[2]),)
    assert state.phase is Phase.DEAL and state.draw_pile == ()


@pytest.mark.clause("duo.round.exhausted", "duo.score.exhausted")
def test_empty_draw_reading_ends_the_round_at_a_draw_from_the_empty_pile() -> None:
    state = _one_card_left("empty-draw")
    state = DUO.apply(state, Draw(0))
    assert state.phase is Phase.TURN and state.draw_pile == ()
    assert DUO.to_move(state) == (1,)
    # Player 1 holds nothing that fits: the only action is a Draw, from the empty pile.
    assert list(DUO.legal_actions(state, 1)) == [Draw(1)]
    sizes = [len(h) for h in state.hands]
    after = DUO.apply(state, Draw(1))
    assert after.round_scores == (tuple(-s for s in sizes),)
    assert after.hands == state.hands
    assert after.phase is Phase.DEAL


@pytest.mark.clause("duo.round.exhausted")
def test_empty_draw_reading_lets_players_go_on_playing() -> None:
    state = rest_in_hand(
        [["red-3-cross", "blue-4-cross"], ["green-2-triangle"]],
        1,
        [],
        options=Options(exhausted="empty-draw"),
    )
    state = DUO.apply(state, Play(0, card("red-3-cross"), 0))
    state = DUO.apply(state, Stop(0))
    assert state.phase is Phase.TURN and DUO.to_move(state) == (1,)


@pytest.mark.clause("duo.round.exhausted")
def test_an_empty_draw_pile_is_no_position_under_the_default_reading() -> None:
    from rulespec import PositionError

    with pytest.raises(PositionError, match="draw pile is empty"):
        rest_in_hand([["red-3-cross"], ["green-2-triangle"]], 1, [])


@pytest.mark.clause("duo.round.new", "duo.round.next-starter")
def test_a_new_round_reshuffles_every_card_and_the_next_seat_starts() -> None:
    state = DUO.apply(example(options=Options(first_player=0)), Play(0, card("red-3-cross"), 0))
    assert state.round == 1 and state.starter == 1
    (pile,) = DUO.chance(state).piles
    assert sorted(pile) == sorted(card(n) for n in ALL_NAMES[:-1])  # type: ignore[type-var]
    hands = [ALL_NAMES[i : i + 7] for i in (0, 7, 14)]
    state = DUO.apply(state, deal_order(3, hands, ["green-3-circle", "green-3-square"]))
    assert state.phase is Phase.TURN and DUO.to_move(state) == (1,)
    assert [len(h) for h in state.hands] == [7, 7, 7]
    assert state.round_scores == ((5, 0, 0),)


@pytest.mark.clause("duo.round.new", "duo.cards.turbo")
def test_turbo_duo_reshuffles_eighty_cards_each_round() -> None:
    state = DUO.position([["red-3-cross"], ["turbo"]], PILES, options=Options(turbo=True))
    state = DUO.apply(state, Play(0, card("red-3-cross"), 0))
    (pile,) = DUO.chance(state).piles
    assert len(pile) == 80 and pile.count(card("turbo")) == 4


@pytest.mark.clause("duo.round.next-starter")
@pytest.mark.parametrize(("players", "first"), [(2, 1), (3, 2), (4, 0), (6, 5)])
def test_starters_go_round_the_table(players: int, first: int) -> None:
    """Left of the previous starter is the next seat; after the last seat, seat 0."""
    state = DUO.new_game(players, Options(first_player=first))
    starters = []
    for r in range(players + 1):
        assert state.phase is Phase.DEAL and state.round == r
        state = DUO.apply(state, Deal(tuple(card(n) for n in ALL_NAMES[:-1])))
        starters.append(DUO.to_move(state)[0])
        # End the round quickly: everyone draws until the draw pile runs out.
        while state.phase is Phase.TURN:
            state = DUO.apply(state, Draw(DUO.to_move(state)[0]))
    assert starters == [(first + r) % players for r in range(players + 1)]


@pytest.mark.clause("duo.game.target")
@pytest.mark.parametrize(("players", "target"), [(2, 10), (3, 15), (4, 15), (5, 20), (6, 20)])
def test_reaching_the_target_ends_the_match(players: int, target: int) -> None:
    # Seat 0 wins the round; the others hold one card each, so it gains players − 1.
    others = [["green-2-triangle"], ["yellow-4-circle"], ["green-1-cross"], ["yellow-2-square"],
              ["green-4-circle"]][: players - 1]  # fmt: skip
    gain = players - 1
    for short, over in ((1, False), (0, True)):
        state = DUO.position(
            [["red-3-cross"], *others],
            PILES,
            turn=0,
            round=1,
            round_scores=[(target - gain - short, *([0] * gain))],
        )
        after = DUO.apply(state, Play(0, card("red-3-cross"), 0))
        assert DUO.scores(after)[0] == target - short
        assert DUO.is_over(after) is over
        assert DUO.winners(after) == ((0,) if over else ())
        assert DUO.to_move(after) == (() if over else (CHANCE,))


@pytest.mark.clause("duo.game.target")
def test_passing_the_target_wins_too() -> None:
    state = DUO.position(
        [["red-3-cross"], ["green-2-triangle", "yellow-4-circle", "green-1-cross"]],
        PILES,
        turn=0,
        round=1,
        round_scores=[(8, 0)],
    )
    after = DUO.apply(state, Play(0, card("red-3-cross"), 0))
    assert DUO.scores(after) == (11, 0)
    assert DUO.winners(after) == (0,)
    assert DUO.legal_actions(after, 0) == DUO.legal_actions(after, 1)
    assert len(DUO.legal_actions(after, 1)) == 0
    with refused("duo.game.target"):
        DUO.apply(after, Draw(1))


@pytest.mark.clause("duo.score.exhausted", "duo.game.target")
def test_negative_totals_stand_and_carry_over() -> None:
    state = DUO.position(
        [["red-3-cross"], ["green-2-triangle", "yellow-4-circle"]],
        PILES,
        turn=0,
        round=2,
        round_scores=[(-7, -3), (-4, -2)],
    )
    assert DUO.scores(state) == (-11, -5)
    after = DUO.apply(state, Play(0, card("red-3-cross"), 0))
    assert DUO.scores(after) == (-9, -5)
    assert not DUO.is_over(after) and DUO.winners(after) == ()


@pytest.mark.clause("duo.game.round-limit")
def test_the_round_limit_stops_the_match_without_a_winner() -> None:
    state = DUO.apply(example(options=Options(max_rounds=1)), Play(0, card("red-3-cross"), 0))
    assert DUO.is_over(state) and DUO.winners(state) == ()
    assert DUO.scores(state) == (5, 0, 0)
    assert DUO.to_move(state) == ()
    no_limit = DUO.apply(example(), Play(0, card("red-3-cross"), 0))
    assert not DUO.is_over(no_limit)
