"""Worked examples of Canardage, drawn beside their clauses on the rules page.

Three players; player 0 plays a card from a hand of one action card and two
Pan, then draws the top card of the draw pile (an En joue: the draw pile is
in the canonical order). Each ``after`` is written out from the rules, not
computed: the test suite checks that the engine reaches it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

import attrs

from rulespec.canardage.actions import Discard, Disperse, Play
from rulespec.canardage.cards import WATER, Card
from rulespec.canardage.line import diagram, is_duck
from rulespec.canardage.position import position
from rulespec.canardage.scoring import living
from rulespec.canardage.state import NO_SHELTER, Phase, State
from rulespec.rulebook.examples import Example
from rulespec.rulebook.facts import Seat, Told, Value

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
    facts: Mapping[str, Mapping[str, Value]] | None = None,
) -> Example:
    return Example(name, clauses, caption, before, play, after, facts=facts or {})


def _aim() -> list[Example]:
    return [
        _example(
            "can-en-joue",
            ("can.action.en-joue", "can.turn.play-one", "can.turn.draw"),
            "En joue puts a target beside space :fact:`2 <can-en-joue.after.targets>`, a "
            "water card: any space without a target will do. Player "
            ":fact:`0 <can-en-joue.before.to_move>` draws back to "
            ":fact:`three <can-en-joue.after.hand.0>` cards.",
            _before(LINE, "en-joue"),
            Play(0, Card.EN_JOUE, (2,)),
            _after(LINE, ["en-joue"], targets=[2]),
            facts={"before": {"to_move": "0"}, "after": {"targets": (2,), "hand.0": 3}},
        ),
        _example(
            "can-double-viseur",
            ("can.action.double-viseur",),
            "Double viseur targets two neighbouring free spaces, "
            ":fact:`3 and 4 <can-double-viseur.after.targets>`.",
            _before(LINE, "double-viseur"),
            Play(0, Card.DOUBLE_VISEUR, (3, 4)),
            _after(LINE, ["double-viseur"], targets=[3, 4]),
            facts={"after": {"targets": (3, 4)}},
        ),
        _example(
            "can-rectifier-gauche",
            ("can.action.rectifier-gauche",),
            "Rectifier le tir à gauche moves the target of space "
            ":fact:`3 <can-rectifier-gauche.before.targets>` one space towards the front, "
            "to space :fact:`2 <can-rectifier-gauche.after.targets>`.",
            _before(LINE, "rectifier-gauche", targets=[3]),
            Play(0, Card.RECTIFIER_GAUCHE, (3,)),
            _after(LINE, ["rectifier-gauche"], targets=[2]),
            facts={"before": {"targets": (3,)}, "after": {"targets": (2,)}},
        ),
        _example(
            "can-rectifier-droite",
            ("can.action.rectifier-droite",),
            "Rectifier le tir à droite moves the target of space "
            ":fact:`1 <can-rectifier-droite.before.targets>` one space towards the back, "
            "to space :fact:`2 <can-rectifier-droite.after.targets>`.",
            _before(LINE, "rectifier-droite", targets=[1]),
            Play(0, Card.RECTIFIER_DROITE, (1,)),
            _after(LINE, ["rectifier-droite"], targets=[2]),
            facts={"before": {"targets": (1,)}, "after": {"targets": (2,)}},
        ),
    ]


def _shoot() -> list[Example]:
    return [
        _example(
            "can-pan",
            ("can.action.pan", "can.shot.owner", "can.line.close-up"),
            "Pan fires at the targeted space :fact:`1 <can-pan.before.targets>`: player "
            ":fact:`1 <can-pan.before.space.1>`'s duck is shot and goes to its owner, the "
            "cards behind move forward, and the top of the duck deck (a duck of player "
            ":fact:`0 <can-pan.before.deck_top>`) enters at the back.",
            _before(LINE, "pan", targets=[1]),
            Play(0, Card.PAN, (1,)),
            _after("0 W 2 0 1 0", ["pan"], shot=[0, 1, 0]),
            facts={"before": {"targets": (1,), "space.1": "1", "deck_top": "0"}},
        ),
        _example(
            "can-tireur-d-elite",
            ("can.action.tireur-d-elite",),
            "Tireur d'élite shoots player :fact:`2 <can-tireur-d-elite.before.space.3>`'s "
            "duck on space 3, which had no target.",
            _before(LINE, "tireur-d-elite"),
            Play(0, Card.TIREUR_D_ELITE, (3,)),
            _after("0 1 W 0 1 0", ["tireur-d-elite"], shot=[0, 0, 1]),
            facts={"before": {"space.3": "2"}},
        ),
        _example(
            "can-tu-louches",
            ("can.action.tu-louches",),
            "Tu louches misses the targeted water on space "
            ":fact:`2 <can-tu-louches.before.targets>` and hits the duck beside it, on "
            "space 3; the target of space 2 goes.",
            _before(LINE, "tu-louches", targets=[2]),
            Play(0, Card.TU_LOUCHES, (2, 3)),
            _after("0 1 W 0 1 0", ["tu-louches"], shot=[0, 0, 1]),
            facts={"before": {"targets": (2,)}},
        ),
        _example(
            "can-canardage",
            ("can.action.canardage",),
            "Canardage shoots the ducks of the neighbouring targeted spaces "
            ":fact:`0 and 1 <can-canardage.before.targets>` at once; the line closes up "
            "over both and two cards enter at the back.",
            _before(LINE, "canardage", targets=[0, 1]),
            Play(0, Card.CANARDAGE, (0, 1)),
            _after("W 2 0 1 0 0", ["canardage"], shot=[1, 1, 0]),
            facts={"before": {"targets": (0, 1)}},
        ),
    ]


def _line() -> list[Example]:
    return [
        _example(
            "can-en-avant-marche",
            ("can.action.en-avant-marche",),
            "En avant marche sends the front card, player "
            ":fact:`0 <can-en-avant-marche.before.space.0>`'s duck, under the duck deck in "
            "view of all; the line moves forward and a card enters at the back. The target "
            "stays beside space :fact:`1 <can-en-avant-marche.after.targets>`.",
            _before(LINE, "en-avant-marche", targets=[1]),
            Play(0, Card.EN_AVANT_MARCHE, ()),
            _after(
                "1 W 2 0 1 0",
                ["en-avant-marche"],
                targets=[1],
                deck=[0, 0, 1, 1, 1, 2, 2, 2, 2, 6, 6, 6, 6, 0],
                seen=1,
            ),
            facts={"before": {"space.0": "0"}, "after": {"targets": (1,)}},
        ),
        _example(
            "can-canarchie",
            ("can.action.canarchie",),
            "Canarchie: player :fact:`0 <can-canarchie.before.to_move>` lays the line's "
            "cards in an order of their choice; the target stays beside space "
            ":fact:`0 <can-canarchie.after.targets>`.",
            _before(LINE, "canarchie", targets=[0]),
            Play(0, Card.CANARCHIE, (), line=((1,), (1,), (2,), (6,), (0,), (0,))),
            _after("1* 1 2 W 0 0", ["canarchie"]),
            facts={"before": {"to_move": "0"}, "after": {"targets": (0,)}},
        ),
    ]


def _ducks() -> list[Example]:
    return [
        _example(
            "can-palme-arriere",
            ("can.action.palme-arriere",),
            "Palme arrière swaps player :fact:`0 <can-palme-arriere.before.space.0>`'s "
            "duck on space 0 with the card behind it.",
            _before(LINE, "palme-arriere"),
            Play(0, Card.PALME_ARRIERE, (0,)),
            _after("1 0 W 2 0 1", ["palme-arriere"]),
            facts={"before": {"space.0": "0"}},
        ),
        _example(
            "can-palme-avant",
            ("can.action.palme-avant",),
            "Palme avant swaps player :fact:`0 <can-palme-avant.before.space.4>`'s duck on "
            "space 4 with the card in front of it.",
            _before(LINE, "palme-avant"),
            Play(0, Card.PALME_AVANT, (4,)),
            _after("0 1 W 0 2 1", ["palme-avant"]),
            facts={"before": {"space.4": "0"}},
        ),
        _example(
            "can-banzai",
            ("can.action.banzai",),
            "Banzaï takes player :fact:`0 <can-banzai.before.space.4>`'s duck on space 4 "
            "to the front; the four cards that stood before it move one space back.",
            _before(LINE, "banzai"),
            Play(0, Card.BANZAI, (4,)),
            _after("0 0 1 W 2 1", ["banzai"]),
            facts={"before": {"space.4": "0"}},
        ),
    ]


def _defence() -> list[Example]:
    pair = "0 1 W 2 1/0 2"
    return [
        _example(
            "can-a-couvert",
            ("can.action.a-couvert",),
            "À couvert slides player :fact:`0 <can-a-couvert.before.space.4>`'s duck on "
            "space 4 under player :fact:`2 <can-a-couvert.before.space.3>`'s duck on space "
            "3; the line closes up and a card enters at the back.",
            _before(LINE, "a-couvert"),
            Play(0, Card.A_COUVERT, (4, 3)),
            _after("0 1 W 0/2 1 0", ["a-couvert"]),
            facts={"before": {"space.4": "0", "space.3": "2"}},
        ),
        _example(
            "can-cover-pair",
            ("can.cover.pair",),
            "Player :fact:`0 <can-cover-pair.before.space.4>`'s duck on space 4 hides "
            "player :fact:`1 <can-cover-pair.before.under.4>`'s duck: the pair moves as "
            "one card, and Banzaï takes it to the front.",
            _before(pair, "banzai"),
            Play(0, Card.BANZAI, (4,)),
            _after("1/0 0 1 W 2 2", ["banzai"]),
            facts={"before": {"space.4": "0", "under.4": "1"}},
        ),
        _example(
            "can-cover-shot",
            ("can.cover.shot",),
            "Pan at the pair on space :fact:`4 <can-cover-shot.before.targets>` shoots the "
            "cover, player :fact:`0 <can-cover-shot.before.space.4>`'s duck; player "
            ":fact:`1 <can-cover-shot.before.under.4>`'s duck, hidden beneath, stays on "
            "the space uncovered, and no card enters.",
            _before(pair, "pan", targets=[4]),
            Play(0, Card.PAN, (4,)),
            _after("0 1 W 2 1 2", ["pan"], shot=[1, 0, 0]),
            facts={"before": {"targets": (4,), "space.4": "0", "under.4": "1"}},
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
            "Planqué lies on space :fact:`1 <can-planque.after.planque.0>`, which shows a "
            "duck, until player :fact:`0 <can-planque.before.to_move>`'s next turn.",
            _before(LINE, "planque"),
            Play(0, Card.PLANQUE, (1,)),
            _after(LINE, [], shelters={0: 1}),
            facts={"before": {"to_move": "0"}, "after": {"planque.0": 1}},
        ),
        _example(
            "can-planque-space",
            ("can.planque.space",),
            "Player 2's Planqué card protects space "
            ":fact:`1 <can-planque-space.before.planque.2>`: its targeted duck cannot be "
            "shot, but its target may move. Player "
            ":fact:`0 <can-planque-space.before.to_move>` moves it to space "
            ":fact:`2 <can-planque-space.after.targets>`.",
            _before(LINE, "rectifier-droite", targets=[1], shelters={2: 1}),
            Play(0, Card.RECTIFIER_DROITE, (1,)),
            _after(LINE, ["rectifier-droite"], targets=[2], shelters={2: 1}),
            facts={"before": {"planque.2": 1, "to_move": "0"}, "after": {"targets": (2,)}},
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
        "stays, and player :fact:`0 <can-dispersion.before.to_move>` draws.",
        before,
        Play(0, Card.DISPERSION, ()),
        after,
        facts={"before": {"to_move": "0"}},
    )


def _disperse() -> Example:
    order = (2, 0, 6, 1, 0, 2, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 6, 6, 6, 6)
    return _example(
        "can-disperse",
        ("can.chance.shuffles", "can.action.dispersion"),
        "The shuffle that Dispersion waits for is a chance step whose outcome is the "
        "deck's new order: its first :fact:`six <can-disperse.after.spaces>` cards are "
        "laid from the back of the line to the front, the target staying beside space "
        ":fact:`2 <can-disperse.after.targets>`, and player 0 draws.",
        _dispersion().after,
        Disperse(deck=order),
        _after("2 0 1* W 0 2", ["dispersion"]),
        facts={"after": {"spaces": 6, "targets": (2,)}},
    )


def _discard() -> Example:
    return _example(
        "can-discard",
        ("can.turn.discard",),
        "Player :fact:`0 <can-discard.before.to_move>` holds "
        ":fact:`three <can-discard.before.hand.0>` Pan and "
        ":fact:`no <can-discard.before.targets>` space is targeted: no card can be played, "
        "so they throw one away without effect and draw.",
        _before(LINE, "pan"),
        Discard(0, Card.PAN),
        _after(LINE, ["pan"]),
        facts={"before": {"to_move": "0", "hand.0": 3, "targets": ()}},
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
    there, or ``"water"``), ``under.N`` (whose duck it hides, if any),
    ``spaces`` (how many the line has), ``line`` (its diagram), ``deck_top``
    (whose duck tops the duck deck, or ``"water"``) and ``planque.P`` (the
    space player P's Planqué card lies on, if any).

    >>> s = position("1* 0 W 2 3/0 1", [None] * 4)
    >>> facts(s)["space.0"], facts(s)["under.4"], facts(s)["targets"], facts(s)["draw"]
    (Seat(seat=1), Seat(seat=3), (0,), 40)
    """
    found: dict[str, object] = {
        "draw": len(state.draw_pile),
        "played": len(state.played),
        "targets": state.targets,
        "line": diagram(state.line, state.targets),
        "spaces": len(state.line),
    }
    if state.deck:
        found["deck_top"] = _card(state.deck[0])
    alive = living(state)
    for p in range(state.players):
        found[f"hand.{p}"] = len(state.hands[p])
        found[f"ducks.{p}"] = alive[p]
        found[f"shot.{p}"] = state.shot[p]
        if state.shelters[p] != NO_SHELTER:
            found[f"planque.{p}"] = state.shelters[p]
    for n, stack in enumerate(state.line):
        found[f"space.{n}"] = Seat(stack[-1]) if is_duck(stack) else "water"
        if len(stack) > 1:
            found[f"under.{n}"] = _card(stack[-2])
    return found


def _card(card: int) -> object:
    return "water" if card == WATER else Seat(card)


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
