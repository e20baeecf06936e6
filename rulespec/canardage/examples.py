"""Worked examples of Canardage, drawn beside their clauses on the rules page.

Three players; player 0 plays a card from a hand of one action card and two
Pan, then draws the top card of the draw pile (an En joue: the draw pile is
in the canonical order). Each ``after`` is written out from the rules, not
computed: the test suite checks that the engine reaches it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

import attrs

from rulespec.canardage.actions import Discard, Disperse, Play
from rulespec.canardage.cards import Card
from rulespec.canardage.line import diagram, is_duck
from rulespec.canardage.position import position
from rulespec.canardage.scoring import living
from rulespec.canardage.state import Phase, State
from rulespec.rulebook.examples import Example
from rulespec.rulebook.facts import Seat, Told

__all__ = ["LINE", "examples", "facts", "told"]

LINE = "0 1 W 2 0 1"
"""The line of most examples, front first: ``W`` is water, a digit a player's duck."""

OTHERS = ["pan", "pan", "pan"]
"""The hands of players 1 and 2."""


def _before(line: str, card: str, **kw: Any) -> State:
    """Player 0 to play, holding ``card`` and two Pan."""
    return position(line, [[card, "pan", "pan"], OTHERS, OTHERS], **kw)


def _after(line: str, played: Sequence[str], **kw: Any) -> State:
    """Player 1 to play; player 0 has drawn an En joue in place of the card played."""
    return position(line, [["en-joue", "pan", "pan"], OTHERS, OTHERS], turn=1, played=played, **kw)


def _example(
    name: str,
    clauses: tuple[str, ...],
    caption: str,
    before: State,
    play: Play | Discard | Disperse,
    after: State,
) -> Example:
    return Example(name, clauses, caption, before, play, after)


def _aim() -> list[Example]:
    return [
        _example(
            "can-en-joue",
            ("can.action.en-joue", "can.turn.play-one", "can.turn.draw"),
            "En joue puts a target beside space 2, a water card: any space without a "
            "target will do. Player 0 draws back to three cards.",
            _before(LINE, "en-joue"),
            Play(0, Card.EN_JOUE, (2,)),
            _after(LINE, ["en-joue"], targets=[2]),
        ),
        _example(
            "can-double-viseur",
            ("can.action.double-viseur",),
            "Double viseur targets two neighbouring free spaces, 3 and 4.",
            _before(LINE, "double-viseur"),
            Play(0, Card.DOUBLE_VISEUR, (3, 4)),
            _after(LINE, ["double-viseur"], targets=[3, 4]),
        ),
        _example(
            "can-rectifier-gauche",
            ("can.action.rectifier-gauche",),
            "Rectifier le tir à gauche moves the target of space 3 one space towards the "
            "front, to space 2.",
            _before(LINE, "rectifier-gauche", targets=[3]),
            Play(0, Card.RECTIFIER_GAUCHE, (3,)),
            _after(LINE, ["rectifier-gauche"], targets=[2]),
        ),
        _example(
            "can-rectifier-droite",
            ("can.action.rectifier-droite",),
            "Rectifier le tir à droite moves the target of space 1 one space towards the "
            "back, to space 2.",
            _before(LINE, "rectifier-droite", targets=[1]),
            Play(0, Card.RECTIFIER_DROITE, (1,)),
            _after(LINE, ["rectifier-droite"], targets=[2]),
        ),
    ]


def _shoot() -> list[Example]:
    return [
        _example(
            "can-pan",
            ("can.action.pan", "can.shot.owner", "can.line.close-up"),
            "Pan fires at the targeted space 1: player 1's duck is shot and goes to its "
            "owner, the cards behind move forward, and the top of the duck deck (a duck "
            "of player 0) enters at the back.",
            _before(LINE, "pan", targets=[1]),
            Play(0, Card.PAN, (1,)),
            _after("0 W 2 0 1 0", ["pan"], shot=[0, 1, 0]),
        ),
        _example(
            "can-tireur-d-elite",
            ("can.action.tireur-d-elite",),
            "Tireur d'élite shoots player 2's duck on space 3, which had no target.",
            _before(LINE, "tireur-d-elite"),
            Play(0, Card.TIREUR_D_ELITE, (3,)),
            _after("0 1 W 0 1 0", ["tireur-d-elite"], shot=[0, 0, 1]),
        ),
        _example(
            "can-tu-louches",
            ("can.action.tu-louches",),
            "Tu louches misses the targeted water on space 2 and hits the duck beside it, "
            "on space 3; the target of space 2 goes.",
            _before(LINE, "tu-louches", targets=[2]),
            Play(0, Card.TU_LOUCHES, (2, 3)),
            _after("0 1 W 0 1 0", ["tu-louches"], shot=[0, 0, 1]),
        ),
        _example(
            "can-canardage",
            ("can.action.canardage",),
            "Canardage shoots the ducks of the neighbouring targeted spaces 0 and 1 at "
            "once; the line closes up over both and two cards enter at the back.",
            _before(LINE, "canardage", targets=[0, 1]),
            Play(0, Card.CANARDAGE, (0, 1)),
            _after("W 2 0 1 0 0", ["canardage"], shot=[1, 1, 0]),
        ),
    ]


def _line() -> list[Example]:
    return [
        _example(
            "can-en-avant-marche",
            ("can.action.en-avant-marche",),
            "En avant marche sends the front card, player 0's duck, under the duck deck in "
            "view of all; the line moves forward and a card enters at the back. The target "
            "stays beside space 1.",
            _before(LINE, "en-avant-marche", targets=[1]),
            Play(0, Card.EN_AVANT_MARCHE, ()),
            _after(
                "1 W 2 0 1 0",
                ["en-avant-marche"],
                targets=[1],
                deck=[0, 0, 1, 1, 1, 2, 2, 2, 2, 6, 6, 6, 6, 0],
                seen=1,
            ),
        ),
        _example(
            "can-canarchie",
            ("can.action.canarchie",),
            "Canarchie: player 0 lays the line's cards in an order of their choice; the "
            "target stays beside space 0.",
            _before(LINE, "canarchie", targets=[0]),
            Play(0, Card.CANARCHIE, (), line=((1,), (1,), (2,), (6,), (0,), (0,))),
            _after("1* 1 2 W 0 0", ["canarchie"]),
        ),
    ]


def _ducks() -> list[Example]:
    return [
        _example(
            "can-palme-arriere",
            ("can.action.palme-arriere",),
            "Palme arrière swaps player 0's duck on space 0 with the card behind it.",
            _before(LINE, "palme-arriere"),
            Play(0, Card.PALME_ARRIERE, (0,)),
            _after("1 0 W 2 0 1", ["palme-arriere"]),
        ),
        _example(
            "can-palme-avant",
            ("can.action.palme-avant",),
            "Palme avant swaps player 0's duck on space 4 with the card in front of it.",
            _before(LINE, "palme-avant"),
            Play(0, Card.PALME_AVANT, (4,)),
            _after("0 1 W 0 2 1", ["palme-avant"]),
        ),
        _example(
            "can-banzai",
            ("can.action.banzai",),
            "Banzaï takes player 0's duck on space 4 to the front; the four cards that stood "
            "before it move one space back.",
            _before(LINE, "banzai"),
            Play(0, Card.BANZAI, (4,)),
            _after("0 0 1 W 2 1", ["banzai"]),
        ),
    ]


def _defence() -> list[Example]:
    pair = "0 1 W 2 1/0 2"
    return [
        _example(
            "can-a-couvert",
            ("can.action.a-couvert",),
            "À couvert slides player 0's duck on space 4 under player 2's duck on space 3; "
            "the line closes up and a card enters at the back.",
            _before(LINE, "a-couvert"),
            Play(0, Card.A_COUVERT, (4, 3)),
            _after("0 1 W 0/2 1 0", ["a-couvert"]),
        ),
        _example(
            "can-cover-pair",
            ("can.cover.pair",),
            "Player 0's duck on space 4 hides player 1's duck: the pair moves as one card, "
            "and Banzaï takes it to the front.",
            _before(pair, "banzai"),
            Play(0, Card.BANZAI, (4,)),
            _after("1/0 0 1 W 2 2", ["banzai"]),
        ),
        _example(
            "can-cover-shot",
            ("can.cover.shot",),
            "Pan at the pair on space 4 shoots the cover, player 0's duck; player 1's duck, "
            "hidden beneath, stays on the space uncovered, and no card enters.",
            _before(pair, "pan", targets=[4]),
            Play(0, Card.PAN, (4,)),
            _after("0 1 W 2 1 2", ["pan"], shot=[1, 0, 0]),
        ),
        _example(
            "can-cover-forward",
            ("can.cover.forward",),
            "En avant marche sends the pair on the front space under the duck deck: the "
            "hidden duck first, then its cover at the very bottom.",
            _before("1/0 1 W 2 0 2", "en-avant-marche"),
            Play(0, Card.EN_AVANT_MARCHE, ()),
            _after(
                "1 W 2 0 2 0",
                ["en-avant-marche"],
                deck=[0, 0, 1, 1, 1, 2, 2, 2, 6, 6, 6, 6, 1, 0],
                seen=2,
            ),
        ),
        _example(
            "can-planque",
            ("can.action.planque",),
            "Planqué lies on space 1, which shows a duck, until player 0's next turn.",
            _before(LINE, "planque"),
            Play(0, Card.PLANQUE, (1,)),
            _after(LINE, [], shelters={0: 1}),
        ),
        _example(
            "can-planque-space",
            ("can.planque.space",),
            "Player 2's Planqué card protects space 1: its targeted duck cannot be shot, "
            "but its target may move. Player 0 moves it to space 2.",
            _before(LINE, "rectifier-droite", targets=[1], shelters={2: 1}),
            Play(0, Card.RECTIFIER_DROITE, (1,)),
            _after(LINE, ["rectifier-droite"], targets=[2], shelters={2: 1}),
        ),
    ]


def _dispersion() -> Example:
    before = _before(LINE, "dispersion", targets=[2])
    after = attrs.evolve(
        before,
        phase=Phase.DISPERSION,
        line=(),
        deck=(*before.deck, 0, 1, 6, 2, 0, 1),
        hands=((Card.PAN, Card.PAN), *before.hands[1:]),
        played=(Card.DISPERSION,),
    )
    return _example(
        "can-dispersion",
        ("can.action.dispersion",),
        "Dispersion puts every card of the line back into the duck deck, to be shuffled "
        "(the next step is chance); then six cards are laid again beside the target, which "
        "stays, and player 0 draws.",
        before,
        Play(0, Card.DISPERSION, ()),
        after,
    )


def _disperse() -> Example:
    order = (2, 0, 6, 1, 0, 2, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 6, 6, 6, 6)
    return _example(
        "can-disperse",
        ("can.chance.shuffles", "can.action.dispersion"),
        "The shuffle that Dispersion waits for is a chance step whose outcome is the "
        "deck's new order: its first six cards are laid from the back of the line to the "
        "front, the target staying beside space 2, and player 0 draws.",
        _dispersion().after,
        Disperse(deck=order),
        _after("2 0 1* W 0 2", ["dispersion"]),
    )


def _discard() -> Example:
    return _example(
        "can-discard",
        ("can.turn.discard",),
        "Player 0 holds three Pan and no space is targeted: no card can be played, so they "
        "throw one away without effect and draw.",
        _before(LINE, "pan"),
        Discard(0, Card.PAN),
        _after(LINE, ["pan"]),
    )


@cache
def examples() -> tuple[Example, ...]:
    """The worked examples, in the order of the rules they show.

    >>> [e.name for e in examples()][:2]
    ['can-en-joue', 'can-double-viseur']
    """
    return (
        *_aim(),
        *_shoot(),
        *_line(),
        *_ducks(),
        *_defence(),
        _dispersion(),
        _disperse(),
        _discard(),
    )


def facts(state: State) -> dict[str, object]:
    """What a story may state about a Canardage state, by seat.

    ``hand.P``, ``ducks.P`` (living), ``shot.P``, ``draw`` and ``played`` (pile
    sizes), ``targets`` (the spaces aimed at), ``space.N`` (whose duck shows
    there, or ``"water"``) and ``line`` (its diagram).

    >>> s = position("1* 0 W 2 3 1", [None] * 4)
    >>> facts(s)["space.0"], facts(s)["targets"], facts(s)["draw"]
    (Seat(seat=1), (0,), 40)
    """
    found: dict[str, object] = {
        "draw": len(state.draw_pile),
        "played": len(state.played),
        "targets": state.targets,
        "line": diagram(state.line, state.targets),
    }
    alive = living(state)
    for p in range(state.players):
        found[f"hand.{p}"] = len(state.hands[p])
        found[f"ducks.{p}"] = alive[p]
        found[f"shot.{p}"] = state.shot[p]
    for n, stack in enumerate(state.line):
        found[f"space.{n}"] = Seat(stack[-1]) if is_duck(stack) else "water"
    return found


@cache
def told() -> tuple[Told, ...]:
    """The turn told on the How to play page.

    >>> [t.facts["before"]["to_move"] for t in told()]
    ['Anna']
    """
    before = position(
        "1* 0 W 2* 3 1",
        [["pan", "en-joue", "palme-avant"], None, None, None],
        played=["en-joue", "en-joue", "en-avant-marche"],
    )
    return (
        Told(
            "can-turn",
            ("Anna", "Ben", "Carla", "David"),
            before,
            (Play(0, Card.PAN, (0,)),),
            {
                "before": {
                    "played": 3,
                    "draw": 37,
                    "to_move": "Anna",
                    "hand.Anna": 3,
                    "space.0": "Ben",
                    "space.3": "Carla",
                    "targets": (0, 3),
                },
                "after": {
                    "ducks.Ben": 4,
                    "space.3": "David",
                    "targets": (3,),
                    "hand.Anna": 3,
                    "to_move": "Ben",
                },
            },
        ),
    )
