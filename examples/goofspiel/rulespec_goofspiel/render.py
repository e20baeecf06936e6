"""How Goofspiel's states and views draw themselves: as text for ``print`` and the
terminal (``rulespec play``), and as an SVG picture for Jupyter and the docs.

rulespec looks for these names in the module a game declares as ``render``:
``text`` and ``svg`` draw a state or a view; ``move`` and ``outcome`` say a move
and what it did in words; ``HELP`` explains the moves. Importing the module
registers ``text`` and ``svg`` with :func:`rulespec.drawing.show.register`, so
``print(state)`` and Jupyter use them.

>>> import rulespec
>>> goof = rulespec.game("goofspiel")
>>> print(goof.view(goof.start(2, seed=1, options=goof.decode_options({"cards": 5})), 0))
Goofspiel · prize on the table: 2 · 4 prizes face down
Player 0 (you)  cards 1 2 3 4 5  points 0  to bid
Player 1        cards 1 2 3 4 5  points 0  to bid
"""

from __future__ import annotations

from rulespec.drawing import svg as draw
from rulespec.drawing.show import register
from rulespec_goofspiel.actions import Bid
from rulespec_goofspiel.state import Phase, State
from rulespec_goofspiel.view import View

__all__ = ["HELP", "move", "outcome", "svg", "text"]

HELP = """\
Every player bids one card of their hand on the prize face up, all at once and in
secret. When every bid is in, they are shown: the single highest bid takes the prize
(its value in points); a tie for the highest takes nothing. Bid cards are spent.
The game ends after the last prize; the most points wins."""


def _bid_word(table: State | View, player: int) -> str:
    if isinstance(table, State):
        card = table.bids[player]
        return "to bid" if card is None else f"bid {card}"
    if player == table.player and table.bid is not None:
        return f"bid {table.bid}"
    return "has bid" if table.acted[player] else "to bid"


def _head(table: State | View) -> str:
    if table.phase is Phase.SHUFFLE:
        return "Goofspiel · the prize deck is to be shuffled"
    if table.phase is Phase.OVER:
        return "Goofspiel · game over"
    left = len(table.prizes) if isinstance(table, State) else len(table.prizes_left)
    pot = f" (with {' '.join(map(str, table.pot))} carried over)" if table.pot else ""
    return f"Goofspiel · prize on the table: {table.prize}{pot} · {left} prizes face down"


def text(table: State | View) -> str:
    """The table as text: the prize, then one line per player.

    A state shows every bid and the prize deck's order; a view only what its player
    may know.
    """
    me = table.player if isinstance(table, View) else None
    lines = [_head(table)]
    names = [f"Player {p}" + (" (you)" if p == me else "") for p in range(table.players)]
    width = max(len(n) for n in names)
    for p, name in enumerate(names):
        cards = " ".join(map(str, table.hands[p])) or "none"
        points = sum(table.won[p])
        line = f"{name:<{width}}  cards {cards}  points {points}"
        if table.phase is Phase.BID:
            line += f"  {_bid_word(table, p)}"
        lines.append(line)
    if table.last:
        lines.append("Last bids: " + ", ".join(f"P{p} {c}" for p, c in enumerate(table.last)))
    if table.discarded:
        lines.append("Put aside: " + " ".join(map(str, table.discarded)))
    if isinstance(table, State) and table.prizes:
        lines.append("Prize deck (top first): " + " ".join(map(str, table.prizes)))
    return "\n".join(lines)


def move(table: State | View, action: Bid) -> str:
    """A bid in words: ``bid 7``."""
    return f"bid {action.card}"


def outcome(before: State | View, after: State | View, action: Bid) -> str | None:
    """What the bid did, when it was the last of its turn: who took the prize."""
    if after.prize == before.prize and after.phase is before.phase:
        return None  # the turn goes on: the bids are still secret
    bids = ", ".join(f"P{p} {c}" for p, c in enumerate(after.last))
    for p in range(after.players):
        if len(after.won[p]) > len(before.won[p]):
            return f"bids {bids}: player {p} takes {sum(after.won[p]) - sum(before.won[p])}"
    return f"bids {bids}: a tie, nobody takes the prize"


CARD_W, CARD_H, GAP, MARGIN = 22.0, 30.0, 4.0, 12.0
INK, FACE, BACK = "#222222", "#FFFFFF", "#0072B2"


def _card(x: float, y: float, label: str | None, fill: str = FACE, *, kind: str) -> str:
    shown = label if label is not None else ""
    return draw.element(
        "g",
        draw.rect(x, y, CARD_W, CARD_H, rx=3, fill=fill if label is not None else BACK, stroke=INK),
        draw.text(
            shown,
            x=x + CARD_W / 2,
            y=y + CARD_H / 2 + 4,
            text_anchor="middle",
            font_size=11,
            font_family="sans-serif",
            fill=INK,
        ),
        class_="card",
        data_kind=kind,
    )


def svg(table: State | View, *, size: float | None = None) -> str:
    """The table as a self-contained SVG picture, ``size`` pixels wide: the prize (and
    the pot) on top, then a row per player: their cards left, their bid (face down
    while secret) and their points."""
    cards = table.options.cards if isinstance(table, State) else 13
    width = 2 * MARGIN + 90 + (cards + 2) * (CARD_W + GAP)
    row = CARD_H + 2 * GAP
    height = 2 * MARGIN + (table.players + 1) * row + 10
    body: list[str] = [
        draw.text(_head(table), x=MARGIN, y=MARGIN, font_size=11, font_family="sans-serif")
    ]
    y = MARGIN + 8
    x = MARGIN + 90
    for card in (*table.pot, *([] if table.prize is None else [table.prize])):
        body.append(_card(x, y, str(card), "#F0E442", kind="prize"))
        x += CARD_W + GAP
    for p in range(table.players):
        y += row
        me = isinstance(table, View) and p == table.player
        name = f"P{p}{' (you)' if me else ''} · {sum(table.won[p])}"
        at = {"x": MARGIN, "y": y + CARD_H / 2 + 4, "font_size": 11, "font_family": "sans-serif"}
        body.append(draw.text(name, **at))
        x = MARGIN + 90
        for card in table.hands[p]:
            body.append(_card(x, y, str(card), kind="hand"))
            x += CARD_W + GAP
        if table.phase is Phase.BID:
            word = _bid_word(table, p)
            if word.startswith("bid "):
                body.append(_card(x + GAP, y, word[4:], "#56B4E9", kind="bid"))
            elif word == "has bid":
                body.append(_card(x + GAP, y, None, kind="bid"))
    label = f"Goofspiel, {table.players} players"
    return draw.document(body, width, height, size=size, label=label)


register(State, View, text=text, svg=svg)
