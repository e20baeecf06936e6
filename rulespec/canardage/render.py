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
from rulespec.drawing import svg as s
from rulespec.drawing.show import Table, Words, english, gathered, hands_seen, register

__all__ = ["HELP", "line_svg", "marks", "move", "narrate", "outcome", "round_end", "svg", "text"]

WIDTH = 80
CELL = 9
"""Columns per space in the text."""
TARGET = "⊕"
BACK = "▒"


@attrs.frozen(kw_only=True)
class _Table(Table):
    """What the pictures show, from a state or a view."""

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
    def of(cls, table: State | View, tr: Words = english) -> _Table:
        if isinstance(table, View):
            return gathered(cls, table, viewer=table.player, hands=hands_seen(table), tr=tr)
        deck = table.deck
        return gathered(
            cls,
            table,
            viewer=None,
            deck_size=len(deck),
            deck_bottom=deck[len(deck) - table.seen :] if table.seen else (),
            draw_pile_size=len(table.draw_pile),
            tr=tr,
        )

    def sheltering(self, space: int) -> int | None:
        """The player whose Planqué card lies on ``space``, if any."""
        for p, at in enumerate(self.shelters):
            if at == space and at != NO_SHELTER:
                return p
        return None


def _duck(card: int, tr: Words = english) -> str:
    return tr("water") if card == WATER else tr("P{player}").format(player=card)


def _status(t: _Table) -> str:
    tr = t.tr
    if t.phase is Phase.DEAL:
        return tr("Canardage · waiting for the deal")
    if t.phase is Phase.OVER:
        if not t.winners:
            return tr("Canardage · game over · nobody wins")
        winners = ", ".join(t.name(p) for p in t.winners)
        return tr("Canardage · game over · won by {players}").format(players=winners)
    who = t.name(t.turn)
    if t.phase is Phase.DISPERSION:
        status = tr("Canardage · {player}'s Dispersion: waiting for the duck deck to be shuffled")
    elif t.phase is Phase.RESHUFFLE:
        status = tr("Canardage · {player} must draw: waiting for the played cards to be shuffled")
    else:
        status = tr("Canardage · {player} to play")
    return status.format(player=who)


def _piles(t: _Table) -> list[str]:
    tr = t.tr
    deck = tr("Duck deck {count}").format(count=t.deck_size)
    if t.deck_bottom:
        bottom = " ".join(_duck(c, tr) for c in t.deck_bottom)
        deck = tr("{deck} (known bottom: {cards})").format(deck=deck, cards=bottom)
    played = tr("played {count}").format(count=len(t.played))
    if t.played and t.played[-1] is Card.PLANQUE and t.phase is Phase.PLAY:
        # A Planqué card joins the played cards when its player's turn begins.
        last = tr("{played} (last: {card}, off the line as {player}'s turn began)")
        played = last.format(played=played, card=t.played[-1].french, player=t.name(t.turn))
    elif t.played:
        played = tr("{played} (last: {card})").format(played=played, card=t.played[-1].french)
    return _flow("", [deck, tr("draw pile {count}").format(count=t.draw_pile_size), played], " · ")


def _line_rows(t: _Table) -> list[str]:
    """The line as rows of a table, one column per space, front first."""
    tr = t.tr
    spaces = range(LENGTH)
    duck = tr("duck {player}")
    names = [tr(name) for name in ("space", "target", "card", "hidden")]
    lead = max(10, *(len(name) + 1 for name in names))

    def row(label: str, cells: list[str]) -> str:
        return (label.ljust(lead) + "".join(c.center(cell) for c in cells)).rstrip()

    on_top, hidden = [], []
    for i in spaces:
        if i < len(t.line):
            stack = t.line[i]
            top = _duck(stack[-1], tr)
            on_top.append(top if stack[-1] == WATER else duck.format(player=top))
            hidden.append(duck.format(player=_duck(stack[0], tr)) if len(stack) == 2 else "")
        else:
            on_top.append("—")
            hidden.append("")
    shelter = [t.sheltering(i) for i in spaces]
    cell = max(CELL, *(len(c) + 2 for c in on_top + hidden))
    rows = [
        row("", [tr("front")] + [""] * (LENGTH - 2) + [tr("back")]),
        row(tr("space"), [str(i) for i in spaces]),
        row(tr("target"), [TARGET if i in t.targets else "" for i in spaces]),
        row(tr("card"), on_top),
    ]
    if any(hidden):
        rows.append(row(tr("hidden"), hidden))
    if any(p is not None for p in shelter):
        mine = tr("P{player}")
        rows.append(
            row("planqué", [mine.format(player=p) if p is not None else "" for p in shelter])
        )
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
    tr = t.tr
    width = max(14, *(len(t.name(p)) for p in range(t.players)))
    statuses = [
        (
            tr("{shot} of {ducks}, none left")
            if shot >= DUCKS_PER_COLOUR
            else tr("{shot} of {ducks}")
        ).format(shot=shot, ducks=DUCKS_PER_COLOUR)
        for shot in t.shot[: t.players]
    ]
    lost = tr("ducks lost")
    column = max(11, len(lost), *(len(status) for status in statuses))
    lines = [f"{'':{width + 2}}  {lost:<{column}}  {tr('hand')}"]
    for p, status in enumerate(statuses):
        marker = "▶" if p == t.turn and t.phase is not Phase.OVER else " "
        hand = t.hands[p] if p < len(t.hands) else ()
        names = [BACK] * hand if isinstance(hand, int) else [c.french for c in hand]
        head = f"{marker} {t.name(p):<{width}}  {status:<{column}}  "
        lines += _flow(head, names or [tr("empty")], " " if isinstance(hand, int) else " · ")
    return lines


def text(table: State | View, tr: Words = english) -> str:
    """The table as Unicode text, at most 80 columns wide; ``tr`` puts its words in the
    reader's language.

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
    t = _Table.of(table, tr)
    lines = [_status(t), *_piles(t)]
    if t.line or t.phase is not Phase.DEAL:
        lines += ["", *_line_rows(t)]
    lines += ["", *_player_lines(t)]
    return "\n".join(lines)


def _owner(card: int, tr: Words = english) -> str:
    return tr("water") if card == WATER else tr("player {player}'s duck").format(player=card)


def _on(t: _Table, space: int) -> str:
    """What lies on ``space`` (its top card), in words."""
    if not 0 <= space < len(t.line):
        return t.tr("nothing")
    return _owner(t.line[space][-1], t.tr)


_MOVES: dict[Card, str] = {
    Card.EN_JOUE: "{card}: aim at space {space}",
    Card.DOUBLE_VISEUR: "{card}: aim at spaces {space} and {next}",
    Card.PAN: "{card}: shoot at space {space} ({what})",
    Card.TIREUR_D_ELITE: "{card}: shoot {what} on space {space}",
    Card.TU_LOUCHES: "{card}: miss the target on space {space} and shoot {other} on space {next}",
    Card.CANARDAGE: "{card}: shoot {what} and {other} on spaces {space} and {next}",
    Card.RECTIFIER_GAUCHE: "{card}: move the target on space {space} to space {ahead}",
    Card.RECTIFIER_DROITE: "{card}: move the target on space {space} to space {behind}",
    Card.EN_AVANT_MARCHE: (
        "{card}: the line steps forward; {front} at the front goes under the duck deck"
    ),
    Card.PALME_ARRIERE: "{card}: swap {what} on space {space} with the card behind it ({after})",
    Card.PALME_AVANT: "{card}: swap {what} on space {space} with the card ahead of it ({before})",
    Card.BANZAI: "{card}: {what} on space {space} jumps to the front",
    Card.CANARCHIE: "{card}: lay the line again in a new order, front first: {order}",
    Card.DISPERSION: (
        "{card}: the line goes back into the duck deck, shuffled, and six cards come out"
    ),
    Card.A_COUVERT: "{card}: hide {what} on space {space} under {other} on space {next}",
    Card.PLANQUE: "{card}: protect space {space} ({what}) until the player's next turn",
}
"""What each card does, in words: the templates of :func:`move`."""


def move(table: State | View, action: PlayerAction, tr: Words = english) -> str:
    """A player's action in words: the card by its printed name, and what it aims at;
    ``tr`` puts the words in the reader's language.

    >>> import rulespec
    >>> from rulespec.canardage import Card, Play
    >>> can = rulespec.game("canardage")
    >>> state = can.position("0 W 1 2 W 0", [["pan"] * 3] * 3, targets=(2,))
    >>> move(state, Play(0, Card.PAN, (2,)))
    "Pan: shoot at space 2 (player 1's duck)"
    >>> move(state, Play(0, Card.PALME_ARRIERE, (0,)))
    "Palme arrière: swap player 0's duck on space 0 with the card behind it (water)"
    """
    t = _Table.of(table, tr)
    name = action.card.french
    if isinstance(action, Discard):
        return tr("discard {card} (no card in the hand can be played)").format(card=name)
    sp = action.spaces
    first = sp[0] if sp else 0
    second = sp[1] if len(sp) > 1 else first
    order = ""
    if action.card is Card.CANARCHIE:
        order = " ".join(_duck(stack[-1], tr) for stack in action.line)
    told = _MOVES[action.card]
    if action.card is Card.DOUBLE_VISEUR and len(sp) == 1:
        told = _MOVES[Card.EN_JOUE]
    return tr(told).format(
        card=name,
        space=first,
        what=_on(t, first),
        next=second,
        other=_on(t, second),
        ahead=first - 1,
        behind=first + 1,
        before=_on(t, first - 1),
        after=_on(t, first + 1),
        front=_on(t, 0),
        order=order,
    )


def outcome(
    before: State | View, after: State | View, action: PlayerAction, tr: Words = english
) -> str | None:
    """What ``action`` did to the players: who lost a duck, who has none left, that a
    shot found no duck, and a Planqué card leaving the line as its player's turn begins;
    ``tr`` puts the words in the reader's language.

    >>> import rulespec
    >>> from rulespec.canardage import Card, Play
    >>> can = rulespec.game("canardage")
    >>> state = can.position("0 W 1 2 W 0", [["pan"] * 3] * 3, targets=(2,))
    >>> action = Play(0, Card.PAN, (2,))
    >>> outcome(state, can.apply(state, action), action)
    'player 1 loses a duck (1 of 5 lost)'
    >>> state = can.position("0 W 1 2 W 0", [["pan"] * 3] * 3, targets=(2,), shelters={1: 3})
    >>> outcome(state, can.apply(state, action), action)
    "player 1 loses a duck (1 of 5 lost); player 1's Planqué card leaves space 3 for the \
played cards: their turn begins (can.action.planque)"
    """
    old, new = _Table.of(before), _Table.of(after)
    parts = []
    for p, (was, now) in enumerate(zip(old.shot, new.shot, strict=True)):
        if now > was:
            lost = tr("player {player} loses a duck ({shot} of {ducks} lost)")
            if now - was > 1:
                lost = tr("player {player} loses {count} ducks ({shot} of {ducks} lost)")
            parts.append(lost.format(player=p, count=now - was, shot=now, ducks=DUCKS_PER_COLOUR))
            if now >= DUCKS_PER_COLOUR:
                parts.append(
                    tr(
                        "player {player} has no duck left: they play on but cannot win "
                        "(can.end.out)"
                    ).format(player=p)
                )
    hit = any(n > w for w, n in zip(old.shot, new.shot, strict=True))
    if not hit and isinstance(action, Play) and action.card in _SHOOTING:
        parts.append(tr("no duck is lost"))
    for p, (was, now) in enumerate(zip(old.shelters, new.shelters, strict=True)):
        if was != NO_SHELTER and now == NO_SHELTER:
            parts.append(
                tr(
                    "player {player}'s Planqué card leaves space {space} for the played "
                    "cards: their turn begins (can.action.planque)"
                ).format(player=p, space=was)
            )
    if not parts:
        return None
    said = parts[0]
    for part in parts[1:]:
        said = tr("{said}; {more}").format(said=said, more=part)
    return said


_SHOOTING = frozenset({Card.PAN, Card.TIREUR_D_ELITE, Card.TU_LOUCHES, Card.CANARDAGE})


def _names(t: _Table, players: list[int]) -> str:
    said = [t.name(p) for p in players]
    if len(said) == 1:
        return said[0]
    return t.tr("{players} and {last}").format(players=", ".join(said[:-1]), last=said[-1])


def round_end(
    before: State, after: State, viewer: int | None = None, tr: Words = english
) -> str | None:
    """What the table sees when the step from ``before`` to ``after`` ends the game (a game
    of Canardage is a single round): who ended it and why, the line as it lies, and each
    player's score, the ducks they still have, with the ids of the clauses that made it;
    ``None`` when the game goes on. ``tr`` puts the words in the reader's language.

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
      Player 1 (you)  0 (5 of 5 shot): no duck left, cannot win (can.end.out)
      Player 2        0 (5 of 5 shot): no duck left, cannot win (can.end.out)
    """
    if after.phase is not Phase.OVER or before.phase is Phase.OVER:
        return None
    t = attrs.evolve(_Table.of(after, tr), viewer=viewer)
    fell = [p for p in range(t.players) if after.shot[p] > before.shot[p]]
    fell = [p for p in fell if after.shot[p] >= DUCKS_PER_COLOUR]
    who = t.name(before.turn)
    if len(after.played) > len(before.played):
        play = tr("{player} played {card}").format(player=who, card=after.played[-1].french)
    else:
        play = tr("{player} played a card").format(player=who)
    if fell:
        play = tr("{play}: {players} lost their last duck").format(
            play=play, players=_names(t, fell)
        )
    winners = list(after.winners)
    if len(winners) == 1 and winners[0] not in fell:
        why = tr("{play}; only {player} has ducks left and wins (can.end.winner).").format(
            play=play, player=t.name(winners[0])
        )
        rule = tr("the last player with ducks wins (can.end.winner)")
    else:
        why = tr(
            "{play}, all together: {players} share the victory (can.end.simultaneous)."
        ).format(play=play, players=_names(t, winners))
        rule = tr("their last ducks fell together: a shared victory (can.end.simultaneous)")
    lines = [tr("=== How the game ended ==="), *_wrap(why), "", *_line_rows(t), ""]
    lines.append(tr("Scores, the ducks each player still has:"))
    width = max(len(t.name(p)) for p in range(t.players))
    for p in range(t.players):
        living = DUCKS_PER_COLOUR - after.shot[p]
        made = rule if p in winners else tr("no duck left, cannot win (can.end.out)")
        score = tr("{living} ({shot} of {ducks} shot)").format(
            living=living, shot=after.shot[p], ducks=DUCKS_PER_COLOUR
        )
        lines.append(f"  {t.name(p):<{width}}  {score}: {made}")
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


def narrate(table: State | View, action: object, tr: Words = english) -> str:
    """``action`` in words, in the third person; ``tr`` puts them in the reader's language.

    >>> import rulespec
    >>> from rulespec.canardage import Card, Play
    >>> state = rulespec.game("canardage").position("0 W 1 2 W 0", [["pan"] * 3] * 3)
    >>> narrate(state, Play(0, Card.PAN, (2,)))
    "Player 0 plays Pan: shoot at space 2 (player 1's duck)."
    """
    if isinstance(action, Discard):
        return tr("Player {player} discards {card}: no card in their hand can be played.").format(
            player=action.player, card=action.card.french
        )
    if isinstance(action, Play):
        return tr("Player {player} plays {move}.").format(
            player=action.player, move=move(table, action, tr)
        )
    if isinstance(action, Disperse):
        return tr("The duck deck is shuffled and six cards are laid in the line.")
    return str(action)


HELP = """\
Each turn play one card from your hand (or discard one when none can be played); you then
draw back to three. The line runs from the front (space 0) to the back (space 5), beside
the duck deck; when a duck leaves the line the cards behind move up and a card of the duck
deck enters at the back.
  En joue, Double viseur   put a target (⊕) beside one space, or two neighbouring spaces
  Pan                      shoot at a targeted space: a duck there is lost
  Tireur d'élite           shoot any duck; Tu louches: the duck beside a target
  Canardage                shoot two neighbouring targeted spaces
  Rectifier le tir         move a target one space left (to the front) or right
  En avant marche          the whole line steps forward; Banzaï: your duck to the front
  Palme avant / arrière    swap your duck with the card ahead of / behind it
  Canarchie, Dispersion    lay the line in a new order / reshuffle it
  À couvert, Planqué       hide your duck under a neighbour / protect a space until your
                           next turn, when the Planqué card joins the played cards
A player whose five ducks are all shot cannot win but keeps playing: they still play,
discard, draw and shoot. The game ends as soon as at most one player has ducks left, in
the line or the duck deck: that player wins. If one card shoots the last ducks of the last
players together, they share the victory.
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
ACTION_W = 124.0
"""The width of an action card in a hand (a card back is a third of it)."""


def _fitted(words: str) -> list[str]:
    """``words`` on one line under a space, or on two when one is wider than a space."""
    if s.text_width(words, 11) <= PITCH - 6 or " " not in words:
        return [words]
    cut = words.find(" (") if " (" in words else words.rfind(" ", 0, len(words) // 2 + 2)
    return [words[:cut], words[cut + 1 :]]


def _space_label(space: int, tr: Words) -> list[str]:
    """The label under a space of the line: its number, and which end it is."""
    if space == 0:
        said = tr("space {space} (front)")
    elif space == LENGTH - 1:
        said = tr("space {space} (back)")
    else:
        said = tr("space {space}")
    return _fitted(said.format(space=space))


def _label(x: float, y: float, content: str, **attributes: object) -> str:
    attributes.setdefault("font_size", 11)
    attributes.setdefault("class_", "label")
    return s.text(content, x=x, y=y, font_family="sans-serif", fill=INK, **attributes)


def _duck_card(x: float, y: float, card: int, role: str, tr: Words = english) -> str:
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
            s.title(
                tr("water card, space {space}").format(space=role)
                if role.isdigit()
                else tr("water card")
            ),
            s.rect(x, y, CARD_W, CARD_H, rx=6, fill=WATER_FILL, stroke=INK),
            s.text(
                tr("water"),
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
        s.title(
            (
                tr("hidden duck of player {player} ({colour})")
                if role == "hidden"
                else tr("duck of player {player} ({colour})")
            ).format(player=card, colour=tr(name))
        ),
        s.rect(x, y, CARD_W, CARD_H, rx=6, fill=colour, stroke=INK),
        s.rect(x + 14, label_y - 15, CARD_W - 28, 21, rx=4, fill="white", stroke=INK),
        s.text(
            tr("P{player}").format(player=card),
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


def _target(cx: float, cy: float, space: int, tr: Words = english) -> str:
    return s.element(
        "g",
        s.title(tr("target on space {space}").format(space=space)),
        s.circle(cx, cy, 11, fill="white", stroke="#C0392B", stroke_width=2.5),
        s.circle(cx, cy, 4, fill="#C0392B"),
        s.line(cx - 16, cy, cx + 16, cy, stroke="#C0392B", stroke_width=1.5),
        s.line(cx, cy - 16, cx, cy + 16, stroke="#C0392B", stroke_width=1.5),
        class_="target",
        data_space=space,
    )


def _empty_space(x: float, y: float, width: float, height: float, rx: float) -> str:
    """The dashed outline of a space the line has no card for."""
    return s.rect(
        x,
        y,
        width,
        height,
        rx=rx,
        fill="none",
        stroke="#BBBBBB",
        stroke_dasharray="4 3",
        class_="empty",
    )


def _planque(x: float, y: float, space: int, player: int, tr: Words = english) -> str:
    """The Planqué card lying across the space's card."""
    what = tr("Planqué card of player {player} on space {space}: no duck is shot here")
    return s.element(
        "g",
        s.title(what.format(player=player, space=space)),
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
        _label(x + CARD_W / 2, y + 25, tr("P{player}").format(player=player), text_anchor="middle"),
        class_="planque",
        data_space=space,
        data_player=player,
    )


def _action_card(
    x: float,
    y: float,
    card: Card | None,
    owner: int,
    moved: bool = False,
    tr: Words = english,
) -> str:
    """A card of a hand, or its back when the viewer cannot see it (with a halo when
    it is the card played)."""
    w, h = ACTION_W, 26.0
    if moved and card is not None:
        return s.mark(x, y, w, h) + _action_card(x, y, card, owner, tr=tr)
    if card is None:
        return s.element(
            "g",
            s.title(tr("a card in player {player}'s hand").format(player=owner)),
            s.rect(x, y, w / 3, h, rx=3, fill=BACK_FILL, stroke=INK),
            class_="action-card back",
            data_player=owner,
        )
    return s.element(
        "g",
        s.title(tr("{card} ({english})").format(card=card.french, english=card.english)),
        s.rect(x, y, w, h, rx=3, fill="#F7F3EA", stroke=INK),
        _label(x + w / 2, y + 17, card.french, text_anchor="middle"),
        class_="action-card",
        data_player=owner,
        data_card=card.value,
    )


def _players(
    t: _Table,
    x0: float,
    y0: float,
    marked: frozenset[Mark] = frozenset(),
    width: float | None = None,
) -> tuple[list[str], float, float]:
    """A row per player: colour, name, shot ducks, hand. Returns parts, width, height.

    With ``width`` the hand goes under the rest of the row, its cards in rows that fit
    ``width``."""
    tr = t.tr
    parts = []
    row_h = 34.0
    widest = 0.0
    y = y0
    for p in range(t.players):
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
        if width is not None:
            names = (("▶ " if q == t.turn else "") + t.name(q) for q in range(t.players))
            x = min(x, x0 + 32 + max(s.text_width(n, 11, bold=True) for n in names))
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
        shots = tr("shot {count}/{ducks}").format(count=shot, ducks=DUCKS_PER_COLOUR)
        row.append(_label(x + 72, y + 18, shots))
        hand = t.hands[p] if p < len(t.hands) else ()
        pitch, card_w = (46.0, ACTION_W / 3) if isinstance(hand, int) else (130.0, ACTION_W)
        count = hand if isinstance(hand, int) else len(hand)
        if width is None:
            x += 130
            per_row, hand_x, hand_y = max(count, 1), x, y + 1
        else:
            widest = max(widest, x + 72 + s.text_width(shots, 11))
            hand_x, hand_y = x0 + 20, y + row_h - 2
            per_row = max(1, int((width - MARGIN - hand_x - card_w) // pitch) + 1)
        for k in range(count):
            hx = hand_x + (k % per_row) * pitch
            hy = hand_y + (k // per_row) * 32
            if isinstance(hand, int):
                row.append(_action_card(hx, hy, None, p, tr=tr))
            else:
                card = hand[k]
                row.append(_action_card(hx, hy, card, p, (p, card) in marked, tr))
        shown = min(count, per_row)
        if width is None:
            widest = max(widest, hand_x + shown * pitch)
        elif count:
            widest = max(widest, hand_x + (shown - 1) * pitch + card_w)
        y += row_h if width is None or not count else row_h - 2 + 32 * -(-count // per_row)
        parts.append(s.element("g", *row, class_="player", data_player=p))
    return parts, widest, y - y0


def svg(
    table: State | View,
    *,
    size: float | None = None,
    marked: Collection[Mark] = (),
    tr: Words = english,
    width: float | None = None,
) -> str:
    """The table as a self-contained SVG picture; ``size`` is its width in pixels
    (by default its natural size, one unit a pixel); ``tr`` puts its words in the
    reader's language.

    ``width`` (in units) lays the table out for a narrow column, such as
    :data:`rulespec.drawing.svg.NARROW`: the line's spaces, then the duck deck, run
    in rows as wide as ``width``, front first, and each hand goes under its
    player's row.

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
    >>> float(ET.fromstring(svg(state, width=320)).get("width")) <= 320
    True
    """
    t = _Table.of(table, tr)
    chosen = frozenset(marked)
    top = 34.0
    if width is None:
        parts = [_label(MARGIN, 18, " · ".join(_piles(t)))]
    else:
        said = " · ".join(_piles(t))
        piles, more = s.heading(said, MARGIN, 18, width - 2 * MARGIN, 11, class_="label", fill=INK)
        parts, top = [piles], top + more
    line_x = MARGIN
    line_y = card_y = top + 24
    lines = max(len(_space_label(i, tr)) for i in range(LENGTH))
    per_row = LENGTH + 1
    if width is not None:
        per_row = max(1, int((width - 2 * MARGIN - CARD_W) // PITCH) + 1)
    row_pitch = CARD_H + HIDDEN_SHOW + 58 + 13 * (lines - 1)

    def at(slot: int) -> tuple[float, float]:
        """Where the line's ``slot``-th card stands: a space, then the duck deck."""
        row, column = divmod(slot, per_row)
        return line_x + column * PITCH, line_y + row * row_pitch

    if t.line or t.phase is not Phase.DEAL:
        for i in range(LENGTH):
            x, card_y = at(i)
            space: list[str] = []
            if i in t.targets:
                space.append(_target(x + CARD_W / 2, card_y - 18, i, tr))
            if i in chosen:
                low = HIDDEN_SHOW if i < len(t.line) and len(t.line[i]) == 2 else 0
                space.append(s.mark(x, card_y, CARD_W, CARD_H + low))
            if i < len(t.line):
                stack = t.line[i]
                if len(stack) == 2:
                    space.append(_duck_card(x, card_y + HIDDEN_SHOW, stack[0], "hidden", tr))
                space.append(_duck_card(x, card_y, stack[-1], str(i), tr))
            else:
                space.append(_empty_space(x, card_y, CARD_W, CARD_H, 6))
            shelter = t.sheltering(i)
            if shelter is not None:
                space.append(_planque(x, card_y + CARD_H - 40, i, shelter, tr))
            for k, said in enumerate(_space_label(i, tr)):
                space.append(
                    _label(
                        x + CARD_W / 2,
                        card_y + CARD_H + HIDDEN_SHOW + 16 + 13 * k,
                        said,
                        text_anchor="middle",
                        class_="space-index",
                    )
                )
            parts.append(s.element("g", *space, class_="space", data_space=i))
        deck_x, card_y = at(LENGTH)
        deck_x += 10 if per_row > LENGTH else 0
        parts.append(
            s.element(
                "g",
                s.title(tr("duck deck: {count} cards").format(count=t.deck_size)),
                s.rect(deck_x, card_y, CARD_W, CARD_H, rx=6, fill=BACK_FILL, stroke=INK),
                s.centred(
                    str(t.deck_size), deck_x + CARD_W / 2, card_y + CARD_H / 2 + 6, 18, fill="white"
                ),
                *(
                    _label(
                        deck_x + CARD_W / 2,
                        card_y + CARD_H + 16 + 13 * k,
                        said,
                        text_anchor="middle",
                    )
                    for k, said in enumerate(_fitted(tr("duck deck")))
                ),
                class_="duck-deck",
            )
        )
        last_y = max(at(LENGTH)[1], at(LENGTH - 1)[1])
        players_y = last_y + CARD_H + HIDDEN_SHOW + 36 + 13 * (lines - 1)
    else:
        players_y = top
    rows, players_w, players_h = _players(t, MARGIN, players_y, chosen, width)
    parts += rows
    if width is None:
        wide = max(MARGIN + PITCH * LENGTH + CARD_W + 30, players_w + MARGIN, 560)
    else:
        line_w = MARGIN + PITCH * (min(per_row, LENGTH + 1) - 1) + CARD_W + MARGIN
        wide = max(line_w, players_w + MARGIN, min(width, 560))
    title, extra = s.heading(
        _status(t), MARGIN, MARGIN + 10, wide - 2 * MARGIN, 13, font_weight="bold", fill=INK
    )
    shift = MARGIN + 10 + extra
    body = [title, s.element("g", *parts, transform=f"translate(0 {s.number(shift)})")]
    height = players_y + players_h + MARGIN + shift
    return s.document(body, wide, height, size=size, label=_status(t))


SMALL_W = 42.0
SMALL_H = 56.0
SMALL_PITCH = 48.0
SMALL_HIDDEN = 12.0
"""The line alone, drawn small: a card, a space, and what shows of a hidden duck."""


def _small_card(x: float, y: float, card: int, hidden: bool, tr: Words) -> str:
    """A card of the line in the small picture: a duck in its owner's colour, or water."""
    if card == WATER:
        return s.element(
            "g",
            s.title(tr("water card")),
            s.rect(x, y, SMALL_W, SMALL_H, rx=4, fill=WATER_FILL, stroke=INK),
            *(
                s.element(
                    "path",
                    d=f"M{s.number(x + 6)} {s.number(y + dy)} q5 -4 10 0 t10 0 t10 0",
                    fill="none",
                    stroke="#3A7BD5",
                    stroke_width=1.5,
                )
                for dy in (20, 30, 40)
            ),
            class_="card water",
            data_colour="water",
        )
    name = s.PALETTE_NAMES[card % len(s.PALETTE_NAMES)]
    said = (
        "hidden duck of player {player} ({colour})"
        if hidden
        else "duck of player {player} ({colour})"
    )
    label_y = y + SMALL_H - SMALL_HIDDEN + 10 if hidden else y + 22
    return s.element(
        "g",
        s.title(tr(said).format(player=card, colour=tr(name))),
        s.rect(x, y, SMALL_W, SMALL_H, rx=4, fill=s.PALETTE[card % len(s.PALETTE)], stroke=INK),
        s.rect(x + 7, label_y - 11, SMALL_W - 14, 14, rx=3, fill="white", stroke=INK),
        _label(
            x + SMALL_W / 2,
            label_y,
            tr("P{player}").format(player=card),
            text_anchor="middle",
            font_weight="bold",
            class_="colour",
        ),
        class_="card duck hidden" if hidden else "card duck",
        data_colour=card,
    )


def line_svg(table: State | View, *, size: float | None = None, tr: Words = english) -> str:
    """The line alone as a small SVG picture, narrow enough for a phone: the six spaces
    front first, with their cards, targets and Planqué cards, and the duck deck at the
    back; ``size`` is its width in pixels, ``tr`` puts its words in the reader's
    language.

    It uses the classes of :func:`svg` (``space``, ``card duck``, ``card water``,
    ``target``, ``planque``), without the players, their hands or the piles.

    >>> import rulespec, xml.etree.ElementTree as ET
    >>> state = rulespec.game("canardage").position("0* W 1/2 2 W* 0", [["pan"] * 3] * 3)
    >>> root = ET.fromstring(line_svg(state))
    >>> [g.get("data-space") for g in root.findall(".//{*}g[@class='target']")], root.get("width")
    (['0', '4'], '344')
    """
    t = _Table.of(table, tr)
    margin, card_y = 6.0, 42.0
    parts = []
    for i in range(LENGTH):
        x = margin + i * SMALL_PITCH
        cx = x + SMALL_W / 2
        space: list[str] = []
        if i in t.targets:
            space.append(
                s.element(
                    "g",
                    s.title(tr("target on space {space}").format(space=i)),
                    s.circle(cx, card_y - 14, 8, fill="white", stroke="#C0392B", stroke_width=2),
                    s.circle(cx, card_y - 14, 3, fill="#C0392B"),
                    s.line(cx - 12, card_y - 14, cx + 12, card_y - 14, stroke="#C0392B"),
                    s.line(cx, card_y - 26, cx, card_y - 2, stroke="#C0392B"),
                    class_="target",
                    data_space=i,
                )
            )
        if i < len(t.line):
            stack = t.line[i]
            if len(stack) == 2:
                space.append(_small_card(x, card_y + SMALL_HIDDEN, stack[0], True, tr))
            space.append(_small_card(x, card_y, stack[-1], False, tr))
        else:
            space.append(_empty_space(x, card_y, SMALL_W, SMALL_H, 4))
        shelter = t.sheltering(i)
        if shelter is not None:
            what = tr("Planqué card of player {player} on space {space}: no duck is shot here")
            space.append(
                s.element(
                    "g",
                    s.title(what.format(player=shelter, space=i)),
                    s.rect(
                        x - 2,
                        card_y + SMALL_H - 22,
                        SMALL_W + 4,
                        20,
                        rx=3,
                        fill="#FFF3C4",
                        stroke=INK,
                        stroke_width=1.5,
                    ),
                    _label(cx, card_y + SMALL_H - 8, "Planqué", text_anchor="middle"),
                    class_="planque",
                    data_space=i,
                    data_player=shelter,
                )
            )
        space.append(
            _label(
                cx,
                card_y + SMALL_H + SMALL_HIDDEN + 14,
                str(i),
                text_anchor="middle",
                class_="space-index",
            )
        )
        parts.append(s.element("g", *space, class_="space", data_space=i))
    deck_x = margin + LENGTH * SMALL_PITCH + 2
    parts.append(
        s.element(
            "g",
            s.title(tr("duck deck: {count} cards").format(count=t.deck_size)),
            _label(deck_x + SMALL_W, 11, tr("duck deck"), text_anchor="end"),
            s.rect(deck_x, card_y, SMALL_W, SMALL_H, rx=4, fill=BACK_FILL, stroke=INK),
            s.centred(
                str(t.deck_size), deck_x + SMALL_W / 2, card_y + SMALL_H / 2 + 5, 14, fill="white"
            ),
            class_="duck-deck",
        )
    )
    width = deck_x + SMALL_W + margin
    height = card_y + SMALL_H + SMALL_HIDDEN + 22
    return s.document(parts, width, height, size=size, label=_status(t))


register(State, View, text=text, svg=svg)
