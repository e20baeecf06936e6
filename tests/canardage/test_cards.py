"""Every action card on positions built by hand, with each restriction the rulebook states.

Lines are written front first (space 0 on the left): ``W`` is water, a digit a
duck of that colour (player ``p`` plays colour ``p``), ``h/c`` a duck ``h``
hidden under ``c``, ``*`` a target.
"""

from __future__ import annotations

from collections import Counter
from math import factorial

import pytest

from rulespec import IllegalAction
from rulespec.canardage import Card, Disperse, Phase, Play
from tests.canardage.helpers import GAME, W, at, legal, line_of, play, refusal, spaces

# -- aiming ---------------------------------------------------------------------------


@pytest.mark.clause("can.action.en-joue", "can.targets.spaces")
def test_en_joue_targets_any_free_space_water_included() -> None:
    s = at("0 W* 1 2 W 0", ["en-joue", "pan", "pan"])
    assert spaces(s, Card.EN_JOUE) == [(0,), (2,), (3,), (4,), (5,)]
    after = play(s, Card.EN_JOUE, 4)  # a water card
    assert after.targets == (1, 4)
    assert after.line == s.line


@pytest.mark.clause("can.targets.spaces")
def test_a_space_never_takes_a_second_target() -> None:
    s = at("0 W* 1 2 W 0", ["en-joue", "pan", "pan"])
    assert refusal(s, Card.EN_JOUE, 1) == "can.targets.spaces"


@pytest.mark.clause("can.action.double-viseur")
def test_double_viseur_needs_two_adjacent_free_spaces_when_they_exist() -> None:
    s = at("0 1* 2 0* 1 2", ["double-viseur", "pan", "pan"])
    assert spaces(s, Card.DOUBLE_VISEUR) == [(4, 5)]
    assert play(s, Card.DOUBLE_VISEUR, 4, 5).targets == (1, 3, 4, 5)
    assert refusal(s, Card.DOUBLE_VISEUR, 0) == "can.action.double-viseur"


@pytest.mark.clause("can.action.double-viseur")
def test_double_viseur_places_one_target_when_no_free_pair_exists() -> None:
    s = at("0* 1 2* 0 1* 2", ["double-viseur", "pan", "pan"])
    assert spaces(s, Card.DOUBLE_VISEUR) == [(1,), (3,), (5,)]
    assert play(s, Card.DOUBLE_VISEUR, 3).targets == (0, 2, 3, 4)


@pytest.mark.clause("can.action.double-viseur", "can.targets.spaces")
def test_double_viseur_is_unplayable_on_a_fully_targeted_line() -> None:
    s = at("0* 1* 2* 0* 1* 2*", ["double-viseur", "en-joue", "en-joue"])
    assert spaces(s, Card.DOUBLE_VISEUR) == []
    assert spaces(s, Card.EN_JOUE) == []


@pytest.mark.clause("can.action.rectifier-gauche")
def test_rectifier_gauche_moves_a_target_one_space_forward() -> None:
    s = at("0* 1 2* 0* 1 2", ["rectifier-gauche", "pan", "pan"])
    # 0 is the first space; 3 would land on the target at 2.
    assert spaces(s, Card.RECTIFIER_GAUCHE) == [(2,)]
    assert play(s, Card.RECTIFIER_GAUCHE, 2).targets == (0, 1, 3)
    for bad in (0, 3, 4):
        assert refusal(s, Card.RECTIFIER_GAUCHE, bad) == "can.action.rectifier-gauche"


@pytest.mark.clause("can.action.rectifier-droite")
def test_rectifier_droite_moves_a_target_one_space_back() -> None:
    s = at("0 1 2* 0* 1 2*", ["rectifier-droite", "pan", "pan"])
    # 2 would land on 3's target; 5 is the last space.
    assert spaces(s, Card.RECTIFIER_DROITE) == [(3,)]
    assert play(s, Card.RECTIFIER_DROITE, 3).targets == (2, 4, 5)
    assert refusal(s, Card.RECTIFIER_DROITE, 5) == "can.action.rectifier-droite"


# -- shooting -------------------------------------------------------------------------


@pytest.mark.clause("can.action.pan", "can.shot.owner", "can.line.close-up")
def test_pan_shoots_a_targeted_duck_and_the_line_closes_up() -> None:
    s = at(
        "0 1* 2 W 1 0", ["pan", "pan", "en-joue"], deck=[2, W, 0, 1, 2, 0, 1, 2, 0, 1, W, W, W, 2]
    )
    assert spaces(s, Card.PAN) == [(1,)]
    after = play(s, Card.PAN, 1)
    assert line_of(after) == "0 2 W 1 0 2"  # the deck's top card (2) entered at the back
    assert after.deck == s.deck[1:]
    assert after.targets == ()
    assert after.shot == (0, 1, 0)


@pytest.mark.clause("can.action.pan")
def test_pan_on_water_removes_the_target_and_the_water_stays() -> None:
    s = at("0 W* 1 2 0 1", ["pan", "pan", "en-joue"])
    after = play(s, Card.PAN, 1)
    assert after.line == s.line and after.deck == s.deck
    assert after.targets == () and after.shot == (0, 0, 0)


@pytest.mark.clause("can.action.pan")
def test_pan_only_fires_at_a_targeted_space() -> None:
    s = at("0 W* 1 2 0 1", ["pan", "pan", "en-joue"])
    assert refusal(s, Card.PAN, 2) == "can.action.pan"


@pytest.mark.clause("can.turn.play-one", "can.turn.discard", "can.action.pan")
def test_a_player_may_have_to_shoot_their_own_duck() -> None:
    s = at("1 0* 2 W 1 2", ["pan", "pan", "pan"])
    assert list(legal(s)) == [Play(0, Card.PAN, (1,))]
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, GAME.decode_action({"type": "discard", "player": 0, "card": "pan"}))
    assert err.value.clause == "can.turn.discard"
    assert play(s, Card.PAN, 1).shot == (1, 0, 0)


@pytest.mark.clause("can.action.tireur-d-elite")
def test_tireur_d_elite_shoots_any_duck_targeted_or_not_never_water() -> None:
    s = at("0 W 1* 2 W 1", ["tireur-d-elite", "pan", "en-joue"])
    assert spaces(s, Card.TIREUR_D_ELITE) == [(0,), (2,), (3,), (5,)]
    aimed = play(s, Card.TIREUR_D_ELITE, 2)
    assert aimed.targets == () and aimed.shot == (0, 1, 0)
    free = play(s, Card.TIREUR_D_ELITE, 3)
    assert free.targets == (2,) and free.shot == (0, 0, 1)
    assert line_of(free)[:10] == "0 W 1 W 1 "
    assert refusal(s, Card.TIREUR_D_ELITE, 1) == "can.action.tireur-d-elite"


@pytest.mark.clause("can.action.tu-louches")
def test_tu_louches_shoots_beside_the_target_and_removes_that_target() -> None:
    s = at(
        "0 1* 2 W 2 1", ["tu-louches", "pan", "en-joue"], deck=[0] * 4 + [1] * 3 + [2] * 3 + [W] * 4
    )
    assert spaces(s, Card.TU_LOUCHES) == [(1, 0), (1, 2)]
    after = play(s, Card.TU_LOUCHES, 1, 2)
    assert line_of(after) == "0 1 W 2 1 0"
    assert after.targets == ()
    assert after.shot == (0, 0, 1)


@pytest.mark.clause("can.action.tu-louches", "can.targets.spaces")
def test_tu_louches_leaves_the_target_of_the_shot_ducks_space() -> None:
    s = at("0 1* 2* W 2 1", ["tu-louches", "pan", "en-joue"])
    after = play(s, Card.TU_LOUCHES, 1, 2)
    assert after.targets == (2,)  # the target stays on space 2, now aiming at the water card
    assert after.line[2] == (W,)


@pytest.mark.clause("can.action.tu-louches")
def test_tu_louches_never_hits_water_nor_a_space_two_away() -> None:
    s = at("W* W 0 1 2 0", ["tu-louches", "pan", "en-joue"])
    assert spaces(s, Card.TU_LOUCHES) == []
    s2 = at("0* W 1 2 W 0", ["tu-louches", "pan", "en-joue"])
    assert refusal(s2, Card.TU_LOUCHES, 0, 2) == "can.action.tu-louches"


@pytest.mark.clause("can.action.canardage", "can.line.close-up")
def test_canardage_shoots_two_adjacent_targeted_ducks() -> None:
    s = at(
        "0 1* 2* W 1 0",
        ["canardage", "pan", "en-joue"],
        deck=[W, 0, 1, 2, 0, 1, 2, 0, 1, 2, W, W, W, 2],
    )
    assert spaces(s, Card.CANARDAGE) == [(1, 2)]
    after = play(s, Card.CANARDAGE, 1, 2)
    assert line_of(after) == "0 W 1 0 W 0"
    assert after.targets == ()
    assert after.shot == (0, 1, 1)


@pytest.mark.clause("can.action.canardage")
def test_canardage_never_one_never_apart_never_water() -> None:
    one = at("0 1* 2 W 1 0", ["canardage", "pan", "en-joue"])
    apart = at("0 1* 2 W* 1* 0", ["canardage", "pan", "en-joue"])
    water = at("0 1* W* 2 1 0", ["canardage", "pan", "en-joue"])
    for s in (one, apart, water):
        assert spaces(s, Card.CANARDAGE) == []
    assert refusal(apart, Card.CANARDAGE, 1, 4) == "can.action.canardage"


# -- the line -------------------------------------------------------------------------


@pytest.mark.clause("can.action.en-avant-marche", "can.targets.spaces", "can.view.deck-bottom")
def test_en_avant_marche_sends_the_front_card_under_the_deck() -> None:
    deck = [2, W, 0, 1, 2, 0, 1, 2, 0, 1, W, W, W, 2]
    s = at("0 1* 2 W 1 0", ["en-avant-marche", "pan", "pan"], deck=deck)
    after = play(s, Card.EN_AVANT_MARCHE)
    assert line_of(after) == "1 2 W 1 0 2"
    assert after.deck == (*deck[1:], 0)
    assert after.seen == 1
    assert after.targets == (1,)  # now aiming at the duck 2 that moved up


@pytest.mark.clause("can.action.palme-arriere")
def test_palme_arriere_swaps_your_duck_with_the_card_behind() -> None:
    s = at("0 1 0* W 2 0", ["palme-arriere", "pan", "pan"])
    assert spaces(s, Card.PALME_ARRIERE) == [(0,), (2,)]  # not 5: the last duck
    after = play(s, Card.PALME_ARRIERE, 2)
    assert line_of(after) == "0 1 W 0 2 0"
    assert after.targets == (2,)
    for bad in (1, 5):
        assert refusal(s, Card.PALME_ARRIERE, bad) == "can.action.palme-arriere"


@pytest.mark.clause("can.action.palme-avant")
def test_palme_avant_swaps_your_duck_with_the_card_in_front() -> None:
    s = at("0 1 0 W 2 0", ["palme-avant", "pan", "pan"])
    assert spaces(s, Card.PALME_AVANT) == [(2,), (5,)]  # not 0: the first duck
    assert line_of(play(s, Card.PALME_AVANT, 5)) == "0 1 0 W 0 2"
    assert refusal(s, Card.PALME_AVANT, 0) == "can.action.palme-avant"


@pytest.mark.clause("can.action.banzai")
def test_banzai_sends_your_duck_to_the_front() -> None:
    s = at("0 1 0 W* 2 0", ["banzai", "pan", "pan"])
    assert spaces(s, Card.BANZAI) == [(2,), (5,)]
    after = play(s, Card.BANZAI, 5)
    assert line_of(after) == "0 0 1 0 W 2"
    assert after.targets == (3,)
    assert refusal(s, Card.BANZAI, 0) == "can.action.banzai"  # already first
    assert refusal(s, Card.BANZAI, 1) == "can.action.banzai"  # an opponent's duck


def _distinct_orders(items: list[tuple[int, ...]]) -> int:
    total = factorial(len(items))
    for n in Counter(items).values():
        total //= factorial(n)
    return total


@pytest.mark.clause("can.action.canarchie")
def test_canarchie_offers_every_other_order_water_included() -> None:
    s = at("0 0 0 W* W 1", ["canarchie", "pan", "pan"])
    orders = legal(s, Card.CANARCHIE)
    assert len(orders) == _distinct_orders(list(s.line)) - 1 == 720 // (6 * 2) - 1
    lines = {a.line for a in orders}
    assert len(lines) == 59 and s.line not in lines
    assert all(Counter(line) == Counter(s.line) for line in lines)
    new = ((W,), (1,), (0,), (W,), (0,), (0,))
    after = GAME.apply(s, Play(0, Card.CANARCHIE, (), new))
    assert after.line == new and after.targets == (3,)


@pytest.mark.clause("can.action.canarchie")
def test_canarchie_refuses_the_same_order_and_foreign_cards() -> None:
    s = at("0 0 0 W W 1", ["canarchie", "pan", "pan"])
    for bad in (s.line, ((W,), (W,), (W,), (0,), (0,), (1,))):
        with pytest.raises(IllegalAction) as err:
            GAME.apply(s, Play(0, Card.CANARCHIE, (), bad))
        assert err.value.clause == "can.action.canarchie"


@pytest.mark.clause("can.action.dispersion", "can.chance.shuffles")
def test_dispersion_shuffles_the_line_into_the_deck_and_deals_six() -> None:
    s = at("0 1* 2 W 1 0", ["dispersion", "pan", "pan"], shelters={2: 2}, seen=2)
    mid = play(s, Card.DISPERSION)
    assert mid.phase is Phase.DISPERSION and GAME.to_move(mid) == (-1,)
    assert mid.line == () and mid.seen == 0
    assert Counter(mid.deck) == Counter(s.deck) + Counter([0, 1, 2, W, 1, 0])
    (pile,) = GAME.chance(mid).piles
    assert sorted(pile) == sorted(mid.deck)  # type: ignore[type-var]
    order = tuple(sorted(mid.deck, reverse=True))
    after = GAME.apply(mid, Disperse(order))
    assert after.line == tuple((c,) for c in reversed(order[:6]))
    assert after.deck == order[6:]
    assert after.targets == (1,) and after.shelters == s.shelters
    assert after.turn == 1 and after.phase is Phase.PLAY
