"""Pictures of a Canardage table: Unicode text for the terminal, SVG for notebooks.

Both show the line from the front (space 0) to the back (space 5, beside the
duck deck): each space's card (a duck, named by its owner ``P0``–``P5``, or
water), the targets beside the spaces, the Planqué cards lying on them, and
the ducks hidden under a cover (public: everyone saw them slide there). Below
come the players: their shot ducks and their hands. A full
:class:`~rulespec.canardage.State` shows every hand; a player's
:class:`~rulespec.canardage.View` shows their own hand and the others as
card backs.
"""

from __future__ import annotations

from collections.abc import Collection

import attrs

from rulespec.canardage.actions import Discard, Disperse, Play, PlayerAction, Stack
from rulespec.canardage.cards import DUCKS_PER_COLOUR, WATER, Card
from rulespec.canardage.line import LENGTH
from rulespec.canardage.state import NO_SHELTER, Phase, State
from rulespec.canardage.view import View
from rulespec.core import svg as s
from rulespec.core.show import register

__all__ = ["HELP", "marks", "move", "narrate", "outcome", "round_end", "svg", "text"]

WIDTH = 80
CELL = 9
"""Columns per space in the text."""
TARGET = "⊕"
BACK = "▒"


@attrs.frozen
class _Table:
    """What the pictures show, from a state or a view."""

    players: int
    viewer: int | None
    phase: Phase
    turn: int
    line: tuple[Stack, ...]
    targets: tuple[int, ...]
    shelters: tuple[int, ...]
    deck_size: int
    deck_bottom: tuple[int, ...]
    hands: tuple[tuple[Card, ...] | int, ...]
    """Each hand: its cards when shown, else how many cards it holds."""
    draw_pile_size: int
    played: tuple[Card, ...]
    shot: tuple[int, ...]
    winners: tuple[int, ...]

    @classmethod
    def of(cls, table: State | View) -> _Table:
        if isinstance(table, View):
            hands: tuple[tuple[Card, ...] | int, ...] = tuple(
                table.hand if p == table.player else n for p, n in enumerate(table.hand_sizes)
            )
            return cls(
                players=table.players,
                viewer=table.player,
                phase=table.phase,
                turn=table.turn,
                line=table.line,
                targets=table.targets,
                shelters=table.shelters,
                deck_size=table.deck_size,
                deck_bottom=table.deck_bottom,
                hands=hands,
                draw_pile_size=table.draw_pile_size,
                played=table.played,
                shot=table.shot,
                winners=table.winners,
            )
        deck = table.deck
        return cls(
            players=table.players,
            viewer=None,
            phase=table.phase,
            turn=table.turn,
            line=table.line,
            targets=table.targets,
            shelters=table.shelters,
            deck_size=len(deck),
            deck_bottom=deck[len(deck) - table.seen :] if table.seen else (),
            hands=table.hands,
            draw_pile_size=len(table.draw_pile),
            played=table.played,
            shot=table.shot,
            winners=table.winners,
        )

    def name(self, player: int) -> str:
        return f"Player {player}" + (" (you)" if player == self.viewer else "")

    def sheltering(self, space: int) -> int | None:
        """The player whose Planqué card lies on ``space``, if any."""
        for p, at in enumerate(self.shelters):
            if at == space and at != NO_SHELTER:
                return p
        return None


def _duck(card: int) -> str:
    return "water" if card == WATER else f"P{card}"


def _status(t: _Table) -> str:
    if t.phase is Phase.DEAL:
        return "Canardage · waiting for the deal"
    if t.phase is Phase.OVER:
        if not t.winners:
            return "Canardage · game over · nobody wins"
        return "Canardage · game over · won by " + ", ".join(t.name(p) for p in t.winners)
    who = t.name(t.turn)
    if t.phase is Phase.DISPERSION:
        return f"Canardage · {who}'s Dispersion: waiting for the duck deck to be shuffled"
    if t.phase is Phase.RESHUFFLE:
        return f"Canardage · {who} must draw: waiting for the played cards to be shuffled"
    return f"Canardage · {who} to play"


def _piles(t: _Table) -> list[str]:
    deck = f"Duck deck {t.deck_size}"
    if t.deck_bottom:
        deck += " (known bottom: " + " ".join(_duck(c) for c in t.deck_bottom) + ")"
    last = f" (last: {t.played[-1].french})" if t.played else ""
    return _flow(
        "", [deck, f"draw pile {t.draw_pile_size}", f"played {len(t.played)}{last}"], " · "
    )


def _line_rows(t: _Table) -> list[str]:
    """The line as rows of a table, one column per space, front first."""
    spaces = range(LENGTH)

    def row(label: str, cells: list[str]) -> str:
        return (label.ljust(10) + "".join(c.center(CELL) for c in cells)).rstrip()

    on_top, hidden = [], []
    for i in spaces:
        if i < len(t.line):
            stack = t.line[i]
            on_top.append(_duck(stack[-1]) if stack[-1] == WATER else f"duck {_duck(stack[-1])}")
            hidden.append(f"duck {_duck(stack[0])}" if len(stack) == 2 else "")
        else:
            on_top.append("—")
            hidden.append("")
    shelter = [t.sheltering(i) for i in spaces]
    rows = [
        row("", ["front"] + [""] * (LENGTH - 2) + ["back"]),
        row("space", [str(i) for i in spaces]),
        row("target", [TARGET if i in t.targets else "" for i in spaces]),
        row("card", on_top),
    ]
    if any(hidden):
        rows.append(row("hidden", hidden))
    if any(p is not None for p in shelter):
        rows.append(row("planqué", [f"P{p}" if p is not None else "" for p in shelter]))
    return rows


def _flow(head: str, parts: list[str], sep: str) -> list[str]:
    """``head`` then ``parts`` joined by ``sep``, in lines of at most 80 columns when each
    part fits; a line breaks after a separator and the next is indented under the first
    part."""
    lines = [head + parts[0]]
    for part in parts[1:]:
        if len(lines[-1]) + len(sep) + len(part) <= WIDTH:
            lines[-1] += sep + part
        else:
            lines[-1] += sep.rstrip()
            lines.append(" " * len(head) + part)
    return lines


def _player_lines(t: _Table) -> list[str]:
    """One line per player under a header: their ducks lost (of five) and their hand."""
    lines = [f"{'':16}  {'ducks lost':<11}  hand"]
    for p in range(t.players):
        marker = "▶" if p == t.turn and t.phase is not Phase.OVER else " "
        shot = t.shot[p]
        status = f"{shot} of {DUCKS_PER_COLOUR}" + (", out" if shot >= DUCKS_PER_COLOUR else "")
        hand = t.hands[p] if p < len(t.hands) else ()
        names = [BACK] * hand if isinstance(hand, int) else [c.french for c in hand]
        head = f"{marker} {t.name(p):<14}  {status:<11}  "
        lines += _flow(head, names or ["empty"], " " if isinstance(hand, int) else " · ")
    return lines


def text(table: State | View) -> str:
    """The table as Unicode text, at most 80 columns wide.

    ``⊕`` marks a targeted space; ``planqué P2`` a space under player 2's
    Planqué card; a ``hidden`` duck lies under the duck shown on its space;
    ``▶`` marks the player on turn and ``▒`` a card the viewer cannot see.

    >>> import rulespec
    >>> can = rulespec.game("canardage")
    >>> hands = [["pan", "en-joue", "a-couvert"], ["pan"] * 3, ["pan"] * 3]
    >>> state = can.position("0* W 1/2 2 W* 0", hands, shelters={2: 3})
    >>> print(text(can.view(state, 0)))
    Canardage · Player 0 (you) to play
    Duck deck 13 · draw pile 42 · played 0
    <BLANKLINE>
                front                                         back
    space         0        1        2        3        4        5
    target        ⊕                                   ⊕
    card       duck P0   water   duck P2  duck P2   water   duck P0
    hidden                       duck P1
    planqué                                  P2
    <BLANKLINE>
                      ducks lost   hand
    ▶ Player 0 (you)  0 of 5       En joue · Pan · À couvert
      Player 1        0 of 5       ▒ ▒ ▒
      Player 2        0 of 5       ▒ ▒ ▒
    """
    t = _Table.of(table)
    lines = [_status(t), *_piles(t)]
    if t.line or t.phase is not Phase.DEAL:
        lines += ["", *_line_rows(t)]
    lines += ["", *_player_lines(t)]
    return "\n".join(lines)


def _owner(card: int) -> str:
    return "water" if card == WATER else f"player {card}'s duck"


def _on(t: _Table, space: int) -> str:
    """What lies on ``space`` (its top card), in words."""
    if not 0 <= space < len(t.line):
        return "nothing"
    return _owner(t.line[space][-1])


def _spaces(spaces: tuple[int, ...]) -> str:
    if len(spaces) == 1:
        return f"space {spaces[0]}"
    return "spaces " + ", ".join(str(s) for s in spaces[:-1]) + f" and {spaces[-1]}"


def move(table: State | View, action: PlayerAction) -> str:
    """A player's action in words: the card by its printed name, and what it aims at.

    >>> import rulespec
    >>> from rulespec.canardage import Card, Play
    >>> can = rulespec.game("canardage")
    >>> state = can.position("0 W 1 2 W 0", [["pan"] * 3] * 3, targets=(2,))
    >>> move(state, Play(0, Card.PAN, (2,)))
    "Pan: shoot at space 2 (player 1's duck)"
    >>> move(state, Play(0, Card.PALME_ARRIERE, (0,)))
    "Palme arrière: swap player 0's duck on space 0 with the card behind it (water)"
    """
    t = _Table.of(table)
    name = action.card.french
    if isinstance(action, Discard):
        return f"discard {name} (no card in the hand can be played)"
    sp = action.spaces
    card = action.card
    if card is Card.EN_JOUE or card is Card.DOUBLE_VISEUR:
        return f"{name}: aim at {_spaces(sp)}"
    if card is Card.PAN:
        return f"{name}: shoot at space {sp[0]} ({_on(t, sp[0])})"
    if card is Card.TIREUR_D_ELITE:
        return f"{name}: shoot {_on(t, sp[0])} on space {sp[0]}"
    if card is Card.TU_LOUCHES:
        return (
            f"{name}: miss the target on space {sp[0]} and shoot {_on(t, sp[1])} on space {sp[1]}"
        )
    if card is Card.CANARDAGE:
        return f"{name}: shoot {_on(t, sp[0])} and {_on(t, sp[1])} on {_spaces(sp)}"
    if card is Card.RECTIFIER_GAUCHE:
        return f"{name}: move the target on space {sp[0]} to space {sp[0] - 1}"
    if card is Card.RECTIFIER_DROITE:
        return f"{name}: move the target on space {sp[0]} to space {sp[0] + 1}"
    if card is Card.EN_AVANT_MARCHE:
        return f"{name}: the line steps forward; {_on(t, 0)} at the front goes under the duck deck"
    if card is Card.PALME_ARRIERE:
        return (
            f"{name}: swap {_on(t, sp[0])} on space {sp[0]} with the card behind it "
            f"({_on(t, sp[0] + 1)})"
        )
    if card is Card.PALME_AVANT:
        return (
            f"{name}: swap {_on(t, sp[0])} on space {sp[0]} with the card ahead of it "
            f"({_on(t, sp[0] - 1)})"
        )
    if card is Card.BANZAI:
        return f"{name}: {_on(t, sp[0])} on space {sp[0]} jumps to the front"
    if card is Card.CANARCHIE:
        order = " ".join(_duck(stack[-1]) for stack in action.line)
        return f"{name}: lay the line again in a new order, front first: {order}"
    if card is Card.DISPERSION:
        return f"{name}: the line goes back into the duck deck, shuffled, and six cards come out"
    if card is Card.A_COUVERT:
        return (
            f"{name}: hide {_on(t, sp[0])} on space {sp[0]} under {_on(t, sp[1])} on space {sp[1]}"
        )
    return f"{name}: protect space {sp[0]} ({_on(t, sp[0])}) until the player's next turn"


def outcome(before: State | View, after: State | View, action: PlayerAction) -> str | None:
    """What ``action`` did to the players: who lost a duck, who is out, or that a shot
    found no duck.

    >>> import rulespec
    >>> from rulespec.canardage import Card, Play
    >>> can = rulespec.game("canardage")
    >>> state = can.position("0 W 1 2 W 0", [["pan"] * 3] * 3, targets=(2,))
    >>> action = Play(0, Card.PAN, (2,))
    >>> outcome(state, can.apply(state, action), action)
    'player 1 loses a duck (1 of 5 lost)'
    """
    old, new = _Table.of(before), _Table.of(after)
    parts = []
    for p, (was, now) in enumerate(zip(old.shot, new.shot, strict=True)):
        if now > was:
            lost = "a duck" if now - was == 1 else f"{now - was} ducks"
            parts.append(f"player {p} loses {lost} ({now} of {DUCKS_PER_COLOUR} lost)")
            if now >= DUCKS_PER_COLOUR:
                parts.append(f"player {p} has no duck left")
    if not parts and isinstance(action, Play) and action.card in _SHOOTING:
        parts.append("no duck is lost")
    return "; ".join(parts) or None


_SHOOTING = frozenset({Card.PAN, Card.TIREUR_D_ELITE, Card.TU_LOUCHES, Card.CANARDAGE})


def _names(t: _Table, players: list[int]) -> str:
    said = [t.name(p) for p in players]
    return " and ".join(said) if len(said) < 3 else ", ".join(said[:-1]) + " and " + said[-1]


def round_end(before: State, after: State, viewer: int | None = None) -> str | None:
    """What the table sees when the step from ``before`` to ``after`` ends the game (a game
    of Canardage is a single round): who ended it and why, the line as it lies, and each
    player's score, the ducks they still have, with the ids of the clauses that made it;
    ``None`` when the game goes on.

    >>> import rulespec
    >>> from rulespec.canardage import Card, Play
    >>> can = rulespec.game("canardage")
    >>> hands = [["canardage", "pan", "pan"], ["pan"] * 3, ["pan"] * 3]
    >>> state = can.position("0 W 1 2 W 0", hands, targets=(2, 3), shot=(0, 4, 4))
    >>> after = can.apply(state, Play(0, Card.CANARDAGE, (2, 3)))
    >>> print(round_end(state, after, viewer=1))
    === How the game ended ===
    Player 0 played Canardage: Player 1 (you) and Player 2 lost their last duck; only Player 0
    has ducks left and wins (can.end.winner).
    <BLANKLINE>
                front                                         back
    space         0        1        2        3        4        5
    target
    card       duck P0   water    water   duck P0  duck P0  duck P0
    <BLANKLINE>
    Scores, the ducks each player still has:
      Player 0        5 (0 of 5 shot): the last player with ducks wins (can.end.winner)
      Player 1 (you)  0 (5 of 5 shot): out, cannot win (can.end.out)
      Player 2        0 (5 of 5 shot): out, cannot win (can.end.out)
    """
    if after.phase is not Phase.OVER or before.phase is Phase.OVER:
        return None
    t = attrs.evolve(_Table.of(after), viewer=viewer)
    card = after.played[-1].french if len(after.played) > len(before.played) else "a card"
    fell = [p for p in range(t.players) if after.shot[p] > before.shot[p]]
    fell = [p for p in fell if after.shot[p] >= DUCKS_PER_COLOUR]
    play = f"{t.name(before.turn)} played {card}"
    if fell:
        play += f": {_names(t, fell)} lost their last duck"
    winners = list(after.winners)
    if len(winners) == 1 and winners[0] not in fell:
        why = f"{play}; only {t.name(winners[0])} has ducks left and wins (can.end.winner)."
        rule = "the last player with ducks wins (can.end.winner)"
    else:
        why = (
            f"{play}, all together: {_names(t, winners)} share the victory (can.end.simultaneous)."
        )
        rule = "their last ducks fell together: a shared victory (can.end.simultaneous)"
    lines = ["=== How the game ended ===", *_wrap(why), "", *_line_rows(t), ""]
    lines.append("Scores, the ducks each player still has:")
    width = max(len(t.name(p)) for p in range(t.players))
    for p in range(t.players):
        living = DUCKS_PER_COLOUR - after.shot[p]
        made = rule if p in winners else "out, cannot win (can.end.out)"
        lines.append(
            f"  {t.name(p):<{width}}  {living} ({after.shot[p]} of {DUCKS_PER_COLOUR} shot): {made}"
        )
    return "\n".join(lines)


def _wrap(sentence: str) -> list[str]:
    """``sentence`` in lines of at most 90 columns, broken between words."""
    lines = [""]
    for word in sentence.split(" "):
        if lines[-1] and len(lines[-1]) + 1 + len(word) > 90:
            lines.append(word)
        else:
            lines[-1] = f"{lines[-1]} {word}" if lines[-1] else word
    return lines


# -- a move told for the worked examples ------------------------------------------------

Mark = int | tuple[int, Card]
"""A space of the line (its index), or an action card in a hand: ``(player, card)``."""


def _landing(action: Play) -> tuple[int, ...]:
    """The spaces that ``action`` leaves its mark on, after it."""
    sp = action.spaces
    card = action.card
    if card is Card.RECTIFIER_GAUCHE or card is Card.PALME_AVANT:
        return (sp[0] - 1,)
    if card is Card.RECTIFIER_DROITE or card is Card.PALME_ARRIERE:
        return (sp[0] + 1,)
    if card is Card.BANZAI:
        return (0,)
    if card is Card.EN_AVANT_MARCHE:
        return (LENGTH - 1,)
    if card is Card.A_COUVERT:
        return (sp[1] if sp[1] < sp[0] else sp[1] - 1,)
    if card is Card.CANARCHIE or card is Card.DISPERSION:
        return ()
    return sp


def marks(table: State | View, action: object) -> tuple[frozenset[Mark], frozenset[Mark]]:
    """What to mark before and after ``action``: the card played in the hand and the
    spaces it aims at, then the spaces where its effect lands.

    >>> import rulespec
    >>> from rulespec.canardage import Card, Play
    >>> state = rulespec.game("canardage").position("0 W 1 2 W 0", [["pan"] * 3] * 3)
    >>> before, after = marks(state, Play(0, Card.PALME_ARRIERE, (0,)))
    >>> sorted(before, key=str), sorted(after, key=str)
    ([(0, <Card.PALME_ARRIERE: 'palme-arriere'>), 0], [1])
    """
    if isinstance(action, Discard):
        return frozenset({(action.player, action.card)}), frozenset()
    if not isinstance(action, Play):
        return frozenset(), frozenset()
    aimed = (0,) if action.card is Card.EN_AVANT_MARCHE else action.spaces
    before: set[Mark] = {(action.player, action.card), *aimed}
    return frozenset(before), frozenset(_landing(action))


def narrate(table: State | View, action: object) -> str:
    """``action`` in words, in the third person.

    >>> import rulespec
    >>> from rulespec.canardage import Card, Play
    >>> state = rulespec.game("canardage").position("0 W 1 2 W 0", [["pan"] * 3] * 3)
    >>> narrate(state, Play(0, Card.PAN, (2,)))
    "Player 0 plays Pan: shoot at space 2 (player 1's duck)."
    """
    if isinstance(action, Play | Discard):
        verb = "" if isinstance(action, Discard) else "plays "
        return f"Player {action.player} {verb}{move(table, action)}."
    if isinstance(action, Disperse):
        return "The duck deck is shuffled and six cards are laid in the line."
    return str(action)


HELP = """\
Each turn play one card from your hand (or discard one when none can be played); you then
draw back to three. The line runs from the front (space 0) to the back (space 5).
  En joue, Double viseur   put a target (⊕) beside one space, or two neighbouring spaces
  Pan                      shoot at a targeted space: a duck there is lost
  Tireur d'élite           shoot any duck; Tu louches: the duck beside a target
  Canardage                shoot two neighbouring targeted spaces
  Rectifier le tir         move a target one space left (to the front) or right
  En avant marche          the whole line steps forward; Banzaï: your duck to the front
  Palme avant / arrière    swap your duck with the card ahead of / behind it
  Canarchie, Dispersion    lay the line in a new order / reshuffle it
  À couvert, Planqué       hide your duck under a neighbour / protect a space
A player whose five ducks are all lost is out. The last player with ducks wins: the
highest number of living ducks wins.
The table: one column per space of the line, the front (space 0) on the left.
  target ⊕     a target beside that space      card   duck P2: player 2's duck; water
  hidden       a duck hidden under the duck shown on that space
  planqué P2   player 2's Planqué card protects that space until their next turn
  ▶            the player on turn              ▒      a card you cannot see"""
"""What the moves mean, for a player at the terminal."""


# -- SVG -------------------------------------------------------------------------------

CARD_W = 76.0
CARD_H = 104.0
PITCH = 90.0
MARGIN = 16.0
INK = "#222222"
WATER_FILL = "#D6EEF8"
BACK_FILL = "#5B6770"
HIDDEN_SHOW = 24.0
"""How much of a hidden duck shows below its cover."""


def _label(x: float, y: float, content: str, **attributes: object) -> str:
    attributes.setdefault("font_size", 11)
    attributes.setdefault("class_", "label")
    return s.text(content, x=x, y=y, font_family="sans-serif", fill=INK, **attributes)


def _duck_card(x: float, y: float, card: int, role: str) -> str:
    """A card of the line: a duck in its owner's colour, labelled, or a water card."""
    if card == WATER:
        waves = [
            s.element(
                "path",
                d=f"M{s.number(x + 8)} {s.number(y + dy)} q9 -6 15 0 t15 0 t15 0 t15 0",
                fill="none",
                stroke="#3A7BD5",
                stroke_width=1.5,
            )
            for dy in (62, 74, 86)
        ]
        return s.element(
            "g",
            s.title(f"water card, space {role}" if role.isdigit() else "water card"),
            s.rect(x, y, CARD_W, CARD_H, rx=6, fill=WATER_FILL, stroke=INK),
            s.text(
                "water",
                x=x + CARD_W / 2,
                y=y + 30,
                class_="colour",
                text_anchor="middle",
                font_family="sans-serif",
                font_size=14,
                fill=INK,
            ),
            *waves,
            class_="card water",
            data_colour="water",
        )
    colour = s.PALETTE[card % len(s.PALETTE)]
    name = s.PALETTE_NAMES[card % len(s.PALETTE_NAMES)]
    label_y = y + CARD_H - HIDDEN_SHOW + 16 if role == "hidden" else y + 30
    return s.element(
        "g",
        s.title(f"{'hidden ' if role == 'hidden' else ''}duck of player {card} ({name})"),
        s.rect(x, y, CARD_W, CARD_H, rx=6, fill=colour, stroke=INK),
        s.rect(x + 14, label_y - 15, CARD_W - 28, 21, rx=4, fill="white", stroke=INK),
        s.text(
            f"P{card}",
            x=x + CARD_W / 2,
            y=label_y,
            class_="colour",
            text_anchor="middle",
            font_family="sans-serif",
            font_size=14,
            font_weight="bold",
            fill=INK,
        ),
        class_="card duck hidden" if role == "hidden" else "card duck",
        data_colour=card,
    )


def _target(cx: float, cy: float, space: int) -> str:
    return s.element(
        "g",
        s.title(f"target on space {space}"),
        s.circle(cx, cy, 11, fill="white", stroke="#C0392B", stroke_width=2.5),
        s.circle(cx, cy, 4, fill="#C0392B"),
        s.line(cx - 16, cy, cx + 16, cy, stroke="#C0392B", stroke_width=1.5),
        s.line(cx, cy - 16, cx, cy + 16, stroke="#C0392B", stroke_width=1.5),
        class_="target",
        data_space=space,
    )


def _planque(x: float, y: float, space: int, player: int) -> str:
    """The Planqué card lying across the space's card."""
    return s.element(
        "g",
        s.title(f"Planqué card of player {player} on space {space}: no duck is shot here"),
        s.rect(
            x - 4,
            y,
            CARD_W + 8,
            30,
            rx=4,
            fill="#FFF3C4",
            stroke=INK,
            stroke_width=1.5,
            fill_opacity=0.95,
        ),
        _label(x + CARD_W / 2, y + 13, "Planqué", text_anchor="middle", font_weight="bold"),
        _label(x + CARD_W / 2, y + 25, f"P{player}", text_anchor="middle"),
        class_="planque",
        data_space=space,
        data_player=player,
    )


def _action_card(x: float, y: float, card: Card | None, owner: int, moved: bool = False) -> str:
    """A card of a hand, or its back when the viewer cannot see it (with a halo when
    it is the card played)."""
    w, h = 124.0, 26.0
    if moved and card is not None:
        return s.mark(x, y, w, h) + _action_card(x, y, card, owner)
    if card is None:
        return s.element(
            "g",
            s.title(f"a card in player {owner}'s hand"),
            s.rect(x, y, w / 3, h, rx=3, fill=BACK_FILL, stroke=INK),
            class_="action-card back",
            data_player=owner,
        )
    return s.element(
        "g",
        s.title(f"{card.french} ({card.english})"),
        s.rect(x, y, w, h, rx=3, fill="#F7F3EA", stroke=INK),
        _label(x + w / 2, y + 17, card.french, text_anchor="middle"),
        class_="action-card",
        data_player=owner,
        data_card=card.value,
    )


def _players(
    t: _Table, x0: float, y0: float, marked: frozenset[Mark] = frozenset()
) -> tuple[list[str], float, float]:
    """A row per player: colour, name, shot ducks, hand. Returns parts, width, height."""
    parts = []
    row_h = 34.0
    width = 0.0
    for p in range(t.players):
        y = y0 + p * row_h
        colour = s.PALETTE[p % len(s.PALETTE)]
        on_turn = p == t.turn and t.phase is not Phase.OVER
        row = [
            s.rect(x0, y + 6, 14, 14, fill=colour, stroke=INK),
            _label(
                x0 + 20,
                y + 18,
                ("▶ " if on_turn else "") + t.name(p),
                font_weight="bold" if on_turn else None,
            ),
        ]
        x = x0 + 140
        shot = t.shot[p]
        for k in range(DUCKS_PER_COLOUR):
            cx = x + k * 14
            if k < shot:
                row.append(
                    s.element(
                        "g",
                        s.circle(cx, y + 13, 5, fill="white", stroke=INK),
                        s.line(cx - 4, y + 9, cx + 4, y + 17, stroke=INK, stroke_width=1.5),
                        s.line(cx - 4, y + 17, cx + 4, y + 9, stroke=INK, stroke_width=1.5),
                        class_="shot",
                    )
                )
            else:
                row.append(s.circle(cx, y + 13, 5, class_="alive", fill=colour, stroke=INK))
        row.append(_label(x + 72, y + 18, f"shot {shot}/{DUCKS_PER_COLOUR}"))
        x += 130
        hand = t.hands[p] if p < len(t.hands) else ()
        if isinstance(hand, int):
            for k in range(hand):
                row.append(_action_card(x + k * 46, y + 1, None, p))
            x += 46 * hand
        else:
            for k, card in enumerate(hand):
                row.append(_action_card(x + k * 130, y + 1, card, p, (p, card) in marked))
            x += 130 * len(hand)
        width = max(width, x)
        parts.append(s.element("g", *row, class_="player", data_player=p))
    return parts, width, row_h * t.players


def svg(table: State | View, *, size: float | None = None, marked: Collection[Mark] = ()) -> str:
    """The table as a self-contained SVG picture; ``size`` is its width in pixels
    (by default its natural size, one unit a pixel).

    Each space of the line is a ``<g class="space">``: its card is a
    ``<g class="card duck">`` labelled with its owner (``P0``–``P5``) or a
    ``<g class="card water">``, a hidden duck a ``<g class="card duck
    hidden">`` peeking out below its cover; a target is a ``<g
    class="target">`` above the space and a Planqué card a ``<g
    class="planque">`` across it. The spaces and cards in ``marked`` (see
    :func:`marks`) get a halo, ``<rect class="moved">``. The title wraps to
    the picture's width.

    >>> import rulespec, xml.etree.ElementTree as ET
    >>> can = rulespec.game("canardage")
    >>> state = can.position("0* W 1/2 2 W* 0", [["pan"] * 3] * 3)
    >>> root = ET.fromstring(svg(state, size=600))
    >>> [g.get("data-space") for g in root.findall(".//{*}g[@class='target']")]
    ['0', '4']
    """
    t = _Table.of(table)
    chosen = frozenset(marked)
    parts = [_label(MARGIN, 18, " · ".join(_piles(t)))]
    top = 34.0
    line_x = MARGIN
    card_y = top + 24
    if t.line or t.phase is not Phase.DEAL:
        for i in range(LENGTH):
            x = line_x + i * PITCH
            space: list[str] = []
            if i in t.targets:
                space.append(_target(x + CARD_W / 2, card_y - 18, i))
            if i in chosen:
                low = HIDDEN_SHOW if i < len(t.line) and len(t.line[i]) == 2 else 0
                space.append(s.mark(x, card_y, CARD_W, CARD_H + low))
            if i < len(t.line):
                stack = t.line[i]
                if len(stack) == 2:
                    space.append(_duck_card(x, card_y + HIDDEN_SHOW, stack[0], "hidden"))
                space.append(_duck_card(x, card_y, stack[-1], str(i)))
            else:
                space.append(
                    s.rect(
                        x,
                        card_y,
                        CARD_W,
                        CARD_H,
                        rx=6,
                        fill="none",
                        stroke="#BBBBBB",
                        stroke_dasharray="4 3",
                        class_="empty",
                    )
                )
            shelter = t.sheltering(i)
            if shelter is not None:
                space.append(_planque(x, card_y + CARD_H - 40, i, shelter))
            space.append(
                _label(
                    x + CARD_W / 2,
                    card_y + CARD_H + HIDDEN_SHOW + 16,
                    f"space {i}" + (" (front)" if i == 0 else " (back)" if i == LENGTH - 1 else ""),
                    text_anchor="middle",
                    class_="space-index",
                )
            )
            parts.append(s.element("g", *space, class_="space", data_space=i))
        deck_x = line_x + PITCH * LENGTH + 10
        parts.append(
            s.element(
                "g",
                s.title(f"duck deck: {t.deck_size} cards"),
                s.rect(deck_x, card_y, CARD_W, CARD_H, rx=6, fill=BACK_FILL, stroke=INK),
                s.text(
                    str(t.deck_size),
                    x=deck_x + CARD_W / 2,
                    y=card_y + CARD_H / 2 + 6,
                    text_anchor="middle",
                    font_family="sans-serif",
                    font_size=18,
                    fill="white",
                ),
                _label(
                    deck_x + CARD_W / 2, card_y + CARD_H + 16, "duck deck", text_anchor="middle"
                ),
                class_="duck-deck",
            )
        )
        players_y = card_y + CARD_H + HIDDEN_SHOW + 36
    else:
        players_y = top
    rows, players_w, players_h = _players(t, MARGIN, players_y, chosen)
    parts += rows
    width = max(MARGIN + PITCH * LENGTH + CARD_W + 30, players_w + MARGIN, 560)
    title, extra = s.heading(
        _status(t), MARGIN, MARGIN + 10, width - 2 * MARGIN, 13, font_weight="bold", fill=INK
    )
    shift = MARGIN + 10 + extra
    body = [title, s.element("g", *parts, transform=f"translate(0 {s.number(shift)})")]
    height = players_y + players_h + MARGIN + shift
    return s.document(body, width, height, size=size, label=_status(t))


register(State, View, text=text, svg=svg)
