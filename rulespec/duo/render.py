"""Pictures of a Duo table: Unicode text for the terminal, SVG for notebooks.

Both show the two discard piles (their top cards and sizes), the draw
pile's size, each player's hand and the scores. A full
:class:`~rulespec.duo.State` shows every hand; a player's
:class:`~rulespec.duo.View` shows their own hand and the others as card
backs.

In text a symbol card is its colour's initial, its number and its shape
(``R3▲`` is red-3-triangle; shapes ``●`` circle, ``■`` square, ``▲``
triangle, ``✚`` cross); a joker is ``J:`` and its feature (``J:G``,
``J:2``, ``J:▲``); a Turbo-joker is ``T*``.

In the pictures a card's corner shows a mark for its colour instead of an
initial (:data:`COLOUR_MARKS`: ``≈`` blue, ``♥`` red, ``☀`` yellow, ``♣``
green), then its number and shape (``♥3▲``); a joker shows its one feature
alone. The initials are English and clash in other languages (Gelb and Grün,
azul and amarillo); a mark reads the same in every language and tells the
colours apart to a reader who does not see them, and a key under the table
names them in the reader's language. Hovering a card names it in words
(:func:`hover`).
"""

from __future__ import annotations

from collections.abc import Collection

import attrs

from rulespec.drawing import svg as s
from rulespec.drawing.show import Table, Words, english, gathered, hands_seen, register
from rulespec.duo.actions import Draw, Play, PlayerAction, Stop
from rulespec.duo.cards import COLOURS, NUMBERS, SHAPES, TURBO, Card, card_name, features
from rulespec.duo.scoring import target
from rulespec.duo.state import Phase, State
from rulespec.duo.view import View

__all__ = [
    "COLOUR_MARKS",
    "HELP",
    "LEGEND",
    "corner",
    "hover",
    "label",
    "marks",
    "move",
    "narrate",
    "outcome",
    "round_end",
    "svg",
    "text",
]

WIDTH = 80
BACK = "▒"
GLYPHS = ("●", "■", "▲", "✚")
"""The shapes, in the order of :data:`~rulespec.duo.cards.SHAPES`."""


@attrs.frozen(kw_only=True)
class _Table(Table):
    """What the pictures show, from a state or a view."""

    phase: Phase
    round: int
    turn: int
    turn_pile: int | None
    hands: tuple[tuple[Card, ...] | int, ...]
    """Each hand: its cards when shown, else how many cards it holds."""
    pile_tops: tuple[Card, ...]
    pile_sizes: tuple[int, ...]
    draw_pile_size: int
    round_scores: tuple[tuple[int, ...], ...]
    target: int

    @classmethod
    def of(cls, table: State | View, tr: Words = english) -> _Table:
        if isinstance(table, View):
            return gathered(cls, table, viewer=table.player, hands=hands_seen(table), tr=tr)
        return gathered(
            cls,
            table,
            viewer=None,
            hands=table.hands if table.hands else (0,) * table.players,
            pile_tops=tuple(p[-1] for p in table.piles),
            pile_sizes=tuple(len(p) for p in table.piles),
            draw_pile_size=len(table.draw_pile),
            target=target(table.players),
            tr=tr,
        )

    def totals(self) -> tuple[int, ...]:
        return tuple(sum(r[p] for r in self.round_scores) for p in range(self.players))

    def winner(self) -> int | None:
        if self.phase is not Phase.OVER:
            return None
        for p, total in enumerate(self.totals()):
            if total >= self.target:
                return p
        return None


INITIALS = "B R Y G J"
"""The letters of the text's cards, separated by spaces: the colours' in the order of
:data:`~rulespec.duo.cards.COLOURS` (blue, red, yellow, green), then a joker's. Each
language has its own."""


def label(card: Card, tr: Words = english) -> str:
    """A card in a few characters; ``tr`` gives the colours' letters in the reader's
    language.

    >>> from rulespec.duo.cards import parse_card
    >>> [label(parse_card(n)) for n in ("red-3-triangle", "joker-green", "joker-2", "turbo")]
    ['R3▲', 'J:G', 'J:2', 'T*']
    """
    if card == TURBO:
        return "T*"
    *initials, joker = tr(INITIALS).split()
    colour, number, shape = features(card)
    if colour is not None and number is not None and shape is not None:
        return f"{initials[colour]}{NUMBERS[number]}{GLYPHS[shape]}"
    if colour is not None:
        return f"{joker}:{initials[colour]}"
    if number is not None:
        return f"{joker}:{NUMBERS[number]}"
    assert shape is not None
    return f"{joker}:{GLYPHS[shape]}"


COLOUR_MARKS: tuple[str, ...] = ("≈", "♥", "☀", "♣")
"""Each colour's mark in the pictures, in the order of :data:`~rulespec.duo.cards.COLOURS`:
water for blue, a heart for red, the sun for yellow, a clover leaf for green."""


def corner(card: Card) -> str:
    """What a card's corner shows in the pictures: its colour's mark, number and shape; a
    joker's one feature.

    >>> from rulespec.duo.cards import parse_card
    >>> [corner(parse_card(n)) for n in ("red-3-triangle", "joker-green", "joker-2", "turbo")]
    ['♥3▲', '♣', '2', 'T*']
    """
    if card == TURBO:
        return "T*"
    colour, number, shape = features(card)
    marks = (
        COLOUR_MARKS[colour] if colour is not None else "",
        str(NUMBERS[number]) if number is not None else "",
        GLYPHS[shape] if shape is not None else "",
    )
    return "".join(marks)


def hover(card: Card, tr: Words = english) -> str:
    """The card named when a reader's pointer rests on it: in English its id (as the code
    and records write it), in another language its words.

    >>> from rulespec.duo.cards import parse_card
    >>> from rulespec.i18n import translation
    >>> hover(parse_card("blue-2-circle")), hover(parse_card("blue-2-circle"), translation("fr"))
    ('blue-2-circle', '2 rond bleu')
    """
    return _named(card, tr, _HOVER)


_HOVER = (
    "turbo",
    "{colour}-{{number}}-{{shape}}",
    "joker-{colour}",
    "joker-{{number}}",
    "joker-{shape}",
)
"""How :func:`hover` names a Turbo-joker, a symbol card, and a joker by its colour, its
number or its shape: the ids of its messages, ``{colour}`` and ``{shape}`` put in first."""


def _named(card: Card, tr: Words, forms: tuple[str, str, str, str, str]) -> str:
    """``card`` named in the ``forms`` of :data:`_HOVER` or :data:`_WORDS`."""
    turbo, symbol, by_colour, by_number, by_shape = forms
    if card == TURBO:
        return tr(turbo)
    colour, number, shape = features(card)
    if colour is not None and number is not None and shape is not None:
        words = tr(symbol.format(colour=COLOURS[colour]))
        return words.format(number=NUMBERS[number], shape=tr(SHAPES[shape]))
    if colour is not None:
        return tr(by_colour.format(colour=COLOURS[colour]))
    if number is not None:
        return tr(by_number.format()).format(number=NUMBERS[number])
    assert shape is not None
    return tr(by_shape.format(shape=SHAPES[shape]))


def _flow(head: str, parts: list[str], sep: str = " ") -> list[str]:
    """``head`` then ``parts`` in lines of at most 80 columns, continuation lines indented."""
    lines = [head + parts[0]]
    for part in parts[1:]:
        if len(lines[-1]) + len(sep) + len(part) <= WIDTH:
            lines[-1] += sep + part
        else:
            lines.append(" " * len(head) + part)
    return lines


def _status(t: _Table) -> str:
    tr = t.tr
    head = tr("Duo · round {round}").format(round=t.round + 1)
    if t.phase is Phase.DEAL:
        return f"{head} · {tr('waiting for the deal')}"
    if t.phase is Phase.OVER:
        best = t.winner()
        if best is None:
            return tr("Duo · match stopped at the round limit")
        return tr("Duo · match over · won by {player}").format(player=t.name(best))
    if t.turn_pile is not None:
        playing = tr("{player} to play (playing on pile {pile})")
    else:
        playing = tr("{player} to play")
    return f"{head} · " + playing.format(player=t.name(t.turn), pile=t.turn_pile)


def _scores(t: _Table) -> list[str]:
    if not t.round_scores:
        return []
    tr = t.tr
    width = max(4, *(len(str(v)) + 1 for r in t.round_scores for v in r))
    rounds = [tr("round {round}").format(round=i + 1) for i in range(len(t.round_scores))]
    head = max(9, len(tr("Scores")) + 1, len(tr("total")) + 1, *(len(r) + 1 for r in rounds))
    players = "".join(tr("P{player}").format(player=p).rjust(width) for p in range(t.players))
    lines = [tr("Scores").ljust(head) + players]
    for said, row in zip(rounds, t.round_scores, strict=True):
        lines.append(said.ljust(head) + "".join(str(v).rjust(width) for v in row))
    lines.append(tr("total").ljust(head) + "".join(str(v).rjust(width) for v in t.totals()))
    return lines


def _pile(t: _Table, i: int, top: Card, size: int) -> str:
    """A discard pile: its number, its top card and how many cards it holds."""
    cards = t.tr("{count} card") if size == 1 else t.tr("{count} cards")
    return t.tr("Pile {pile}: {card} ({cards})").format(
        pile=i, card=label(top, t.tr), cards=cards.format(count=size)
    )


def _hand_line(t: _Table, player: int, cards: list[str], marker: str, width: int) -> list[str]:
    """A player's hand after their name, in lines of at most 80 columns."""
    count = t.tr("{count} card") if len(cards) == 1 else t.tr("{count} cards")
    head = f"{marker} {t.name(player):<{width}} {count.format(count=len(cards))}: "
    return _flow(head, cards or [t.tr("none")])


def text(table: State | View, tr: Words = english) -> str:
    """The table as Unicode text, at most 80 columns wide when the hands allow; ``tr``
    puts its words in the reader's language.

    >>> import rulespec
    >>> duo = rulespec.game("duo")
    >>> state = duo.position(
    ...     [["red-3-circle", "blue-1-square", "joker-2"], ["joker-green", "yellow-4-cross"]],
    ...     [["red-3-cross"], ["green-2-square"]],
    ... )
    >>> print(text(duo.view(state, 0)))
    Duo · round 1 · Player 0 (you) to play
    Draw pile 69 · 10 points win the match
    <BLANKLINE>
    Pile 0: R3✚ (1 card)    Pile 1: G2■ (1 card)
    <BLANKLINE>
    ▶ Player 0 (you) 3 cards: B1■ R3● J:2
      Player 1       2 cards: ▒ ▒
    <BLANKLINE>
    Key: colours B blue, R red, Y yellow, G green
         shapes ● circle, ■ square, ▲ triangle, ✚ cross
         J: a joker, then its one feature · T* Turbo-joker
    """
    t = _Table.of(table, tr)
    lines = [
        _status(t),
        tr("Draw pile {count} · {target} points win the match").format(
            count=t.draw_pile_size, target=t.target
        ),
    ]
    if t.pile_tops:
        piles = []
        for i, (top, size) in enumerate(zip(t.pile_tops, t.pile_sizes, strict=True)):
            mark = " " + tr("◀ this turn") if i == t.turn_pile else ""
            piles.append(_pile(t, i, top, size) + mark)
        lines += ["", "    ".join(piles)]
    lines.append("")
    width = max(14, *(len(t.name(p)) for p in range(t.players)))
    for p in range(t.players):
        hand = t.hands[p]
        cards = [BACK] * hand if isinstance(hand, int) else [label(c, tr) for c in hand]
        marker = "▶" if p == t.turn and t.phase is Phase.TURN else " "
        lines += _hand_line(t, p, cards, marker, width)
    if t.phase is not Phase.DEAL:
        key = tr("Key: ")
        lines += ["", *_flow(key, [tr(part) for part in LEGEND], " · ")]
    scores = _scores(t)
    if scores:
        lines += ["", *scores]
    return "\n".join(lines)


LEGEND = [
    "colours B blue, R red, Y yellow, G green",
    "shapes ● circle, ■ square, ▲ triangle, ✚ cross",
    "J: a joker, then its one feature",
    "T* Turbo-joker",
]
"""How the text writes cards, shown under the table."""


def move(table: State | View, action: PlayerAction, tr: Words = english) -> str:
    """A player's action in words, with the card as the table writes it; ``tr`` puts
    them in the reader's language.

    >>> from rulespec.duo.actions import Draw, Play, Stop
    >>> from rulespec.duo.cards import parse_card
    >>> import rulespec
    >>> state = rulespec.game("duo").start(2, seed=1)
    >>> move(state, Play(0, parse_card("red-3-triangle"), 1)), move(state, Stop(0))
    ('play R3▲ on pile 1', 'end the turn')
    """
    if isinstance(action, Play):
        return tr("play {card} on pile {pile}").format(
            card=label(action.card, tr), pile=action.pile
        )
    if isinstance(action, Stop):
        return tr("end the turn")
    return tr("draw a card (the turn ends)")


def outcome(
    before: State | View, after: State | View, action: PlayerAction, tr: Words = english
) -> str | None:
    """What ``action`` showed the table or its viewer: the card a viewer drew (``tr``
    puts it in the reader's language).

    The others see that a card was drawn, never which.
    """
    if not isinstance(action, Draw):
        return None
    old, new = _Table.of(before).hands, _Table.of(after).hands
    if action.player >= len(new) or isinstance(new[action.player], int):
        return None
    drawn = list(new[action.player])  # type: ignore[arg-type]
    for card in old[action.player]:  # type: ignore[union-attr]
        drawn.remove(card)
    if not drawn:
        return None
    return tr("the card drawn: {cards}").format(cards=" ".join(label(c, tr) for c in drawn))


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value).replace("-", "−")


def round_end(
    before: State, after: State, viewer: int | None = None, tr: Words = english
) -> str | None:
    """What the table sees when the step from ``before`` to ``after`` ends a round: who
    ended it and why, the piles and every hand as they lie, and how each round score was
    made, with the ids of the clauses that made it; ``None`` when no round ended. ``tr``
    puts the words in the reader's language.

    >>> import rulespec
    >>> from rulespec.duo.actions import Play
    >>> from rulespec.duo.cards import parse_card
    >>> duo = rulespec.game("duo")
    >>> state = duo.position([["red-3-circle"], ["joker-green", "yellow-4-cross"]],
    ...                      [["red-3-cross"], ["green-2-square"]])
    >>> after = duo.apply(state, Play(0, parse_card("red-3-circle"), 0))
    >>> print(round_end(state, after, viewer=0))
    === Round 1 is over ===
    Player 0 (you) placed their last card and wins the round (duo.round.out).
    <BLANKLINE>
    Pile 0: R3● (2 cards)    Pile 1: G2■ (1 card)
      Player 0 (you) 0 cards: none
      Player 1       2 cards: Y4✚ J:G
    <BLANKLINE>
    Round scores:
      Player 0 (you)  +2: one point per card left in the other hands (duo.score.out)
      Player 1        0: only the winner of the round scores (duo.score.out)
    Totals after round 1: Player 0 (you) 2, Player 1 0
    The first to reach 10 points wins the match (duo.game.target)
    """
    if len(after.round_scores) <= len(before.round_scores):
        return None
    t = attrs.evolve(_Table.of(after, tr), viewer=viewer)
    number = len(after.round_scores)
    scores = after.round_scores[-1]
    out = [p for p, hand in enumerate(after.hands) if not hand]
    if out:
        why = tr("{player} placed their last card and wins the round (duo.round.out).")
        why = why.format(player=t.name(out[0]))
    else:
        why = tr(
            "The draw pile ran out at {player}'s draw: the round ends with no winner "
            "(duo.round.exhausted)."
        ).format(player=t.name(before.turn))
    lines = [tr("=== Round {round} is over ===").format(round=number), why, ""]
    piles = [
        _pile(t, i, top, size)
        for i, (top, size) in enumerate(zip(t.pile_tops, t.pile_sizes, strict=True))
    ]
    lines.append("    ".join(piles))
    width = max(len(t.name(p)) for p in range(t.players))
    for p, hand in enumerate(after.hands):
        lines += _hand_line(t, p, [label(c, tr) for c in hand], " ", width)
    lines += ["", tr("Round scores:")]
    for p, score in enumerate(scores):
        if not out:
            made = tr("one point lost per card held (duo.score.exhausted)")
        elif p == out[0]:
            made = tr("one point per card left in the other hands (duo.score.out)")
        else:
            made = tr("only the winner of the round scores (duo.score.out)")
        lines.append(f"  {t.name(p):<{width}}  {_signed(score)}: {made}")
    totals = ", ".join(f"{t.name(p)} {str(v).replace('-', '−')}" for p, v in enumerate(t.totals()))
    lines.append(tr("Totals after round {round}: {totals}").format(round=number, totals=totals))
    lines.append(
        tr("The first to reach {target} points wins the match (duo.game.target)").format(
            target=t.target
        )
    )
    return "\n".join(lines)


HELP = """\
Play cards from your hand on one pile, one at a time, as many as you like (all on the same
pile this turn). A card goes on the top card when two of their three features match:
colour and number, colour and shape, or number and shape. A joker shows one feature: it goes
on a card with that feature, and on a joker any card with that feature goes. After one card
you may end the turn; if you play none, draw a card and the turn ends.
A round ends as soon as a player places their last card: they win the round and score one
point per card left in the other hands; the others score nothing. If the draw pile runs out
first, the round has no winner and each player loses one point per card they hold. After
each round, a player whose total reaches the target wins the match (only the round's
winner scores, so two players never reach it together); otherwise a new round is dealt.
The table: a card is written colour letter, number, shape: R3▲ is red-3-triangle.
  J:G, J:2  a joker and its one feature (here green, and 2)    T*  a Turbo-joker
  ▒         a card you cannot see          ▶  the player on turn
  Pile 0    the top card of a discard pile, with how many cards it holds; ◀ this turn
            marks the pile chosen this turn, the only one you may play on until it ends"""
"""What the moves mean, for a player at the terminal."""


# -- a move told for the worked examples ------------------------------------------------

Mark = tuple[str, Card]
"""A card where it lies: ``("player-0", card)`` in a hand, ``("pile-1", card)`` on a pile."""


def _words(card: Card, tr: Words = english) -> str:
    """A card in words: "the red 3 circle", "the joker 2", "the cross joker", "a
    Turbo-joker"."""
    return _named(card, tr, _WORDS)


_WORDS = (
    "a Turbo-joker",
    "the {colour} {{number}} {{shape}}",
    "the {colour} joker",
    "the joker {{number}}",
    "the {shape} joker",
)
"""How :func:`_words` names the cards (see :data:`_HOVER`)."""


def marks(table: State | View, action: object) -> tuple[frozenset[Mark], frozenset[Mark]]:
    """The card to mark before and after ``action``: a card played, in the hand, then
    on the pile; a card drawn, in the hand it joins (when ``table`` shows the draw
    pile, as a whole state does).

    >>> from rulespec.duo.actions import Draw, Play
    >>> from rulespec.duo.cards import parse_card
    >>> import rulespec
    >>> state = rulespec.game("duo").start(2, seed=1)
    >>> card = parse_card("red-3-triangle")
    >>> marks(state, Play(0, card, 1)) == ({("player-0", card)}, {("pile-1", card)})
    True
    >>> marks(state, Draw(0)) == (set(), {("player-0", state.draw_pile[0])})
    True
    """
    if isinstance(action, Play):
        return (
            frozenset({(f"player-{action.player}", action.card)}),
            frozenset({(f"pile-{action.pile}", action.card)}),
        )
    if isinstance(action, Draw) and isinstance(table, State) and table.draw_pile:
        return frozenset(), frozenset({(f"player-{action.player}", table.draw_pile[0])})
    return frozenset(), frozenset()


def narrate(table: State | View, action: object, tr: Words = english) -> str:
    """``action`` in words, in the third person.

    >>> from rulespec.duo.actions import Draw, Play
    >>> from rulespec.duo.cards import parse_card
    >>> import rulespec
    >>> state = rulespec.game("duo").start(2, seed=1)
    >>> narrate(state, Play(0, parse_card("red-3-triangle"), 1))
    'Player 0 places the red 3 triangle on pile 1.'
    >>> narrate(state, Draw(0))
    'Player 0 draws the top card of the draw pile, and their turn ends.'
    """
    if isinstance(action, Play):
        return tr("Player {player} places {card} on pile {pile}.").format(
            player=action.player, card=_words(action.card, tr), pile=action.pile
        )
    if isinstance(action, Stop):
        return tr("Player {player} ends their turn.").format(player=action.player)
    if isinstance(action, Draw):
        return tr(
            "Player {player} draws the top card of the draw pile, and their turn ends."
        ).format(player=action.player)
    return str(action)


# -- SVG -------------------------------------------------------------------------------

CARD_W = 46.0
CARD_H = 66.0
BIG = 1.4
"""The scale of the piles' top cards."""
MARGIN = 16.0
INK = "#222222"
BACK_FILL = "#B03A2E"
FILLS = {"blue": "#0072B2", "red": "#D55E00", "yellow": "#F0E442", "green": "#009E73"}
"""Symbol colours (Okabe–Ito shades of the four colours)."""
TINTS = {"blue": "#E3F0F9", "red": "#FBE9DE", "yellow": "#FDFBE0", "green": "#DFF3EC"}
PER_ROW = 10
"""The most cards of a shown hand in one row; a longer hand takes more rows."""
BACKS_SHOWN = 8
"""The most card backs drawn for a hidden hand, fanned; its size is written beside."""
FAN = 12.0
"""How far apart the fanned backs of a hidden hand lie."""
HAND_X = 130.0
"""Where the hands' cards start, right of the players' names."""


_LAYOUTS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0, 0),),
    2: ((0, -1), (0, 1)),
    3: ((0, -1.1), (-1, 0.9), (1, 0.9)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
}
"""Where a card's symbols stand, in symbol widths from its centre, by its number."""


def _shape(shape: int, cx: float, cy: float, r: float, fill: str) -> str:
    """One symbol: circle, square, triangle or cross, centred on (cx, cy)."""
    common: dict[str, object] = {"fill": fill, "stroke": INK, "stroke_width": 0.8}
    if shape == 0:
        return s.circle(cx, cy, r, class_="symbol", **common)
    if shape == 1:
        return s.rect(cx - r, cy - r, 2 * r, 2 * r, class_="symbol", **common)
    if shape == 2:
        points = f"{s.number(cx)},{s.number(cy - r)} {s.number(cx + r)},{s.number(cy + r)} " + (
            f"{s.number(cx - r)},{s.number(cy + r)}"
        )
        return s.element("polygon", points=points, class_="symbol", **common)
    w = r / 2.6
    d = (
        f"M{s.number(cx - w)} {s.number(cy - r)}h{s.number(2 * w)}v{s.number(r - w)}"
        f"h{s.number(r - w)}v{s.number(2 * w)}h{s.number(w - r)}v{s.number(r - w)}"
        f"h{s.number(-2 * w)}v{s.number(w - r)}h{s.number(w - r)}v{s.number(-2 * w)}"
        f"h{s.number(r - w)}z"
    )
    return s.element("path", d=d, class_="symbol", **common)


def _card(
    x: float,
    y: float,
    card: Card | None,
    owner: str,
    scale: float = 1.0,
    marked: frozenset[Mark] = frozenset(),
    tr: Words = english,
) -> str:
    """A card face (symbols as many as its number, in its colour, and its short label),
    or its back when ``card`` is ``None``; a halo behind it when it is ``marked``."""
    w, h = CARD_W * scale, CARD_H * scale
    if card is not None and (owner, card) in marked:
        return s.mark(x, y, w, h) + _card(x, y, card, owner, scale, tr=tr).replace(
            'class="card"', 'class="card moved"', 1
        )
    if card is None:
        return s.element(
            "g",
            s.title(tr("a card")),
            s.rect(x, y, w, h, rx=5, fill=BACK_FILL, stroke=INK),
            s.centred(
                "DUO", x + w / 2, y + h / 2 + 4, 11 * scale, font_weight="bold", fill="white"
            ),
            class_="card back",
            data_owner=owner,
        )
    colour, number, shape = features(card)
    tint = TINTS[COLOURS[colour]] if colour is not None else "white"
    ink = FILLS[COLOURS[colour]] if colour is not None else "#777777"
    parts = [
        s.title(hover(card, tr)),
        s.rect(x, y, w, h, rx=5, fill=tint, stroke=INK),
        s.text(
            corner(card),
            x=x + 4 * scale,
            y=y + 12 * scale,
            class_="name",
            font_family="sans-serif",
            font_size=11 * scale,
            font_weight="bold",
            fill=INK,
        ),
    ]
    r = 5.5 * scale
    if card == TURBO or (number is None and shape is None and colour is None):
        parts.append(
            s.centred("TURBO", x + w / 2, y + h / 2 + 6, 11 * scale, font_weight="bold", fill=INK)
        )
    elif number is not None and shape is not None:
        u = 1.3 * r
        for dx, dy in _LAYOUTS[NUMBERS[number]]:
            parts.append(_shape(shape, x + w / 2 + dx * u, y + h / 2 + 5 * scale + dy * u, r, ink))
    else:
        word = tr("JOKER")
        room = w - 4 * scale
        squeeze = s.text_width(word, 11 * scale) > room
        parts.append(
            s.centred(
                word,
                x + w / 2,
                y + h - 6 * scale,
                11 * scale,
                fill=INK,
                textLength=room if squeeze else None,
                lengthAdjust="spacingAndGlyphs" if squeeze else None,
            )
        )
        if shape is not None:
            parts.append(_shape(shape, x + w / 2, y + h / 2 + 2, r * 1.4, "white"))
        elif number is not None:
            parts.append(
                s.centred(
                    str(NUMBERS[number]),
                    x + w / 2,
                    y + h / 2 + 8 * scale,
                    22 * scale,
                    font_weight="bold",
                    fill=INK,
                )
            )
        else:
            parts.append(s.circle(x + w / 2, y + h / 2, r * 1.6, fill=ink, stroke=INK))
    return s.element("g", *parts, class_="card", data_card=card_name(card), data_owner=owner)


def _text(x: float, y: float, content: str, **attributes: object) -> str:
    attributes.setdefault("font_size", 12)
    attributes.setdefault("font_family", "sans-serif")
    return s.text(content, x=x, y=y, fill=INK, **attributes)


def _cards(count: int, tr: Words = english) -> str:
    return (tr("1 card") if count == 1 else tr("{count} cards")).format(count=count)


def _hand(
    p: int,
    hand: tuple[Card, ...] | int,
    y: float,
    marked: frozenset[Mark],
    tr: Words = english,
    x: float = HAND_X,
    per_row: int = PER_ROW,
) -> list[str]:
    """A hand from (``x``, ``y``): its cards in rows of ``per_row``, or its backs fanned."""
    if isinstance(hand, int):
        backs = [
            _card(x + k * FAN, y, None, f"player-{p}", tr=tr) for k in range(min(hand, BACKS_SHOWN))
        ]
        if hand > BACKS_SHOWN:
            more_x = x + (BACKS_SHOWN - 1) * FAN + CARD_W + 8
            more = tr("… {count} more").format(count=hand - BACKS_SHOWN)
            backs.append(_text(more_x, y + CARD_H / 2 + 4, more))
        return backs
    return [
        _card(
            x + (k % per_row) * (CARD_W + 6),
            y + (k // per_row) * (CARD_H + 8),
            card,
            f"player-{p}",
            marked=marked,
            tr=tr,
        )
        for k, card in enumerate(hand)
    ]


def _hand_size(
    hand: tuple[Card, ...] | int, x: float = HAND_X, per_row: int = PER_ROW
) -> tuple[float, float]:
    """The width (from the picture's left edge) and height that :func:`_hand` takes."""
    if isinstance(hand, int):
        shown = min(hand, BACKS_SHOWN)
        width = x + max(shown - 1, 0) * FAN + CARD_W
        return width + (110 if hand > BACKS_SHOWN else 0), CARD_H
    rows = max(1, -(-len(hand) // per_row))
    return x + min(len(hand), per_row) * (CARD_W + 6), rows * (CARD_H + 8) - 8


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

    Each card is a ``<g class="card">`` (``data-owner`` says whose hand or
    which pile), showing its short label and as many symbols as its number;
    a card the viewer cannot see is a ``<g class="card back">``, at most
    eight of them for a hand, with the rest counted. A shown hand takes rows
    of ten cards. The cards in ``marked`` (see :func:`marks`) get a halo,
    ``<rect class="moved">``. The title wraps to the picture's width. A card's
    corner shows its colour as a mark (:func:`corner`), named in the key at the
    bottom (``<g class="key">``); its ``<title>`` names it (:func:`hover`).

    ``width`` (in units) lays the table out for a narrow column, such as
    :data:`rulespec.drawing.svg.NARROW`: each player's name and count stand above
    their hand, whose cards wrap into rows as wide as ``width``.

    >>> import rulespec, xml.etree.ElementTree as ET
    >>> duo = rulespec.game("duo")
    >>> root = ET.fromstring(svg(duo.view(duo.start(3, seed=2), 0), size=500))
    >>> len(root.findall(".//{*}g[@class='card back']"))  # the two other hands
    14
    >>> narrow = ET.fromstring(svg(duo.start(3, seed=2), width=320))
    >>> float(narrow.get("width")) <= 320
    True
    """
    t = _Table.of(table, tr)
    chosen = frozenset(marked)
    narrow = width is not None
    hand_x = MARGIN if narrow else HAND_X
    per_row = PER_ROW
    if width is not None:
        per_row = max(1, int((width - 2 * MARGIN + 6) // (CARD_W + 6)))
    piles = tr("draw pile {count} · {target} points win").format(
        count=t.draw_pile_size, target=t.target
    )
    parts = [_text(MARGIN, 18, piles)]
    y = 34.0
    x = MARGIN
    if t.pile_tops:
        for i, (top, count) in enumerate(zip(t.pile_tops, t.pile_sizes, strict=True)):
            for k in range(min(count - 1, 6), 0, -1):
                parts.append(
                    s.rect(
                        x + 2.5 * k,
                        y + 2.5 * k,
                        CARD_W * BIG,
                        CARD_H * BIG,
                        rx=5,
                        fill="white",
                        stroke=INK,
                        stroke_width=0.6,
                        class_="under",
                    )
                )
            parts.append(_card(x, y, top, f"pile-{i}", BIG, chosen, tr))
            caption = tr("pile {pile} ({cards})").format(pile=i, cards=_cards(count, tr))
            turn = "◀ " + tr("this turn") if i == t.turn_pile else ""
            below = y + CARD_H * BIG + 30
            if narrow and turn:
                parts.append(_text(x, below - 13, caption, font_size=11))
                parts.append(_text(x, below, turn, font_size=11))
            else:
                parts.append(_text(x, below, f"{caption} {turn}".rstrip(), font_size=11))
            x += CARD_W * BIG + (80 if narrow else 90)
        y += CARD_H * BIG + 48
    widest = max(x, 420.0) if width is None else min(max(x, 420.0), width)
    for p in range(t.players):
        hand = t.hands[p]
        on_turn = p == t.turn and t.phase is Phase.TURN
        count = hand if isinstance(hand, int) else len(hand)
        name = ("▶ " if on_turn else "") + t.name(p)
        bold = "bold" if on_turn else None
        if narrow:
            after = MARGIN + s.text_width(name, 12, bold=on_turn) + 10
            heads = [
                _text(MARGIN, y + 14, name, font_weight=bold),
                _text(after, y + 14, _cards(count, tr)),
            ]
            hand_y = y + 22
            widest = max(widest, after + s.text_width(_cards(count, tr), 12) + MARGIN)
        else:
            heads = [
                _text(MARGIN, y + 14, name, font_weight=bold),
                _text(MARGIN, y + 30, _cards(count, tr)),
            ]
            hand_y = y
        row = [*heads, *_hand(p, hand, hand_y, chosen, tr, hand_x, per_row)]
        hand_w, hand_h = _hand_size(hand, hand_x, per_row)
        widest = max(widest, hand_w + MARGIN)
        parts.append(s.element("g", *row, class_="hand", data_player=p))
        y = hand_y + hand_h + 12
    if t.round_scores:
        rows = [
            ("", *(tr("P{player}").format(player=p) for p in range(t.players))),
            *(
                (tr("round {round}").format(round=i + 1), *map(str, r))
                for i, r in enumerate(t.round_scores)
            ),
            (tr("total"), *map(str, t.totals())),
        ]
        cells = [
            _text(
                MARGIN + (60 + 32 * j if j else 0),
                y + 14 + 16 * i,
                value,
                text_anchor="end" if j else None,
                font_weight="bold" if i in (0, len(rows) - 1) else None,
            )
            for i, row in enumerate(rows)
            for j, value in enumerate(row)
        ]
        parts.append(s.element("g", *cells, class_="scores"))
        y += 16 * len(rows) + 8
    if t.phase is not Phase.DEAL:
        names = " · ".join(f"{m} {tr(c)}" for m, c in zip(COLOUR_MARKS, COLOURS, strict=True))
        said = tr("colours: {marks}").format(marks=names)
        key, more = s.heading(said, MARGIN, y + 10, widest - 2 * MARGIN, 11, fill=INK)
        parts.append(s.element("g", key, class_="key"))
        y += 18 + more
    title, extra = s.heading(
        _status(t), MARGIN, MARGIN + 10, widest - 2 * MARGIN, 13, font_weight="bold", fill=INK
    )
    shift = MARGIN + 10 + extra
    body = [title, s.element("g", *parts, transform=f"translate(0 {s.number(shift)})")]
    return s.document(body, widest, y + shift + MARGIN, size=size, label=_status(t))


register(State, View, text=text, svg=svg)
