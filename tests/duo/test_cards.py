"""The deck of Duo: « CONTENU » and FACTS.md (Duo)."""

from __future__ import annotations

from collections import Counter

import pytest

from rulespec.duo import BASE_DECK, TURBO, TURBO_DECK, card_name, parse_card
from rulespec.duo.cards import features
from tests.duo.helpers import COLOURS, DUO, JOKER_NAMES, NUMBERS, SHAPES, symbol_names


def _chance_deck(turbo: bool) -> list[str]:
    from rulespec.duo import Options

    state = DUO.new_game(2, Options(turbo=turbo))
    (pile,) = DUO.chance(state).piles
    return [card_name(c) for c in pile]  # type: ignore[arg-type]


@pytest.mark.clause("duo.cards.symbols")
def test_sixty_four_symbol_cards_each_combination_once() -> None:
    names = [n for n in _chance_deck(False) if not n.startswith(("joker", "turbo"))]
    assert len(names) == 64
    assert sorted(names) == sorted(symbol_names())


@pytest.mark.clause("duo.cards.symbols")
def test_a_symbol_card_has_its_three_features() -> None:
    for c, colour in enumerate(COLOURS):
        for n, number in enumerate(NUMBERS):
            for s, shape in enumerate(SHAPES):
                assert features(parse_card(f"{colour}-{number}-{shape}")) == (c, n, s)


@pytest.mark.clause("duo.cards.jokers")
def test_twelve_jokers_four_of_each_feature() -> None:
    jokers = [n for n in _chance_deck(False) if n.startswith("joker")]
    assert sorted(jokers) == sorted(JOKER_NAMES)
    kinds = Counter(
        "colour" if n[6:] in COLOURS else "shape" if n[6:] in SHAPES else "number" for n in jokers
    )
    assert kinds == {"colour": 4, "number": 4, "shape": 4}
    # A joker has one feature only.
    for name in jokers:
        assert sum(f is not None for f in features(parse_card(name))) == 1


@pytest.mark.clause("duo.cards.turbo")
def test_turbo_jokers_only_in_turbo_duo() -> None:
    base, turbo = _chance_deck(False), _chance_deck(True)
    assert len(base) == 76 and "turbo" not in base
    assert len(turbo) == 80
    assert Counter(turbo) - Counter(base) == Counter({"turbo": 4})
    assert Counter(BASE_DECK)[TURBO] == 0 and Counter(TURBO_DECK)[TURBO] == 4


def test_names_round_trip_and_unknown_names_are_refused() -> None:
    for c in {*BASE_DECK, TURBO}:
        assert parse_card(card_name(c)) == c
    assert card_name(parse_card("yellow-2-triangle")) == "yellow-2-triangle"
    with pytest.raises(ValueError, match="not a Duo card"):
        parse_card("purple-2-triangle")
